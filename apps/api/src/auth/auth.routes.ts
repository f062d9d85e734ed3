import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { RateLimits } from '../config';
import type { Auth } from './auth';

/** better-auth's error codes, mapped to the ones the web translates. */
const CODE_MAP: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'INVALID_CREDENTIALS',
  INVALID_EMAIL: 'VALIDATION',
  INVALID_TOKEN: 'INVALID_TOKEN',
  PASSWORD_TOO_SHORT: 'PASSWORD_TOO_SHORT',
  PASSWORD_TOO_LONG: 'VALIDATION',
  USER_NOT_FOUND: 'INVALID_CREDENTIALS',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'INVALID_CREDENTIALS',
  FAILED_TO_GET_SESSION: 'UNAUTHENTICATED',
  SESSION_EXPIRED: 'UNAUTHENTICATED',
};

/** Copies a Fetch Response from better-auth onto Fastify's reply, cookies included. */
export async function sendFetchResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  const text = await response.text();
  if (response.status >= 400 && (response.headers.get('content-type') ?? '').includes('application/json')) {
    try {
      const body = JSON.parse(text) as { code?: string; message?: string };
      const code = (body.code && CODE_MAP[body.code]) ?? body.code ?? (response.status === 401 ? 'UNAUTHENTICATED' : 'VALIDATION');
      return reply.send({ code, message: body.message ?? code });
    } catch {
      // Not JSON after all: pass it through below.
    }
  }
  return reply.send(text);
}

export function authRoutes(auth: Auth, publicUrl: string, limits: RateLimits) {
  return async function (app: FastifyInstance) {
    async function handle(request: FastifyRequest, reply: FastifyReply) {
      const url = new URL(request.url, publicUrl);
      const hasBody = request.body !== undefined && request.method !== 'GET' && request.method !== 'HEAD';
      const fetchRequest = new Request(url, {
        method: request.method,
        headers: fromNodeHeaders(request.headers),
        body: hasBody ? JSON.stringify(request.body) : undefined,
      });
      return sendFetchResponse(reply, await auth.handler(fetchRequest));
    }

    const perIp = (max: number, timeWindow: string) => ({ rateLimit: { max, timeWindow } });
    app.post('/api/auth/sign-in/email', { config: perIp(limits.signIn, '1 minute'), schema: { hide: true } }, handle);
    app.post('/api/auth/request-password-reset', { config: perIp(limits.passwordReset, '15 minutes'), schema: { hide: true } }, handle);
    app.post('/api/auth/reset-password', { config: perIp(limits.passwordReset * 2, '15 minutes'), schema: { hide: true } }, handle);
    app.route({ method: ['GET', 'POST'], url: '/api/auth/*', schema: { hide: true }, handler: handle });
  };
}
