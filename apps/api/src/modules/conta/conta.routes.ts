import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fromNodeHeaders } from 'better-auth/node';
import { languageSchema, meSchema, preferenciasInputSchema, signUpInputSchema } from '@caderneta/shared';
import type { RateLimits } from '../../config';
import type { Auth } from '../../auth/auth';
import { sendFetchResponse } from '../../auth/fetch-response';
import { getMe, signUp, updatePreferencias } from './conta.service';

export function contaRoutes(auth: Auth, limits: RateLimits) {
  return async function (base: FastifyInstance) {
    const app = base.withTypeProvider<ZodTypeProvider>();

    app.post(
      '/api/cadastro',
      {
        config: { rateLimit: { max: limits.signUp, timeWindow: '1 hour' } },
        schema: {
          tags: ['conta'],
          summary: 'Create a seller account with a paid access code',
          body: signUpInputSchema,
          querystring: z.object({ idioma: languageSchema.optional() }),
          response: { 201: z.object({ ok: z.literal(true) }) },
        },
      },
      async (request, reply) => {
        await signUp(app.db, request.body, request.query.idioma);
        return reply.status(201).send({ ok: true });
      },
    );

    app.get(
      '/api/me',
      { preHandler: app.requireSeller, schema: { tags: ['conta'], response: { 200: meSchema } } },
      (request) => app.sellerTx(request, (tx, seller) => getMe(tx, seller)),
    );

    app.patch(
      '/api/me/preferencias',
      { preHandler: app.requireSeller, schema: { tags: ['conta'], body: preferenciasInputSchema, response: { 200: meSchema } } },
      (request) => app.sellerTx(request, (tx, seller) => updatePreferencias(tx, seller, request.body)),
    );

    // "Sair" ends every session of the seller (all devices), then clears this browser's cookie.
    app.post('/api/me/sair', { preHandler: app.requireSeller, schema: { tags: ['conta'] } }, async (request, reply) => {
      const headers = fromNodeHeaders(request.headers);
      await auth.api.revokeSessions({ headers });
      const response = await auth.api.signOut({ headers, asResponse: true });
      return sendFetchResponse(reply, response);
    });
  };
}
