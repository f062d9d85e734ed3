import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { novaVendaInputSchema, vendaDetalheSchema, vendasPageSchema, vendasQuerySchema } from '@caderneta/shared';
import { writeTime } from '../../lib/clock';
import { cancelVenda, createVenda, getVenda, listVendas } from './vendas.service';

const params = z.object({ id: z.uuid() });

export async function vendasRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/vendas',
    {
      preHandler: app.requireSeller,
      schema: { tags: ['vendas'], summary: 'Register a sale (one transaction)', body: novaVendaInputSchema, response: { 201: vendaDetalheSchema } },
    },
    async (request, reply) => {
      const venda = await app.sellerTx(request, (tx, seller) => createVenda(tx, seller.id, request.body, { criadoPor: seller.id, at: writeTime(app.clock) }));
      return reply.status(201).send(venda);
    },
  );

  app.get(
    '/api/vendas',
    { preHandler: app.requireSeller, schema: { tags: ['vendas'], querystring: vendasQuerySchema, response: { 200: vendasPageSchema } } },
    (request) => app.sellerTx(request, (tx, seller) => listVendas(tx, seller.id, request.query)),
  );

  app.get(
    '/api/vendas/:id',
    { preHandler: app.requireSeller, schema: { tags: ['vendas'], params, response: { 200: vendaDetalheSchema } } },
    (request) => app.sellerTx(request, (tx, seller) => getVenda(tx, seller.id, request.params.id)),
  );

  app.post(
    '/api/vendas/:id/cancelar',
    {
      preHandler: app.requireSeller,
      schema: { tags: ['vendas'], summary: 'Cancel a sale: stock back, ledger reversed', params, response: { 200: vendaDetalheSchema } },
    },
    (request) => app.sellerTx(request, (tx, seller) => cancelVenda(tx, seller.id, request.params.id, { criadoPor: seller.id, at: writeTime(app.clock) })),
  );
}
