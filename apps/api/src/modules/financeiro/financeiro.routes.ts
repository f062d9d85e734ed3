import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ajusteInputSchema,
  extratoSchema,
  idParamsSchema,
  lancamentoResultadoSchema,
  pagamentoInputSchema,
  paginationQuerySchema,
  reciboSchema,
} from '@caderneta/shared';
import { writeTime } from '../../lib/clock';
import { getExtrato, getRecibo, registrarAjuste, registrarPagamento } from './financeiro.service';

/** Payments, adjustments, statements and receipts: the ledger's routes. Every handler runs under the seller's RLS scope. */
export const financeiroRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['financeiro'];
  const preHandler = app.requireSeller;
  const params = idParamsSchema;

  app.post(
    '/api/clientes/:id/pagamentos',
    { preHandler, schema: { tags, summary: 'Register a payment; it pays pending fiado sales oldest first', params, body: pagamentoInputSchema, response: { 201: lancamentoResultadoSchema } } },
    async (request, reply) =>
      reply.status(201).send(
        await app.sellerTx(request, (tx, seller) =>
          registrarPagamento(tx, seller.id, request.params.id, request.body, { criadoPor: seller.pessoa.userId, por: seller.nome, at: writeTime(app.clock), agora: app.clock.now() }),
        ),
      ),
  );

  app.post(
    '/api/clientes/:id/ajustes',
    { preHandler, schema: { tags, summary: 'Manual credit or debit with a reason', params, body: ajusteInputSchema, response: { 201: lancamentoResultadoSchema } } },
    async (request, reply) =>
      reply.status(201).send(await app.sellerTx(request, (tx, seller) => registrarAjuste(tx, seller.id, request.params.id, request.body, { criadoPor: seller.pessoa.userId, at: writeTime(app.clock) }))),
  );

  app.get(
    '/api/clientes/:id/extrato',
    {
      preHandler,
      schema: { tags, params, querystring: paginationQuerySchema, response: { 200: extratoSchema } },
    },
    (request) => app.sellerTx(request, (tx, seller) => getExtrato(tx, seller.id, request.params.id, request.query)),
  );

  app.get(
    '/api/pagamentos/:id/recibo',
    { preHandler, schema: { tags, params, response: { 200: reciboSchema } } },
    (request) => app.sellerTx(request, (tx, seller) => getRecibo(tx, seller.id, request.params.id)),
  );
};
