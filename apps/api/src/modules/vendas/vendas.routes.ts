import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { cancelarVendaInputSchema, idParamsSchema, novaVendaInputSchema, vendaDetalheSchema, vendasPageSchema, vendasQuerySchema } from '@caderneta/shared';
import { writeTime } from '../../lib/clock';
import { cancelVenda, createVenda, getVenda, listVendas } from './vendas.service';

/** /api/vendas: sales, each written in one transaction. Every handler runs under the seller's RLS scope. */
export const vendasRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['vendas'];
  const preHandler = app.requireSeller;
  const params = idParamsSchema;

  app.post(
    '/api/vendas',
    {
      preHandler,
      schema: { tags, summary: 'Register a sale (one transaction)', body: novaVendaInputSchema, response: { 201: vendaDetalheSchema } },
    },
    async (request, reply) => {
      const venda = await app.sellerTx(request, (tx, seller) => createVenda(tx, seller.id, request.body, { criadoPor: seller.pessoa.userId, atendente: seller.nome, pessoa: seller.pessoa, at: writeTime(app.clock), agora: app.clock.now() }));
      return reply.status(201).send(venda);
    },
  );

  app.get(
    '/api/vendas',
    { preHandler, schema: { tags, querystring: vendasQuerySchema, response: { 200: vendasPageSchema } } },
    (request) => app.sellerTx(request, (tx, seller) => listVendas(tx, seller.id, request.query, app.clock.now())),
  );

  app.get(
    '/api/vendas/:id',
    { preHandler, schema: { tags, params, response: { 200: vendaDetalheSchema } } },
    (request) => app.sellerTx(request, (tx, seller) => getVenda(tx, seller.id, request.params.id)),
  );

  app.post(
    '/api/vendas/:id/cancelar',
    {
      preHandler,
      schema: { tags, summary: 'Cancel a sale, with the reason: stock back, ledger reversed', params, body: cancelarVendaInputSchema, response: { 200: vendaDetalheSchema } },
    },
    (request) =>
      app.sellerTx(request, (tx, seller) => cancelVenda(tx, seller.id, request.params.id, { criadoPor: seller.pessoa.userId, at: writeTime(app.clock), motivo: request.body.motivo })),
  );
};
