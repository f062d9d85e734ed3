import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { receberWebhook } from './pagamentos.service';

/**
 * Mercado Pago's servers: the per-seller notification of a payment on the customer page. Nothing in
 * it is trusted but the signature; the payment is re-fetched and goes through the ledger's door.
 */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.payments;
  const tags = ['portal'];

  app.post(
    '/api/webhooks/mercadopago/:ownerId',
    {
      // Mercado Pago's servers call this: no browser, no session, no Origin. The x-signature
      // (HMAC with the seller's secret) is what authenticates it.
      config: { crossSite: 'allow', rateLimit: { max: 600, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: "Mercado Pago's notification for this seller (signed; the payment is re-fetched)",
        params: z.object({ ownerId: z.string().min(1).max(64).regex(/^[\w-]+$/) }),
        querystring: z.object({
          'data.id': z.string().max(64).regex(/^[\w-]+$/).optional(),
          type: z.string().max(40).regex(/^[\w.-]+$/).optional(),
        }),
        body: z
          .object({
            type: z.string().max(40).optional(),
            action: z.string().max(60).optional(),
            data: z.object({ id: z.union([z.string().max(64), z.number().int()]) }).optional(),
          })
          // Nothing in the body is trusted (the signature does not cover it): it may be absent.
          .nullish(),
        response: { 200: z.object({ ok: z.literal(true), resultado: z.enum(['aplicado', 'ignorado']) }) },
      },
    },
    async (request) => {
      const resultado = await receberWebhook(
        app.db,
        request.params.ownerId,
        {
          // data.id comes from the query string, as Mercado Pago signs it.
          dataId: request.query['data.id'],
          type: request.query.type,
          xSignature: request.headers['x-signature'],
          xRequestId: request.headers['x-request-id'],
        },
        deps,
      );
      return { ok: true as const, resultado };
    },
  );
};
