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
import type { Seller } from './seller';
import { createSessionLookup } from './session-lookup';

declare module 'fastify' {
  interface FastifyRequest {
    seller: Seller | null;
  }
  interface FastifyInstance {
    /** preHandler: answers 401 without a session; otherwise sets `request.seller` from it. */
    requireSeller: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
    /**
     * Runs `work` in one transaction limited (by RLS) to the signed-in seller's rows. GET and HEAD
     * read; any other method writes and shares the shop with other writes (AcessoLoja), unless
     * `acesso` says otherwise (a restore holds the shop alone).
     */
    sellerTx: <T>(request: FastifyRequest, work: (tx: Tx, seller: Seller) => Promise<T>, acesso?: AcessoLoja) => Promise<T>;
  }
}

export const sessionPlugin = fp(async (app: FastifyInstance, { auth, db }: { auth: Auth; db: Database }) => {
  app.decorateRequest('seller', null);
  const lookup = await createSessionLookup(auth, db);

  app.decorate('requireSeller', async (request: FastifyRequest, reply: FastifyReply) => {
    // The common case in one query; better-auth answers the rest (session-lookup.ts).
    const seller = await lookup(request.headers.cookie);
    if (seller) {
      request.seller = seller;
      return;
    }
    const result = await auth.api.getSession({ headers: fromNodeHeaders(request.headers), returnHeaders: true });
    const session = result.response;
    // A session due for extension gets a refreshed cookie, an expired one a cleared cookie: pass them on.
    const cookies = result.headers?.getSetCookie?.() ?? [];
    if (cookies.length) reply.header('set-cookie', cookies);
    if (!session) throw new AppError('UNAUTHENTICATED', 401, { message: 'Usuário não autenticado' });
    request.seller = { id: session.user.id, nome: session.user.name, email: session.user.email };
  });

  app.decorate('sellerTx', async <T>(request: FastifyRequest, work: (tx: Tx, seller: Seller) => Promise<T>, acesso?: AcessoLoja) => {
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
        return checkResponse(request, await comAutor(autorDaPessoa(seller, request.ip, writeTime(app.clock)), () => work(tx, seller)));
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
