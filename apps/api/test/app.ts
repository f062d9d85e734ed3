import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, FastifyServerOptions, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../src/app';
import { loadConfig, type RateLimits } from '../src/config';
import { openDatabase, type Database, type DbHandle } from '../src/db/client';
import type { MailMessage } from '../src/mail/mailer';
import type { Clock } from '../src/lib/clock';
import { createAccessCodes } from '../src/modules/codigos/codigos.service';
import { createTestDatabase } from './db';
import { checkInjectedResponses } from './openapi';

export const TEST_ORIGIN = 'http://localhost:3000';

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  database: DbHandle;
  /** Every e-mail the app sent, newest last. */
  mails: MailMessage[];
  /** The newest e-mail to `to`, waiting for it: some are sent after the answer (password reset). */
  mailTo(to: string): Promise<MailMessage>;
  /** The app's DATA_DIR. */
  dataDir: string;
  close(): Promise<void>;
}

/** The real app on a fresh database of its own; mail is captured instead of sent. */
export interface TestAppOptions {
  rateLimits?: Partial<RateLimits>;
  adminToken?: string;
  /** TRUSTED_ORIGINS */
  trustedOrigins?: string[];
  /** TRUST_PROXY, as in the environment. */
  trustProxy?: string;
  /** Mail is captured only once this settles: a slow mail server. */
  mailGate?: Promise<void>;
  /** A mail server that refuses some messages: when this answers an error, `send` throws it and nothing is captured. */
  mailRefusal?: (message: MailMessage) => Error | null;
  /** Fastify logger options (e.g. a stream that captures lines); off by default. */
  logger?: FastifyServerOptions['logger'];
  /** Further routes a test needs (registered before the app is ready). */
  extraRoutes?: (app: FastifyInstance) => void | Promise<void>;
  /** Where "now" comes from (default: the system clock). */
  clock?: Clock;
  /** MERCADOPAGO_API_URL (e.g. the fake server's). */
  mercadopagoApiUrl?: string;
  /** WHATSAPP_API_URL (e.g. the fake server's). */
  whatsappApiUrl?: string;
  /** A second instance on the very same database handle (PGlite or PostgreSQL); it is not closed by this app. */
  shareDatabase?: DbHandle;
  /** A second app instance on this one's PostgreSQL database (its own connection pool), as two servers behind a load balancer. */
  sameDatabaseAs?: TestApp;
  /** ENCRYPTION_KEY */
  encryptionKey?: string;
  /** DATA_DIR (backups, outbox); a fresh temporary directory by default. */
  dataDir?: string;
  /** PAYMENT_RECHECK_SECONDS: registers the re-check job (tests run it with `app.jobs.runDue()`); off by default. */
  paymentRecheckSeconds?: number;
  /** MENSAGENS_SEGUNDOS: registers the job that sends messages to customers (tests run it with `app.jobs.runDue()`); off by default. */
  mensagensSegundos?: number;
}

