import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  idParamsSchema,
  iniciarPagamentoInputSchema,
  mercadopagoConfigInputSchema,
  mercadopagoConfigSchema,
  mercadopagoTesteInputSchema,
  mercadopagoTesteSchema,
  pagamentoOnlineSchema,
  pixClienteSchema,
  pixConfigInputSchema,
  pixConfigSchema,
  portalClienteSchema,
  portalExemplosSchema,
  portalPagamentoParamsSchema,
  portalParamsSchema,
} from '@caderneta/shared';
import { withSeller } from '../../db/client';
import { AppError } from '../../lib/errors';
import { clientKey } from '../../security/client-key';
import { hitRateLimit, peekRateLimit } from '../../security/rate-limit-store';
import type { AcessoCliente } from './acesso-cookie';
import { getMercadopagoConfig, loadConta, saveMercadopagoConfig, testarConexao } from './mercadopago.service';
import { iniciarPagamento, receberWebhook, verificarPagamentoCliente } from './pagamentos.service';
import { getPixConfig, pixCliente, savePixConfig } from './pix.service';
import { codigosExemplo, lerPortalCliente } from './portal.service';

const FIFTEEN_MINUTES = 15 * 60_000;

/**
 * The customer page's API (public: no seller session; the access code is the only key), the
 * per-seller Mercado Pago webhook, and the seller's payment settings.
 */
export const portalRoutes: FastifyPluginAsyncZod<{ acesso: AcessoCliente }> = async (app, { acesso }) => {
  const deps = app.payments;
  const limits = app.config.rateLimits;
  const tags = ['portal'];
  const tooMany = () => new AppError('RATE_LIMITED', 429, { message: 'Muitas tentativas. Aguarde e tente novamente.' });

  /** Per access code, whatever the address: guessing or hammering one code is limited too. */
  const perCode = (scope: string, max: number) => async (request: FastifyRequest) => {
    const { login } = request.params as { login: string };
    const hit = await hitRateLimit(app.db, `${scope}:${login}`, FIFTEEN_MINUTES);
    if (hit.current > max) throw tooMany();
  };
  /**
   * The page's per-code limit, except for a browser that opened this code's page before (its signed
   * cookie, acesso-cookie.ts): 80 lookups from 80 addresses no longer lock the customer out of
   * their own page for 15 minutes. Guessing stays limited: a guess has no cookie, and the
   * per-address limits count every request.
   */
  const pagePerCode = perCode('portal-codigo', limits.portalLookupPerCode);
  const pagePerCodeUnlessKnown = async (request: FastifyRequest) => {
    const { login } = request.params as { login: string };
    if (acesso.valido(request.headers.cookie, login, app.clock.now())) return;
    await pagePerCode(request);
  };

  /**
   * Per address (an IPv6 client by its /64, as every per-address limit), the codes that opened no
   * customer page (CLIENTE_NAO_ENCONTRADO: unknown, or a deactivated customer's; not a real code's
   * unknown payment id). A code is a first name and 5 digits, so the per-address limit alone let one
   * address try ~1,800 codes an hour; a customer mistypes theirs a few times at most. Counted before
   * the answer leaves (onSend), so the next request from that address already sees it; checked
   * before the handler runs.
   */
  const missKey = (request: FastifyRequest) => `portal-erros:${clientKey(request.ip)}`;
  const fewMisses = async (request: FastifyRequest) => {
    if ((await peekRateLimit(app.db, missKey(request))) >= limits.portalMisses) throw tooMany();
  };
  const semPagina = new WeakSet<FastifyRequest>();
  /** `work` of a request that names a code: an answer that the code opens no page marks the request. */
  const peloCodigo = <T>(request: FastifyRequest, work: Promise<T>): Promise<T> =>
    work.catch((error: unknown) => {
      if (error instanceof AppError && error.code === 'CLIENTE_NAO_ENCONTRADO') semPagina.add(request);
      throw error;
    });
  const countMiss = async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
    if (semPagina.has(request)) await hitRateLimit(app.db, missKey(request), FIFTEEN_MINUTES);
    return payload;
  };

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
      const pagamento = await peloCodigo(request, iniciarPagamento(app.db, request.params.login, request.body.metodo, deps));
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
    '/api/webhooks/mercadopago/:ownerId',
    {
      // Mercado Pago's servers call this: no browser, no session, no Origin. The x-signature
      // (HMAC with the seller's secret) is what authenticates it.
      config: { crossSite: 'allow', rateLimit: { max: 600, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary: "Mercado Pago's notification for this seller (signed; the payment is re-fetched)",
        params: z.object({ ownerId: z.string().min(1).max(64).regex(/^[\w-]+$/) }),
        querystring: z.object({
          'data.id': z.string().max(64).regex(/^[\w-]+$/).optional(),
          type: z.string().max(40).regex(/^[\w.-]+$/).optional(),
        }),
        body: z
          .object({
            type: z.string().max(40).optional(),
            action: z.string().max(60).optional(),
            data: z.object({ id: z.union([z.string().max(64), z.number().int()]) }).optional(),
          })
          // Nothing in the body is trusted (the signature does not cover it): it may be absent.
          .nullish(),
        response: { 200: z.object({ ok: z.literal(true), resultado: z.enum(['aplicado', 'ignorado']) }) },
      },
    },
    async (request) => {
      const resultado = await receberWebhook(
        app.db,
        request.params.ownerId,
        {
          // data.id comes from the query string, as Mercado Pago signs it.
          dataId: request.query['data.id'],
          type: request.query.type,
          xSignature: request.headers['x-signature'],
          xRequestId: request.headers['x-request-id'],
        },
        deps,
      );
      return { ok: true as const, resultado };
    },
  );

  // ——— The seller's settings ———
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
