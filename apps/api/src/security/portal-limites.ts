import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors';
import { clientKey } from './client-key';
import { hitRateLimit, peekRateLimit } from './rate-limit-store';

const FIFTEEN_MINUTES = 15 * 60_000;

/** Recognises a browser that opened a code's page before (modules/portal/acesso-cookie.ts). */
export interface AcessoReconhecido {
  valido(cookie: string | undefined, login: string, agora: Date): boolean;
}

/**
 * The customer page's rate-limit policy, beside the other limits (the numbers are the README's,
 * `config.rateLimits`): per access code, per address, and the misses of an address. The routes
 * that take a code (`/api/portal/:login…`) use these as preHandlers and onSend hooks.
 */
export function limitesDoPortal(app: FastifyInstance, acesso: AcessoReconhecido) {
  const limits = app.config.rateLimits;
  const tooMany = () => new AppError('RATE_LIMITED', 429, { message: 'Muitas tentativas. Aguarde e tente novamente.' });

  /** Per access code, whatever the address: guessing or hammering one code is limited too. */
  const perCode = (scope: string, max: number) => async (request: FastifyRequest) => {
    const { login } = request.params as { login: string };
    const hit = await hitRateLimit(app.db, `${scope}:${login}`, FIFTEEN_MINUTES);
    if (hit.current > max) throw tooMany();
  };
  /**
   * The page's per-code limit, except for a browser that opened this code's page before (its signed
   * cookie, acesso-cookie.ts): 80 lookups from 80 addresses no longer lock the customer out of
   * their own page for 15 minutes. Guessing stays limited: a guess has no cookie, and the
   * per-address limits count every request.
   */
  const pagePerCode = perCode('portal-codigo', limits.portalLookupPerCode);
  const pagePerCodeUnlessKnown = async (request: FastifyRequest) => {
    const { login } = request.params as { login: string };
    if (acesso.valido(request.headers.cookie, login, app.clock.now())) return;
    await pagePerCode(request);
  };

  /**
   * Per address (an IPv6 client by its /64, as every per-address limit), the codes that opened no
   * customer page (CLIENTE_NAO_ENCONTRADO: unknown, or a deactivated customer's; not a real code's
   * unknown payment id). A code is a first name and 5 digits, so the per-address limit alone let one
   * address try ~1,800 codes an hour; a customer mistypes theirs a few times at most. Counted before
   * the answer leaves (onSend), so the next request from that address already sees it; checked
   * before the handler runs.
   */
  const missKey = (request: FastifyRequest) => `portal-erros:${clientKey(request.ip)}`;
  const fewMisses = async (request: FastifyRequest) => {
    if ((await peekRateLimit(app.db, missKey(request))) >= limits.portalMisses) throw tooMany();
  };
  const semPagina = new WeakSet<FastifyRequest>();
  /** `work` of a request that names a code: an answer that the code opens no page marks the request. */
  const peloCodigo = <T>(request: FastifyRequest, work: Promise<T>): Promise<T> =>
    work.catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'CLIENTE_NAO_ENCONTRADO') semPagina.add(request);
      throw error;
    });
  const countMiss = async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
    if (semPagina.has(request)) await hitRateLimit(app.db, missKey(request), FIFTEEN_MINUTES);
    return payload;
  };

  return { perCode, pagePerCodeUnlessKnown, fewMisses, countMiss, peloCodigo };
}
