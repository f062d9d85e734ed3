import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { RateLimits } from '../config';
import type { Auth } from './auth';
import { sendFetchResponse } from './fetch-response';

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
