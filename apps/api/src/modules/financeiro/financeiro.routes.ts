import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ajusteInputSchema,
  extratoSchema,
  lancamentoResultadoSchema,
  pagamentoInputSchema,
  paginationQuerySchema,
  reciboSchema,
} from '@caderneta/shared';
import { writeTime } from '../../lib/clock';
import { getExtrato, getRecibo, registrarAjuste, registrarPagamento } from './financeiro.service';

const params = z.object({ id: z.uuid() });

export async function financeiroRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/clientes/:id/pagamentos',
    {
      preHandler: app.requireSeller,
      schema: {
        tags: ['financeiro'],
        summary: 'Register a payment; it pays pending fiado sales oldest first',
        params,
        body: pagamentoInputSchema,
        response: { 201: lancamentoResultadoSchema },
      },
    },
    async (request, reply) => {
      const result = await app.sellerTx(request, (tx, seller) =>
        registrarPagamento(tx, seller.id, request.params.id, request.body, { criadoPor: seller.id, at: writeTime(app.clock) }),
      );
      return reply.status(201).send(result);
    },
  );

  app.post(
    '/api/clientes/:id/ajustes',
    {
      preHandler: app.requireSeller,
      schema: {
        tags: ['financeiro'],
        summary: 'Manual credit or debit with a reason',
        params,
        body: ajusteInputSchema,
        response: { 201: lancamentoResultadoSchema },
      },
    },
    async (request, reply) => {
      const result = await app.sellerTx(request, (tx, seller) =>
        registrarAjuste(tx, seller.id, request.params.id, request.body, { criadoPor: seller.id, at: writeTime(app.clock) }),
      );
      return reply.status(201).send(result);
    },
  );

  app.get(
    '/api/clientes/:id/extrato',
    {
      preHandler: app.requireSeller,
      schema: { tags: ['financeiro'], params, querystring: paginationQuerySchema, response: { 200: extratoSchema } },
    },
    (request) => app.sellerTx(request, (tx, seller) => getExtrato(tx, seller.id, request.params.id, request.query)),
  );

  app.get(
    '/api/pagamentos/:id/recibo',
    { preHandler: app.requireSeller, schema: { tags: ['financeiro'], params, response: { 200: reciboSchema } } },
    (request) => app.sellerTx(request, (tx, seller) => getRecibo(tx, seller.id, request.params.id)),
  );
}
