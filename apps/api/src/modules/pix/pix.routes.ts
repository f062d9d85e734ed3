import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { idParamsSchema, pixClienteSchema, pixConfigInputSchema, pixConfigSchema } from '@caderneta/shared';
import { getPixConfig, pixCliente, savePixConfig } from './pix.service';

/** The seller's PIX: the shop's key ("Configurações") and the code for a customer's pending balance. */
export const pixRoutes: FastifyPluginAsyncZod = async (app) => {
  const preHandler = app.requireSeller;
  const config = ['configuracoes'];

  app.get('/api/configuracoes/pix', { preHandler, schema: { tags: config, response: { 200: pixConfigSchema } } }, (request) =>
    app.sellerTx(request, (tx, seller) => getPixConfig(tx, seller.id)),
  );

  app.put(
    '/api/configuracoes/pix',
    { preHandler, schema: { tags: config, body: pixConfigInputSchema, response: { 200: pixConfigSchema } } },
    (request) =>
      app.sellerTx(request, (tx, seller) =>
        savePixConfig(tx, seller.id, { chave: request.body.chave, tipo: request.body.tipo, nomeRecebedor: request.body.nomeRecebedor, cidade: request.body.cidade }),
      ),
  );

  app.get(
    '/api/clientes/:id/pix',
    { preHandler, schema: { tags: ['clientes'], summary: "The shop's PIX code for the customer's pending balance ({pix})", params: idParamsSchema, response: { 200: pixClienteSchema } } },
    (request) => app.sellerTx(request, (tx, seller) => pixCliente(tx, seller.id, request.params.id)),
  );
};
