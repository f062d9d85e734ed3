import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import rateLimit from '@fastify/rate-limit';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { fastifyTrustProxy, type AppConfig } from './config';
import { registerWebApp } from './spa';
import { DEFAULT_WEB_DIST, registerSecurityHeaders } from './web-front';
import { serverLogging } from './security/request-log';
import type { Database, DbHandle } from './db/client';
import { createAuth, type Auth } from './auth/auth';
import { authRoutes } from './auth/auth.routes';
import { sessionPlugin } from './auth/session';
import { registerErrorHandler } from './lib/error-handler';
import { registerOpenApi } from './lib/openapi';
import { serializerCompiler } from './lib/response-schema';
import { resolveAuthSecret } from './lib/secret';
import { allowedOrigins } from './security/origins';
import { registerRequestOriginCheck } from './security/request-origin';
import { createMailer, type Mailer } from './mail/mailer';
import { systemClock, type Clock } from './lib/clock';
import { JobRunner } from './jobs/runner';
import { limparExecucoes } from './jobs/limpeza';
import { adminRoutes } from './modules/admin/admin.routes';
import { clientesRoutes } from './modules/clientes/clientes.routes';
import { contaRoutes } from './modules/conta/conta.routes';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { financeiroRoutes } from './modules/financeiro/financeiro.routes';
import { vendasRoutes } from './modules/vendas/vendas.routes';
import { produtosRoutes } from './modules/produtos/produtos.routes';
import { devedoresRoutes } from './modules/devedores/devedores.routes';
import { contestacoesRoutes } from './modules/contestacoes/contestacoes.routes';
import { relatoriosRoutes } from './modules/relatorios/relatorios.routes';
import { notificacoesRoutes } from './modules/notificacoes/notificacoes.routes';
import { configuracoesRoutes } from './modules/configuracoes/configuracoes.routes';
import { backupRoutes } from './modules/backup/backup.routes';
import { backupAutomaticoJob, backupStoreEmArquivos, backupStoreNoBanco } from './modules/backup/automatico';
import { clientesVencidos, reguaJob } from './modules/devedores/devedores.jobs';
import { limparNotificacoes } from './modules/notificacoes/notificacoes.jobs';
import { acessoCliente } from './modules/portal/acesso-cookie';
import { portalRoutes } from './modules/portal/portal.routes';
import { webhookRoutes } from './modules/portal/webhook.routes';
import { mercadopagoRoutes } from './modules/mercadopago/mercadopago.routes';
import { pixRoutes } from './modules/pix/pix.routes';
import { auditoriaRoutes } from './modules/auditoria/auditoria.routes';
import { equipeRoutes } from './modules/equipe/equipe.routes';
import { importacaoRoutes } from './modules/importacao/importacao.routes';
import { mensagensRoutes } from './modules/mensagens/mensagens.routes';
import { whatsappRoutes } from './modules/mensagens/whatsapp.routes';
import { enviarMensagensJob } from './modules/mensagens/mensagens.jobs';
import type { PaymentDeps } from './modules/mercadopago/deps';
import { recheckPagamentosJob } from './modules/portal/portal.jobs';
import { createMercadoPagoClient, type MercadoPagoClient } from './integrations/mercadopago/client';
import { createCipher, resolveEncryptionKey } from './lib/cipher';
import { createWhatsappClient, type WhatsappClient } from './integrations/whatsapp/client';
import type { WhatsappDeps } from './modules/mensagens/whatsapp.service';
import { clientKey } from './security/client-key';
import { postgresRateLimitStore } from './security/rate-limit-store';

declare module 'fastify' {
  interface FastifyInstance {
    db: Database;
    config: AppConfig;
    auth: Auth;
    mailer: Mailer;
    /** Where the API reads "now" (the shop's today, reminders; writes too when it is not the system's). */
    clock: Clock;
    /** Scheduled jobs (docs/decisions/013): modules register theirs; `server.ts` starts the timer. */
    jobs: JobRunner;
    payments: PaymentDeps;
    /** The shop's WhatsApp Business numbers: the Cloud API's client and the cipher of their credentials. */
    whatsapp: WhatsappDeps;
    /** Every route with a per-address limit (`config.rateLimit`), as registered: the reliability suite checks each one holds across instances. */
    rateLimitedRoutes: readonly RateLimitedRoute[];
  }
}

export interface RateLimitedRoute {
  method: string;
  /** Fastify's form: `/api/portal/:login`. */
  url: string;
  max: number;
  timeWindow: string | number;
}

export interface BuildAppOptions {
  database: DbHandle;
  config: AppConfig;
  logger?: FastifyServerOptions['logger'];
  /** Defaults to SMTP (SMTP_URL) or the DATA_DIR outbox. */
  mailer?: Mailer;
  /** Directory of the built SPA; served when it exists. */
  webDist?: string;
  /** Token the operator CLI presents to manage access codes on a running server. */
  adminToken?: string;
  /** Defaults to the system clock; tests pass their own. */
  clock?: Clock;
  /** Mercado Pago's API client; defaults to one on MERCADOPAGO_API_URL. */
  mercadopago?: MercadoPagoClient;
  /** WhatsApp's Cloud API client; defaults to one on WHATSAPP_API_URL. */
  whatsapp?: WhatsappClient;
  /** The HTTP server to answer on instead of one of Fastify's (`http-listener.ts`). */
  serverFactory?: FastifyServerOptions['serverFactory'];
}