export async function buildTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const shared = options.sameDatabaseAs?.database as (DbHandle & { url?: string }) | undefined;
  if (shared && !shared.url) throw new Error('sameDatabaseAs needs a PostgreSQL test database');
  const database =
    options.shareDatabase ?? (shared ? await openDatabase({ kind: 'postgres', url: shared.url!, max: 20 }) : await createTestDatabase());
  const mails: MailMessage[] = [];
  const dataDir = options.dataDir ?? mkdtempSync(path.join(os.tmpdir(), 'caderneta-test-'));
  const base = loadConfig({
    DATA_DIR: dataDir,
    PUBLIC_URL: TEST_ORIGIN,
    AUTH_SECRET: 'test-secret-test-secret-test-secret!',
    TRUSTED_ORIGINS: (options.trustedOrigins ?? []).join(','),
    TRUST_PROXY: options.trustProxy,
    MERCADOPAGO_API_URL: options.mercadopagoApiUrl ?? 'http://127.0.0.1:9',
    WHATSAPP_API_URL: options.whatsappApiUrl ?? 'http://127.0.0.1:9',
    ENCRYPTION_KEY: options.encryptionKey,
    // Jobs never run on a timer in tests (nothing calls jobs.start()); the re-check job is registered only when asked for.
    PAYMENT_RECHECK_SECONDS: String(options.paymentRecheckSeconds ?? 0),
    MENSAGENS_SEGUNDOS: String(options.mensagensSegundos ?? 0),
  });
  const unlimited = { signIn: 1000, signInPerAccount: 1000, signUp: 1000, passwordReset: 1000, changePassword: 1000, portalLookup: 1000, portalLookupPerCode: 1000, portalMisses: 1000, portalPayment: 1000, providerTest: 1000, backup: 1000 };
  const config = { ...base, rateLimits: { ...unlimited, ...options.rateLimits } };
  const app = await buildApp({
    database,
    config,
    mailer: {
      send: async (m) => {
        await options.mailGate;
        const refusal = options.mailRefusal?.(m);
        if (refusal) throw refusal;
        mails.push(m);
      },
    },
    webDist: '/nonexistent',
    adminToken: options.adminToken,
    logger: options.logger,
    clock: options.clock,
  });
  await options.extraRoutes?.(app);
  // Every answer a test receives is held to the API document (test/openapi.ts).
  checkInjectedResponses(app);
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    mails,
    async mailTo(to) {
      for (let waited = 0; waited < 5000; waited += 10) {
        const mail = [...mails].reverse().find((m) => m.to === to);
        if (mail) return mail;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      throw new Error(`no e-mail to ${to} within 5 s`);
    },
    dataDir,
    async close() {
      await app.close();
      if (!options.shareDatabase) await database.close();
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface SellerSession {
  id: string;
  email: string;
  cookie: string;
  /** app.inject with this seller's cookie and a same-origin Origin header. */
  request(options: InjectOptions): Promise<LightMyRequestResponse>;
}

let sellerCounter = 0;

export function cookieFrom(response: LightMyRequestResponse): string {
  const raw = response.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list.map((c) => c.split(';')[0]).join('; ');
}

export async function signUp(t: TestApp, overrides: Record<string, string> = {}) {
  const [codigo] = await createAccessCodes(t.db, 1);
  const n = ++sellerCounter;
  const body = {
    nomeCompleto: `Vendedor ${n}`,
    nomeLoja: `Loja ${n}`,
    codigoAcesso: codigo!,
    email: `vendedor${n}-${Date.now()}@example.com`,
    senha: 'segredo123',
    confirmarSenha: 'segredo123',
    ...overrides,
  };
  const response = await t.app.inject({ method: 'POST', url: '/api/cadastro', headers: { origin: TEST_ORIGIN }, payload: body });
  return { response, body };
}

/** Signs a new seller up with a fresh access code and signs them in. */
export async function createSeller(t: TestApp, overrides: Record<string, string> = {}): Promise<SellerSession> {
  const { response, body } = await signUp(t, overrides);
  if (response.statusCode !== 201) throw new Error(`sign-up failed: ${response.statusCode} ${response.body}`);
  const signIn = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: TEST_ORIGIN },
    payload: { email: body.email, password: body.senha, rememberMe: true },
  });
  if (signIn.statusCode !== 200) throw new Error(`sign-in failed: ${signIn.statusCode} ${signIn.body}`);
  const cookie = cookieFrom(signIn);
  const id = (signIn.json() as { user: { id: string } }).user.id;
  return {
    id,
    email: body.email,
    cookie,
    request: (options) =>
      t.app.inject({ ...options, headers: { origin: TEST_ORIGIN, cookie, ...(options.headers ?? {}) } }),
  };
}

export interface StaffSession extends SellerSession {
  /** The person's row on the Equipe screen. */
  pessoaId: string;
  usuario: string;
  senha: string;
}

let staffCounter = 0;

/**
 * A person of `owner`'s shop, created by the owner as a login without e-mail (POST
 * /api/equipe/logins) with `acesso` (a role and, optionally, permissions and a discount cap), and
 * signed in with that login. `id` is the person's own account.
 */
export async function createStaff(
  t: TestApp,
  owner: SellerSession,
  acesso: { papel: 'dono' | 'gerente' | 'caixa'; permissoes?: string[]; descontoMaximo?: number; nome?: string } = { papel: 'caixa' },
): Promise<StaffSession> {
  const usuario = `pessoa${++staffCounter}.${Date.now().toString(36)}`;
  const senha = 'segredo123';
  const created = await owner.request({
    method: 'POST',
    url: '/api/equipe/logins',
    payload: { nome: acesso.nome ?? `Pessoa ${staffCounter}`, usuario, senha, confirmarSenha: senha, ...acesso },
  });
  if (created.statusCode !== 201) throw new Error(`staff login not created: ${created.statusCode} ${created.body}`);
  const session = await signInAs(t, usuario, senha);
  return { ...session, pessoaId: (created.json() as { id: string }).id, usuario, senha };
}

/** Signs in with an e-mail or a login and answers a session of it (throws when refused). */
export async function signInAs(t: TestApp, emailOuUsuario: string, senha: string): Promise<SellerSession> {
  const signIn = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: TEST_ORIGIN },
    payload: { email: emailOuUsuario, password: senha, rememberMe: true },
  });
  if (signIn.statusCode !== 200) throw new Error(`sign-in failed: ${signIn.statusCode} ${signIn.body}`);
  const cookie = cookieFrom(signIn);
  const { id, email } = (signIn.json() as { user: { id: string; email: string } }).user;
  return { id, email, cookie, request: (options) => t.app.inject({ ...options, headers: { origin: TEST_ORIGIN, cookie, ...(options.headers ?? {}) } }) };
}
