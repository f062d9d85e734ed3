import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { mercadopagoConfigInputSchema, mercadopagoConfigSchema, mercadopagoTesteInputSchema, mercadopagoTesteSchema } from '@caderneta/shared';
import { withSeller } from '../../db/client';
import { getMercadopagoConfig, loadConta, saveMercadopagoConfig, testarConexao } from './mercadopago.service';

/** The seller's Mercado Pago account ("Configurações" → "Pagamento Online"). */
export const mercadopagoRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.payments;
  const limits = app.config.rateLimits;
  const preHandler = app.requireSeller;
  const config = ['configuracoes'];

  app.get(
    '/api/configuracoes/mercadopago',
    { preHandler, schema: { tags: config, response: { 200: mercadopagoConfigSchema } } },
    (request) => app.sellerTx(request, (tx, seller) => getMercadopagoConfig(tx, seller.id, deps.publicUrl)),
  );

  app.put(
    '/api/configuracoes/mercadopago',
    { preHandler, schema: { tags: config, body: mercadopagoConfigInputSchema, response: { 200: mercadopagoConfigSchema } } },
    (request) => app.sellerTx(request, (tx, seller) => saveMercadopagoConfig(tx, seller.id, request.body, deps)),
  );

  app.post(
    '/api/configuracoes/mercadopago/testar',
    {
      preHandler,
      config: { rateLimit: { max: limits.providerTest, timeWindow: '1 minute' } },
      schema: { tags: config, summary: '"Testar Conexão": GET /users/me with the token', body: mercadopagoTesteInputSchema, response: { 200: mercadopagoTesteSchema } },
    },
    async (request) => {
      const sellerId = request.seller!.id;
      const token = request.body.accessToken || (await withSeller(app.db, sellerId, (tx) => loadConta(tx, sellerId, deps.cipher)))?.accessToken;
      return testarConexao(deps.mp, token);
    },
  );
};
