import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParamsSchema, produtoInputSchema, produtoNomeDuplicadoSchema, produtoNomeQuerySchema, produtoSchema, produtoUpdateSchema, produtosPageSchema, produtosQuerySchema } from '@caderneta/shared';
import { createProduto, deleteProduto, findNomeDuplicado, getProduto, listProdutos, setProdutoAtivo, updateProduto } from './produtos.service';

/** /api/produtos: the seller's catalogue and stock. Every handler runs under the seller's RLS scope. */
export const produtosRoutes: FastifyPluginAsyncZod = async (app) => {
  const tags = ['produtos'];
  const preHandler = app.requireSeller;
  const params = idParamsSchema;

  app.get(
    '/api/produtos',
    { preHandler, schema: { tags, summary: 'List, search, filter and summarise products', querystring: produtosQuerySchema, response: { 200: produtosPageSchema } } },
    (request) => app.sellerTx(request, (tx, seller) => listProdutos(tx, seller.id, request.query)),
  );

  app.get(
    '/api/produtos/nome-duplicado',
    {
      preHandler,
      schema: { tags, summary: 'Whether another product already has this name (case- and accent-insensitive)', querystring: produtoNomeQuerySchema, response: { 200: produtoNomeDuplicadoSchema } },
    },
    (request) => app.sellerTx(request, (tx, seller) => findNomeDuplicado(tx, seller.id, request.query)),
  );

  app.get('/api/produtos/:id', { preHandler, schema: { tags, params, response: { 200: produtoSchema } } }, (request) =>
    app.sellerTx(request, (tx, seller) => getProduto(tx, seller.id, request.params.id)),
  );

  app.post('/api/produtos', { preHandler, schema: { tags, body: produtoInputSchema, response: { 201: produtoSchema } } }, async (request, reply) => {
    const produto = await app.sellerTx(request, (tx, seller) => createProduto(tx, seller.id, request.body));
    return reply.status(201).send(produto);
  });

  app.put('/api/produtos/:id', { preHandler, schema: { tags, params, body: produtoUpdateSchema, response: { 200: produtoSchema } } }, (request) =>
    app.sellerTx(request, (tx, seller) => updateProduto(tx, seller.id, request.params.id, request.body)),
  );

  app.delete(
    '/api/produtos/:id',
    { preHandler, schema: { tags, summary: 'Delete a product no sale item refers to', params, response: { 204: z.null() } } },
    async (request, reply) => {
      await app.sellerTx(request, (tx, seller) => deleteProduto(tx, seller.id, request.params.id));
      return reply.status(204).send(null);
    },
  );

  app.post('/api/produtos/:id/desativar', { preHandler, schema: { tags, params, response: { 200: produtoSchema } } }, (request) =>
    app.sellerTx(request, (tx, seller) => setProdutoAtivo(tx, seller.id, request.params.id, false)),
  );

  app.post('/api/produtos/:id/reativar', { preHandler, schema: { tags, params, response: { 200: produtoSchema } } }, (request) =>
    app.sellerTx(request, (tx, seller) => setProdutoAtivo(tx, seller.id, request.params.id, true)),
  );
};
