import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { avisosDoPortalSchema, conferenciaInputSchema, conferenciaSchema, iniciarPagamentoInputSchema, pagamentoOnlineSchema, portalClienteSchema, portalExemplosSchema, portalPagamentoParamsSchema, portalParamsSchema } from '@caderneta/shared';
import { limitesDoPortal } from '../../security/portal-limites';
import type { AcessoCliente } from './acesso-cookie';
import { iniciarPagamento, verificarPagamentoCliente } from './pagamentos.service';
import { codigosExemplo, createConferenciaDoPortal, lerPortalCliente, pararAvisosDoPortal } from './portal.service';

/** The customer page's API (public: no seller session; the access code is the only key). */
export const portalRoutes: FastifyPluginAsyncZod<{ acesso: AcessoCliente }> = async (app, { acesso }) => {
  const deps = app.payments;
  const limits = app.config.rateLimits;
  const tags = ['portal'];
  const { perCode, pagePerCodeUnlessKnown, fewMisses, countMiss, peloCodigo } = limitesDoPortal(app, acesso);

  app.get(
    '/api/portal/exemplos',
    { schema: { tags, summary: 'Sample access codes (only on a demo installation)', response: { 200: portalExemplosSchema } } },
    async () => ({ codigos: await codigosExemplo(app.db) }),
  );

  app.get(
    '/api/portal/:login',
    {
      config: { rateLimit: { max: limits.portalLookup, timeWindow: '1 minute' } },
      preHandler: [fewMisses, pagePerCodeUnlessKnown],
      onSend: countMiss,
      schema: {
        tags,
        summary: 'The customer page: balance, pending purchases, payments (public, by access code)',
        params: portalParamsSchema,
        response: { 200: portalClienteSchema },
      },
    },
    async (request, reply) => {
      const agora = app.clock.now();
      const page = await peloCodigo(request, lerPortalCliente(app.db, request.params.login, agora));
      // Recognised on its next visits (renewed at each one).
      reply.header('set-cookie', acesso.emitir(request.params.login, agora));
      return page;
    },
  );

  app.post(
    '/api/portal/:login/pagamentos',
    {
      // Public and session-less: the access code is the only authority, so a request from
      // another site can do nothing the customer's link cannot. Rate limited per IP and per code.
      config: { crossSite: 'allow', rateLimit: { max: limits.portalPayment, timeWindow: '15 minutes' } },
      preHandler: [fewMisses, perCode('portal-pagamento', limits.portalPayment)],
      onSend: countMiss,
      schema: {
        tags,
        summary: 'Start paying the pending balance online (Mercado Pago Checkout Pro)',
        params: portalParamsSchema,
        body: iniciarPagamentoInputSchema,
        response: { 201: pagamentoOnlineSchema },
      },
    },
    async (request, reply) => {
      const pagamento = await peloCodigo(request, iniciarPagamento(app.db, request.params.login, request.body.metodo, deps, { naPagina: request.body.naPagina, parcela: request.body.parcela }));
      return reply.status(201).send(pagamento);
    },
  );

  app.post(
    '/api/portal/:login/pagamentos/:id/verificar',
    {
      // Public and session-less like the payment start; it only asks Mercado Pago again.
      config: { crossSite: 'allow', rateLimit: { max: limits.portalPayment * 3, timeWindow: '15 minutes' } },
      preHandler: [fewMisses, perCode('portal-verificar', limits.portalPayment * 3)],
      onSend: countMiss,
      schema: {
        tags,
        summary: '"Verificar Status": re-fetch the payment from Mercado Pago',
        params: portalPagamentoParamsSchema,
        response: { 200: pagamentoOnlineSchema },
      },
    },
    (request) => peloCodigo(request, verificarPagamentoCliente(app.db, request.params.login, request.params.id, deps)),
  );

  app.post(
    '/api/portal/:login/conferencias',
    {
      // The access code is the only authority, as for a payment. A customer may answer about every
      // entry the page lists (up to 75: 50 purchases, 20 payments, 5 opening balances) in one visit.
      config: { rateLimit: { max: limits.portalLookupPerCode * 2, timeWindow: '15 minutes' } },
      preHandler: [fewMisses, perCode('portal-conferencia', limits.portalLookupPerCode * 2)],
      onSend: countMiss,
      schema: {
        tags,
        summary: '"Reconheço" / "Não reconheço" (with the reason) about an entry of the account',
        params: portalParamsSchema,
        body: conferenciaInputSchema,
        response: { 200: conferenciaSchema },
      },
    },
    (request) => peloCodigo(request, createConferenciaDoPortal(app.db, request.params.login, request.body, app.clock.now())),
  );

  app.post(
    '/api/portal/:login/avisos/parar',
    {
      config: { rateLimit: { max: limits.portalLookupPerCode, timeWindow: '15 minutes' } },
      preHandler: [fewMisses, perCode('portal-avisos', limits.portalLookupPerCode)],
      onSend: countMiss,
      schema: {
        tags,
        summary: '"Parar avisos": the customer ends their consent to automatic messages',
        params: portalParamsSchema,
        response: { 200: avisosDoPortalSchema },
      },
    },
    (request) => peloCodigo(request, pararAvisosDoPortal(app.db, request.params.login, app.clock.now())),
  );
};
