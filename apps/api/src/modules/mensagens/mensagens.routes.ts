import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, mensagemClienteSchema, mensagensClienteSchema } from '@caderneta/shared';
import { convidarParaAvisos, listMensagens } from './mensagens.service';

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

  app.post(
    '/api/clientes/:id/avisos/convite',
    {
      preHandler: app.requireSeller,
      schema: {
        tags: ['mensagens'],
        summary: '"Pedir autorização pelo WhatsApp": the invitation template to a customer who has not consented (once a day)',
        params: idParamsSchema,
        response: { 201: mensagemClienteSchema },
      },
    },
    async (request, reply) => {
      const mensagem = await app.sellerTx(request, (tx, seller) => convidarParaAvisos(tx, seller.id, request.params.id, app.clock.now()));
      return reply.status(201).send(mensagem);
    },
  );
};