export async function buildApp(options: BuildAppOptions): Promise<FastifyInstance> {
  const { config, database } = options;
  const app = Fastify({
    ...serverLogging(options.logger),
    bodyLimit: 1024 * 1024,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    ...(options.serverFactory ? { serverFactory: options.serverFactory } : {}),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  const origins = allowedOrigins(config.publicUrl, config.trustedOrigins);
  registerRequestOriginCheck(app, origins);
  // API answers hold a shop's customers and money: no browser or proxy cache keeps them (a route
  // whose successful answer holds neither says so with `config.cacheControl`; its errors are not kept).
  app.addHook('onSend', (request, reply, payload, done) => {
    if (request.url === '/api' || request.url.startsWith('/api/') || request.url.startsWith('/api?')) {
      const cacheable = reply.statusCode < 300 ? request.routeOptions.config.cacheControl : undefined;
      reply.header('cache-control', cacheable ?? 'no-store');
    }
    done(null, payload);
  });

  const mailer =
    options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, outboxDir: path.join(config.dataDir, 'outbox'), log: app.log });
  const secret = await resolveAuthSecret(database.db, config.authSecret);
  const auth = createAuth({ db: database.db, secret, publicUrl: config.publicUrl, trustedOrigins: origins, mailer, log: app.log });
  app.decorate('db', database.db);
  app.decorate('config', config);
  app.decorate('auth', auth);
  app.decorate('mailer', mailer);
  const clock = options.clock ?? systemClock;
  app.decorate('clock', clock);
  const jobs = new JobRunner({ db: database.db, clock, log: app.log, renewLeases: database.kind === 'postgres' });
  app.decorate('jobs', jobs);
  // Automatic backups: BACKUP_DIR, else DATA_DIR/backups with PGlite, else the database (ADR 014).
  const backups =
    config.backupDir || database.kind === 'pglite'
      ? backupStoreEmArquivos(config.backupDir ?? path.join(config.dataDir, 'backups'))
      : backupStoreNoBanco(database.db);
  jobs.register(limparExecucoes).register(limparNotificacoes).register(clientesVencidos).register(backupAutomaticoJob(backups)).register(reguaJob(config.publicUrl));
  app.addHook('onClose', () => jobs.stop());
  const payments: PaymentDeps = {
    mp: options.mercadopago ?? createMercadoPagoClient(config.mercadopagoApiUrl),
    cipher: createCipher(await resolveEncryptionKey(database.db, config.encryptionKey)),
    clock,
    publicUrl: config.publicUrl,
    log: app.log,
  };
  app.decorate('payments', payments);
  if (config.paymentRecheckSeconds > 0) jobs.register(recheckPagamentosJob(payments, config.paymentRecheckSeconds));
  const whatsapp: WhatsappDeps = { whatsapp: options.whatsapp ?? createWhatsappClient(config.whatsappApiUrl), cipher: payments.cipher, publicUrl: config.publicUrl };
  app.decorate('whatsapp', whatsapp);
  if (config.mensagensSegundos > 0) jobs.register(enviarMensagensJob({ ...whatsapp, mailer, clock, log: app.log }, config.mensagensSegundos));

  const rateLimitedRoutes: RateLimitedRoute[] = [];
  app.addHook('onRoute', (route) => {
    const limit = route.config?.rateLimit as { max?: unknown; timeWindow?: unknown } | false | undefined;
    if (!limit || typeof limit.max !== 'number') return;
    for (const method of [route.method].flat()) rateLimitedRoutes.push({ method, url: route.url, max: limit.max, timeWindow: limit.timeWindow as string | number });
  });
  app.decorate('rateLimitedRoutes', rateLimitedRoutes);

  await registerSecurityHeaders(app, config);
  // Counters in PostgreSQL, so every instance on the database shares each limit; an IPv6 client
  // counts by its /64, as the customer page's own counters do (clientKey).
  await app.register(rateLimit, { global: false, store: postgresRateLimitStore(database.db), keyGenerator: (request) => clientKey(request.ip) });
  await registerOpenApi(app, config.publicUrl);
  app.get('/api/health', { schema: { hide: true } }, async () => ({ ok: true }));

  await app.register(sessionPlugin, { auth, db: database.db });
  await app.register(authRoutes);
  await app.register(contaRoutes);
  await app.register(vendasRoutes);
  await app.register(financeiroRoutes);
  await app.register(dashboardRoutes);
  await app.register(clientesRoutes);
  await app.register(produtosRoutes);
  await app.register(devedoresRoutes);
  await app.register(contestacoesRoutes);
  await app.register(mensagensRoutes);
  await app.register(whatsappRoutes);
  await app.register(relatoriosRoutes);
  await app.register(notificacoesRoutes);
  await app.register(configuracoesRoutes);
  await app.register(backupRoutes, { store: backups });
  await app.register(mercadopagoRoutes);
  await app.register(pixRoutes);
  await app.register(auditoriaRoutes);
  await app.register(equipeRoutes);
  await app.register(importacaoRoutes);
  await app.register(portalRoutes, { acesso: acessoCliente({ secret, secure: config.publicUrl.startsWith('https:') }) });
  await app.register(webhookRoutes);
  if (options.adminToken) await app.register(adminRoutes, { token: options.adminToken });

  await registerWebApp(app, options.webDist ?? DEFAULT_WEB_DIST);
  return app;
}
