import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { fromNodeHeaders } from 'better-auth/node';
import { languageSchema, meSchema, preferenciasInputSchema, signUpInputSchema } from '@caderneta/shared';
import { sendFetchResponse } from '../../auth/fetch-response';
import { avatarSvg } from './avatar';
import { getMe, signUp, updatePreferencias } from './conta.service';

/** /api/cadastro and /api/me: signing up, the signed-in seller, preferences, signing out. */
export const contaRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['conta'];
  const preHandler = app.requireSeller;
  const { auth } = app;
  const limits = app.config.rateLimits;

  app.post(
    '/api/cadastro',
    {
      config: { rateLimit: { max: limits.signUp, timeWindow: '1 hour' } },
      schema: {
        tags,
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
    { preHandler, schema: { tags, response: { 200: meSchema } } },
    (request) => app.sellerTx(request, (tx, seller) => getMe(tx, seller)),
  );

  // The generated picture the header shows when the seller has no photo of their own. It depends
  // only on the e-mail, which never changes, so the browser may keep it for a day (just for this
  // seller: private).
  app.get(
    '/api/me/avatar.svg',
    {
      preHandler,
      config: { cacheControl: 'private, max-age=86400' },
      schema: { tags, summary: "The seller's generated avatar (SVG)", response: { 200: { description: 'An SVG image', content: { 'image/svg+xml': { schema: z.string() } } } } },
    },
    async (request, reply) => reply.type('image/svg+xml').send(await avatarSvg(request.seller!.email)),
  );

  app.patch(
    '/api/me/preferencias',
    { preHandler, schema: { tags, body: preferenciasInputSchema, response: { 200: meSchema } } },
    (request) => app.sellerTx(request, (tx, seller) => updatePreferencias(tx, seller, request.body)),
  );

  // "Sair" ends every session of the seller (all devices), then clears this browser's cookie.
  app.post(
    '/api/me/sair',
    { preHandler, schema: { tags, summary: 'Sign out on every device', response: { 200: z.object({ success: z.literal(true) }) } } },
    async (request, reply) => {
      const headers = fromNodeHeaders(request.headers);
      await auth.api.revokeSessions({ headers });
      const response = await auth.api.signOut({ headers, asResponse: true });
      return sendFetchResponse(reply, response);
    },
  );
};
