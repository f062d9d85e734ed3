import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, mensagensClienteSchema } from '@caderneta/shared';
import { listMensagens } from './mensagens.service';

/** The customer's message log: what the app wrote to them by itself, and how each went. */
export const mensagensRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/api/clientes/:id/mensagens',
    {
      preHandler: app.requireSeller,
      schema: {
        tags: ['mensagens'],
        summary: "The automatic messages sent (or waiting) to the customer, newest first",
        params: idParamsSchema,
        response: { 200: mensagensClienteSchema },
      },
    },
    (request) => app.sellerTx(request, (tx, seller) => listMensagens(tx, seller.id, request.params.id)),
  );
};
