import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { fromNodeHeaders } from 'better-auth/node';
import { AppError } from '../lib/errors';
import { writeTime } from '../lib/clock';
import { autorDaPessoa, comAutor } from '../modules/auditoria/auditoria.service';
import { checkedResponse } from '../lib/response-schema';
import type { AcessoLoja, Database, Tx } from '../db/client';
import { withSeller } from '../db/client';
import type { Auth } from './auth';
import type { Permissao } from '@caderneta/shared';
import { pode, semPermissao, type Seller } from './seller';
import { PERMISSOES_DAS_ROTAS, type PermissaoDaRota } from './permissoes-das-rotas';
import { createSessionLookup, sellerDoUsuario } from './session-lookup';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * What a signed-in person must be allowed to do to call the route (issue 37), given from
     * PERMISSOES_DAS_ROTAS when the route is registered.
     */
    permissao?: PermissaoDaRota;
  }
  interface FastifyRequest {
    seller: Seller | null;
  }
  interface FastifyInstance {
    /** preHandler: answers 401 without a session; otherwise sets `request.seller` from it. */
    requireSeller: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * Runs `work` in one transaction limited (by RLS) to the signed-in seller's rows. GET and HEAD
     * read; any other method writes and shares the shop with other writes (AcessoLoja), unless
     * `acesso` says otherwise (a restore holds the shop alone). The work's result is the route's
     * answer and is checked against its schema, unless `{ parte: true }`: the work answers only
     * part of it, which the route completes after the commit (an e-mail sent, then its outcome).
     */
    sellerTx: <T>(request: FastifyRequest, work: (tx: Tx, seller: Seller) => Promise<T>, opcoes?: AcessoLoja | OpcoesDaTx) => Promise<T>;
  }
}

/** Whether `seller` may call a route that asks for `exigida`; the permission missing, or null. */
export function permissaoQueFalta(seller: Seller, exigida: PermissaoDaRota): Permissao | null {
  if (exigida === 'todos') return null;
  const algumas = typeof exigida === 'string' ? [exigida] : exigida;
  return algumas.some((p) => pode(seller, p)) ? null : algumas[0]!;
}

export interface OpcoesDaTx {
  acesso?: AcessoLoja;
  parte?: boolean;
}

export const sessionPlugin = fp(async (app: FastifyInstance, { auth, db }: { auth: Auth; db: Database }) => {
  app.decorateRequest('seller', null);
  const lookup = await createSessionLookup(auth, db);

  async function requireSeller(request: FastifyRequest, reply: FastifyReply) {
    const seller = await signedIn(request, reply);
    request.seller = seller;
    // Fails closed: a route without a declared permission (start-up refuses them) lets nobody in.
    const falta = permissaoQueFalta(seller, request.routeOptions.config.permissao ?? 'equipe');
    if (falta) throw semPermissao(falta);
  }
  app.decorate('requireSeller', requireSeller);
  // Each route behind the session gets its entry of the table; one without is a mistake caught at
  // start-up. The session and the permission are checked before the body is validated (a
  // preHandler runs after): someone signed out gets 401 and a person without the permission 403,
  // whatever they send, and neither learns what the route would accept.
  app.addHook('onRoute', (route) => {
    const preHandlers = [route.preHandler ?? []].flat();
    const naSessao = preHandlers.includes(requireSeller);
    if (!naSessao && ![route.onRequest ?? []].flat().includes(requireSeller)) return;
    for (const method of [route.method].flat()) {
      if (method === 'HEAD') continue;
      // A route may say it itself (a test's own routes); the app's are all in the table.
      const permissao = route.config?.permissao ?? PERMISSOES_DAS_ROTAS[`${method} ${route.url}`];
      if (permissao === undefined) throw new Error(`${method} ${route.url} is behind requireSeller but not in PERMISSOES_DAS_ROTAS`);
      route.config = { ...route.config, permissao };
    }
    if (naSessao) {
      route.preHandler = preHandlers.filter((handler) => handler !== requireSeller);
      route.preValidation = [requireSeller, ...[route.preValidation ?? []].flat()];
    }
  });

  async function signedIn(request: FastifyRequest, reply: FastifyReply): Promise<Seller> {
    // The common case in one query; better-auth answers the rest (session-lookup.ts).
    const seller = await lookup(request.headers.cookie);
    if (seller) return seller;
    const result = await auth.api.getSession({ headers: fromNodeHeaders(request.headers), returnHeaders: true });
    const session = result.response;
    // A session due for extension gets a refreshed cookie, an expired one a cleared cookie: pass them on.
    const cookies = result.headers?.getSetCookie?.() ?? [];
    if (cookies.length) reply.header('set-cookie', cookies);
    const pessoa = session && (await sellerDoUsuario(db, session.user.id, session.session.id));
    if (!pessoa) throw new AppError('UNAUTHENTICATED', 401, { message: 'Usuário não autenticado' });
    return pessoa;
  }

  app.decorate('sellerTx', async <T>(request: FastifyRequest, work: (tx: Tx, seller: Seller) => Promise<T>, opcoes?: AcessoLoja | OpcoesDaTx) => {
    const { acesso, parte } = typeof opcoes === 'string' ? { acesso: opcoes, parte: false } : (opcoes ?? {});
    const seller = request.seller;
    if (!seller) throw new AppError('UNAUTHENTICATED', 401, { message: 'Usuário não autenticado' });
    const le = request.method === 'GET' || request.method === 'HEAD';
    return withSeller(
      db,
      seller.id,
      async (tx) => {
        // Checked here, inside the transaction: an answer that cannot be sent rolls the work back
        // instead of failing after commit (a saved sale answered with a 500 is retried and doubled).
        // Every change the work records in the audit trail is this person's, from this address.
        const result = await comAutor(autorDaPessoa({ id: seller.pessoa.userId, nome: seller.nome }, request.ip, writeTime(app.clock)), () => work(tx, seller));
        return parte ? result : checkResponse(request, result);
      },
      acesso ?? (le ? 'leitura' : 'escrita'),
    );
  });
});

interface SafeParser {
  safeParse(value: unknown): { success: boolean; data?: unknown; error?: unknown };
}

/**
 * Validates `result` against the route's success response schema (its only 2xx entry with a
 * body), if any, and returns the schema's output, which the serializer then sends unchecked.
 */
function checkResponse<T>(request: FastifyRequest, result: T): T {
  const responses = (request.routeOptions.schema?.response ?? {}) as Record<string, unknown>;
  const success = Object.entries(responses).filter(([status]) => /^2\d\d$/.test(status) && status !== '204');
  if (success.length !== 1) return result;
  const schema = success[0]![1] as Partial<SafeParser>;
  if (typeof schema.safeParse !== 'function') return result;
  const parsed = schema.safeParse(result);
  if (!parsed.success) {
    request.log.error({ err: parsed.error }, 'response did not match its schema; transaction rolled back');
    throw new AppError('INTERNAL', 500, { message: 'Erro interno' });
  }
  return checkedResponse(parsed.data as T);
}
