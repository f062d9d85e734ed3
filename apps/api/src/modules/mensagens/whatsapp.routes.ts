import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { whatsappConfigInputSchema, whatsappConfigSchema, whatsappTesteInputSchema, whatsappTesteSchema } from '@caderneta/shared';
import { withSeller } from '../../db/client';
import { AppError } from '../../lib/errors';
import { receberWebhookWhatsapp, verifyTokenConfere } from './whatsapp-webhook.service';
import { credenciaisDeTeste, getWhatsappConfig, saveWhatsappConfig, testWhatsapp } from './whatsapp.service';

const ownerParams = z.object({ ownerId: z.string().min(1).max(64).regex(/^[\w-]+$/) });

/** The shop's WhatsApp Business number (Configurações → Mensagens), and Meta's webhook of it. */
export const whatsappRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = app.whatsapp;
  const limits = app.config.rateLimits;
  const preHandler = app.requireSeller;
  const tags = ['configuracoes'];

  app.get(
    '/api/configuracoes/whatsapp',
    { preHandler, schema: { tags, summary: 'The WhatsApp Business settings (never a secret)', response: { 200: whatsappConfigSchema } } },
    (request) => app.sellerTx(request, (tx, seller) => getWhatsappConfig(tx, seller.id, deps.publicUrl)),
  );

  app.put(
    '/api/configuracoes/whatsapp',
    { preHandler, schema: { tags, summary: 'Saves the WhatsApp Business settings (a blank secret keeps the stored one)', body: whatsappConfigInputSchema, response: { 200: whatsappConfigSchema } } },
    (request) => app.sellerTx(request, (tx, seller) => saveWhatsappConfig(tx, seller.id, request.body, deps)),
  );

  app.post(
    '/api/configuracoes/whatsapp/testar',
    {
      preHandler,
      config: { rateLimit: { max: limits.providerTest, timeWindow: '1 minute' } },
      schema: { tags, summary: '"Testar conexão": reads the number from WhatsApp with the id and token', body: whatsappTesteInputSchema, response: { 200: whatsappTesteSchema } },
    },
    async (request) => {
      const sellerId = request.seller!.id;
      const credenciais = await withSeller(app.db, sellerId, (tx) => credenciaisDeTeste(tx, sellerId, request.body, deps.cipher));
      return testWhatsapp(deps.whatsapp, credenciais);
    },
  );

  // Meta's servers: no browser, no session, no Origin. The handshake presents the shop's verify
  // token; every event is signed with the app secret over the raw body (read raw here only).
  await app.register(async (plugin) => {
    const webhook = plugin.withTypeProvider<ZodTypeProvider>();
    webhook.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) => done(null, body));

    webhook.get(
      '/api/webhooks/whatsapp/:ownerId',
      {
        config: { crossSite: 'allow', rateLimit: { max: 60, timeWindow: '1 minute' } },
        schema: {
          tags: ['mensagens'],
          summary: "Meta's webhook handshake: answers hub.challenge when hub.verify_token is the shop's",
          params: ownerParams,
          querystring: z.object({ 'hub.mode': z.string().max(20).optional(), 'hub.verify_token': z.string().max(200).optional(), 'hub.challenge': z.string().max(200).optional() }),
        },
      },
      async (request, reply) => {
        const q = request.query;
        if (q['hub.mode'] !== 'subscribe' || !q['hub.challenge'] || !(await verifyTokenConfere(app.db, request.params.ownerId, q['hub.verify_token']))) {
          throw new AppError('FORBIDDEN', 403, { message: 'Token de verificação inválido' });
        }
        return reply.type('text/plain').send(q['hub.challenge']);
      },
    );

    webhook.post(
      '/api/webhooks/whatsapp/:ownerId',
      {
        config: { crossSite: 'allow', rateLimit: { max: 600, timeWindow: '1 minute' } },
        schema: {
          tags: ['mensagens'],
          summary: "Meta's events for this shop's number: delivery statuses and customers' replies (signed)",
          params: ownerParams,
          response: { 200: z.object({ ok: z.literal(true), statuses: z.number().int(), respostas: z.number().int(), ignorados: z.number().int() }) },
        },
      },
      async (request) => {
        if (!Buffer.isBuffer(request.body)) throw new AppError('BAD_REQUEST', 400, { message: 'Corpo inválido' });
        const r = await receberWebhookWhatsapp(app.db, request.params.ownerId, request.body, request.headers['x-hub-signature-256'], { cipher: deps.cipher, agora: app.clock.now() });
        return { ok: true as const, ...r };
      },
    );
  });
};
