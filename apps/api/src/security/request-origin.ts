import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AppError } from '../lib/errors';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * `'allow'` exempts a state-changing route from the same-origin check. Only for endpoints
     * that other sites or servers call by design and that act on no session: the payment
     * webhook and the public customer-page endpoints. Every exemption needs a comment saying why.
     */
    crossSite?: 'allow';
    /** The Cache-Control of the route's answers instead of `no-store` (app.ts): only for answers with no shop data. */
    cacheControl?: string;
  }
}

const STATE_CHANGING = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function isApi(url: string) {
  return url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');
}

function hasBody(request: FastifyRequest) {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}

function isJson(contentType: string | undefined) {
  return (contentType ?? '').split(';')[0]!.trim().toLowerCase() === 'application/json';
}

const crossSite = () =>
  new AppError('CROSS_SITE_REQUEST', 403, { message: 'Pedido recusado: ele não veio das páginas do Caderneta.' });
const notJson = () => new AppError('UNSUPPORTED_MEDIA_TYPE', 415, { message: 'Envie o corpo como application/json.' });

/**
 * One check for every state-changing request under /api (ASVS 3.5): it must come from the app's
 * own pages, and a body must be JSON.
 *
 * - An `Origin` header must be one of `origins` (`null` and foreign origins are refused).
 * - Without `Origin`, a browser's `Sec-Fetch-Site` other than `same-origin`/`none` is refused,
 *   and so is a request that carries cookies: browsers send `Origin` on every POST/PUT/PATCH/
 *   DELETE, so a cookie without it is not our page. Clients without cookies (the operator CLI,
 *   scripts with a token) have no ambient authority to abuse and pass.
 * - A body, or a `Content-Type`, must be `application/json`: `text/plain`, form and multipart
 *   posts are what a foreign page can send without a CORS preflight.
 */
export function registerRequestOriginCheck(app: FastifyInstance, origins: readonly string[]) {
  const allowed = new Set(origins);
  // A plain callback, not an async hook: it runs on every request, and most pass at the first line.
  app.addHook('onRequest', (request, _reply, done) => {
    try {
      checkOrigin(request, allowed);
      done();
    } catch (error) {
      done(error as Error);
    }
  });
}

function checkOrigin(request: FastifyRequest, allowed: ReadonlySet<string>): void {
  if (!STATE_CHANGING.has(request.method) || !isApi(request.url)) return;
  if (request.routeOptions.config?.crossSite === 'allow') return;

  const origin = request.headers.origin;
  if (origin !== undefined) {
    if (!allowed.has(origin)) throw crossSite();
  } else {
    const site = request.headers['sec-fetch-site'];
    if (site !== undefined && site !== 'same-origin' && site !== 'none') throw crossSite();
    if (request.headers.cookie) throw crossSite();
  }

  const contentType = request.headers['content-type'];
  if ((contentType !== undefined || hasBody(request)) && !isJson(contentType)) throw notJson();
}
