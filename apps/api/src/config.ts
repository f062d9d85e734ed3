import path from 'node:path';

export interface RateLimits {
  /** Requests per IP per minute on sign-in. */
  signIn: number;
  /** Sign-in attempts on one e-mail per 15 minutes, from any address (guessing one seller's password from many). */
  signInPerAccount: number;
  /** Sign-ups per IP per hour. */
  signUp: number;
  /** Password-reset requests per IP per 15 minutes. */
  passwordReset: number;
  /** Password changes (each one checks the current password) per IP per 15 minutes. */
  changePassword: number;
  /** Customer-page lookups per IP per minute. */
  portalLookup: number;
  /** Customer-page lookups of one access code per 15 minutes (from any address). */
  portalLookupPerCode: number;
  /** Codes that open no customer page (unknown, or a deactivated customer's) per IP per 15 minutes. */
  portalMisses: number;
  /** Online payments started (and status checks) per IP, and per code, per 15 minutes. */
  portalPayment: number;
  /** "Testar Conexão" calls to Mercado Pago per IP per minute. */
  providerTest: number;
  /** Backup exports, checks and restores (each reads or writes a whole shop) per IP per minute. */
  backup: number;
}

/**
 * Which proxies may tell us the client's address (X-Forwarded-For), as Fastify's `trustProxy`
 * takes it: `false` (none: the socket's address is the client), a number of hops to trust from
 * the nearest, or the proxies' addresses/CIDRs. `true` trusts every hop, so any client could
 * pick its own address (and its own rate-limit bucket): only behind a proxy that overwrites
 * the header.
 */
export type TrustProxy = boolean | number | string[];

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  /** The address people use to reach the app; links in e-mails point here. */
  publicUrl: string;
  /** Further origins allowed to call the API with cookies (e.g. the shop PC's LAN address). */
  trustedOrigins: string[];
  smtpUrl?: string;
  mailFrom: string;
  authSecret?: string;
  /**
   * Where automatic backups go (BACKUP_DIR): a directory, shared by every instance. Unset: under
   * DATA_DIR/backups with PGlite, in the database (table backups_automaticos) on a server.
   */
  backupDir?: string;
  rateLimits: RateLimits;
  trustProxy: TrustProxy;
  logLevel: string;
  /** Mercado Pago's REST API (the fake one on loopback in development and tests). */
  mercadopagoApiUrl: string;
  /** Key that encrypts sellers' payment credentials at rest; generated and kept in the database when unset. */
  encryptionKey?: string;
  /** How often, in whole seconds, pending online payments are re-checked with Mercado Pago (0 = never). */
  paymentRecheckSeconds: number;
  /** How often, in whole seconds, the outbox of messages to customers is sent (0 = never; docs/decisions/043). */
  mensagensSegundos: number;
  /** WhatsApp's Cloud API (Meta's Graph API with its version), or the fake one. */
  whatsappApiUrl: string;
}

export const MERCADOPAGO_API_URL = 'https://api.mercadopago.com';
export const WHATSAPP_API_URL = 'https://graph.facebook.com/v21.0';

export const DEFAULT_RATE_LIMITS: RateLimits = {
  signIn: 10,
  signInPerAccount: 20,
  signUp: 10,
  passwordReset: 5,
  changePassword: 10,
  portalLookup: 30,
  portalLookupPerCode: 60,
  portalMisses: 20,
  portalPayment: 10,
  providerTest: 20,
  backup: 12,
};

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

const IPV4_OR_CIDR = /^\d{1,3}(\.\d{1,3}){3}(\/\d{1,2})?$/;
const IPV6_OR_CIDR = /^[0-9a-f:.]*:[0-9a-f:.]*(\/\d{1,3})?$/i;
const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** TRUST_PROXY: `false` (default), `true`, a hop count (`1`), or addresses/CIDRs (`127.0.0.1,10.0.0.0/8`). */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? '').trim();
  if (text === '' || text === 'false') return false;
  if (text === 'true') return true;
  if (/^\d+$/.test(text)) return Number(text);
  const entries = list(text);
  for (const entry of entries) {
    if (!IPV4_OR_CIDR.test(entry) && !IPV6_OR_CIDR.test(entry) && !PROXY_NAMES.has(entry)) {
      throw new Error(
        `TRUST_PROXY must be true, false, a number of hops or proxy addresses/CIDRs separated by commas; "${entry}" is none of these`,
      );
    }
  }
  return entries;
}

/**
 * The value Fastify takes. Fastify 5.12 trusts nothing for a bare number (a direct client could
 * forge enough hops), so hop counts become a function: the socket peer and the nearest n − 1
 * addresses it forwarded are proxies, the next one to the left is the client.
 */
export function fastifyTrustProxy(value: TrustProxy): boolean | string[] | ((address: string, hop: number) => boolean) {
  if (typeof value === 'number') return value === 0 ? false : (_address, hop) => hop < value;
  return value;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, '');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    publicUrl,
    trustedOrigins: list(env.TRUSTED_ORIGINS),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Caderneta <nao-responda@caderneta.local>',
    authSecret: env.AUTH_SECRET || undefined,
    backupDir: env.BACKUP_DIR ? path.resolve(env.BACKUP_DIR) : undefined,
    rateLimits: {
      signIn: Number(env.RATE_LIMIT_SIGN_IN ?? DEFAULT_RATE_LIMITS.signIn),
      signInPerAccount: Number(env.RATE_LIMIT_SIGN_IN_PER_ACCOUNT ?? DEFAULT_RATE_LIMITS.signInPerAccount),
      signUp: Number(env.RATE_LIMIT_SIGN_UP ?? DEFAULT_RATE_LIMITS.signUp),
      passwordReset: Number(env.RATE_LIMIT_PASSWORD_RESET ?? DEFAULT_RATE_LIMITS.passwordReset),
      changePassword: Number(env.RATE_LIMIT_CHANGE_PASSWORD ?? DEFAULT_RATE_LIMITS.changePassword),
      portalLookup: Number(env.RATE_LIMIT_CUSTOMER_PAGE ?? DEFAULT_RATE_LIMITS.portalLookup),
      portalLookupPerCode: Number(env.RATE_LIMIT_CUSTOMER_PAGE_PER_CODE ?? DEFAULT_RATE_LIMITS.portalLookupPerCode),
      portalMisses: Number(env.RATE_LIMIT_CUSTOMER_PAGE_MISSES ?? DEFAULT_RATE_LIMITS.portalMisses),
      portalPayment: Number(env.RATE_LIMIT_ONLINE_PAYMENT ?? DEFAULT_RATE_LIMITS.portalPayment),
      providerTest: DEFAULT_RATE_LIMITS.providerTest,
      backup: Number(env.RATE_LIMIT_BACKUP ?? DEFAULT_RATE_LIMITS.backup),
    },
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    logLevel: env.LOG_LEVEL ?? 'info',
    mercadopagoApiUrl: (env.MERCADOPAGO_API_URL || MERCADOPAGO_API_URL).replace(/\/+$/, ''),
    encryptionKey: env.ENCRYPTION_KEY || undefined,
    paymentRecheckSeconds: Math.round(Number(env.PAYMENT_RECHECK_SECONDS ?? 120)),
    mensagensSegundos: Math.max(0, Math.round(Number(env.MENSAGENS_SEGUNDOS ?? 60)) || 0),
    whatsappApiUrl: (env.WHATSAPP_API_URL || WHATSAPP_API_URL).replace(/\/+$/, ''),
  };
}
