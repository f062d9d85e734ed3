import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  cobrancaClienteInputSchema,
  cobrancaConfigSchema,
  comoPagaSchema,
  devedorDetalheSchema,
  devedoresPageSchema,
  devedoresQuerySchema,
  idParamsSchema,
  lembreteSchema,
  mensagensInputSchema,
  parcelamentoInputSchema,
  parcelamentosDoClienteSchema,
  promessaInputSchema,
  regraVencimentoSchema,
  reguaInputSchema,
} from '@caderneta/shared';
import { getCobrancaConfig, salvarMensagens, salvarRegra, salvarRegua } from './cobranca-config.service';
import { planejarLembretes } from './regua.service';
import { lerComoPaga } from './como-paga.service';
import { desfazerParcelamento, lerParcelamentos, salvarParcelamento } from './parcelamento.service';
import { getDevedor, listDevedores, registrarLembrete, salvarCobranca, salvarPromessa } from './devedores.service';

/**
 * /api/devedores (who owes, since when, how late) and /api/cobranca (the seller's due-date rule,
 * messages and reminders). "Today" is the shop's day at `app.clock`'s time.
 */
export const devedoresRoutes: FastifyPluginAsyncZod = async (app) => {
  const preHandler = app.requireSeller;
  const params = idParamsSchema;
  const tags = ['devedores'];

  app.get(
    '/api/devedores',
    {
      preHandler,
      schema: { tags, summary: 'Debtors: cards, search, sort, level filter, one page', querystring: devedoresQuerySchema, response: { 200: devedoresPageSchema } },
    },
    (request) => app.sellerTx(request, (tx, seller) => listDevedores(tx, seller.id, request.query, app.clock.now())),
  );

  app.get(
    '/api/clientes/:id/como-paga',
    { preHandler, schema: { tags, summary: 'How the customer pays: the last 12 months and a suggested credit limit', params, response: { 200: comoPagaSchema } } },
    (request) => app.sellerTx(request, (tx, seller) => lerComoPaga(tx, seller.id, request.params.id, app.clock.now())),
  );

  app.get('/api/devedores/:id', { preHandler, schema: { tags, params, response: { 200: devedorDetalheSchema } } }, (request) =>
    app.sellerTx(request, (tx, seller) => getDevedor(tx, seller.id, request.params.id, app.clock.now())),
  );

  app.put(
    '/api/devedores/:id/cobranca',
    { preHandler, schema: { tags, summary: "Notes and the customer's own due date", params, body: cobrancaClienteInputSchema, response: { 200: devedorDetalheSchema } } },
    (request) => app.sellerTx(request, (tx, seller) => salvarCobranca(tx, seller.id, request.params.id, request.body, app.clock.now())),
  );

  app.put(
    '/api/devedores/:id/promessa',
    { preHandler, schema: { tags, summary: 'Record (or remove) a promise to pay', params, body: promessaInputSchema, response: { 200: devedorDetalheSchema } } },
    (request) => app.sellerTx(request, (tx, seller) => salvarPromessa(tx, seller.id, request.params.id, request.body.data, app.clock.now())),
  );

  app.get(
    '/api/devedores/:id/parcelamento',
    { preHandler, schema: { tags, summary: 'The schedule of instalments in force and the ones it replaced', params, response: { 200: parcelamentosDoClienteSchema } } },
    (request) => app.sellerTx(request, (tx, seller) => lerParcelamentos(tx, seller.id, request.params.id, app.clock.now())),
  );

  app.put(
    '/api/devedores/:id/parcelamento',
    {
      preHandler,
      schema: { tags, summary: 'Split the whole pending debt into 2–24 instalments (over one in force: a renegotiation)', params, body: parcelamentoInputSchema, response: { 200: parcelamentosDoClienteSchema } },
    },
    (request) => app.sellerTx(request, (tx, seller) => salvarParcelamento(tx, seller.id, request.params.id, request.body, app.clock.now())),
  );

  app.delete(
    '/api/devedores/:id/parcelamento',
    { preHandler, schema: { tags, summary: 'Undo the schedule in force (kept in the history)', params, response: { 200: parcelamentosDoClienteSchema } } },
    (request) => app.sellerTx(request, (tx, seller) => desfazerParcelamento(tx, seller.id, request.params.id, app.clock.now())),
  );

  app.post(
    '/api/devedores/:id/lembretes',
    { preHandler, schema: { tags, summary: 'A collection reminder was sent (tier decided by the server)', params, response: { 201: lembreteSchema } } },
    async (request, reply) => {
      const lembrete = await app.sellerTx(request, (tx, seller) =>
        registrarLembrete(tx, seller.id, request.params.id, { now: app.clock.now(), criadoPor: seller.id }),
      );
      return reply.status(201).send(lembrete);
    },
  );

  app.get('/api/cobranca', { preHandler, schema: { tags, summary: 'Due-date rule, messages, reminders', response: { 200: cobrancaConfigSchema } } }, (request) =>
    app.sellerTx(request, (tx, seller) => getCobrancaConfig(tx, seller.id, app.clock.now())),
  );

  app.put(
    '/api/cobranca/regra',
    { preHandler, schema: { tags, summary: 'Configurar Vencimento', body: regraVencimentoSchema, response: { 200: cobrancaConfigSchema } } },
    (request) => app.sellerTx(request, (tx, seller) => salvarRegra(tx, seller.id, request.body, app.clock.now())),
  );

  app.put(
    '/api/cobranca/mensagens',
    { preHandler, schema: { tags, summary: 'Collection messages and the reminder before the due date', body: mensagensInputSchema, response: { 200: cobrancaConfigSchema } } },
    (request) => app.sellerTx(request, (tx, seller) => salvarMensagens(tx, seller.id, request.body, app.clock.now())),
  );

  app.put(
    '/api/cobranca/regua',
    { preHandler, schema: { tags, summary: 'The régua that runs by itself: on or off, sending window, daily cap', body: reguaInputSchema, response: { 200: cobrancaConfigSchema } } },
    (request) =>
      app.sellerTx(request, async (tx, seller) => {
        const agora = app.clock.now();
        const config = await salvarRegua(tx, seller.id, request.body, agora);
        // Turned on during the day: today's reminders go now, not after tomorrow's run.
        if (config.regua.ativa) await planejarLembretes(tx, seller.id, agora, app.whatsapp.publicUrl);
        return config;
      }),
  );
};
