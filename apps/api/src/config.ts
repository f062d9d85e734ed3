import path from 'node:path';

export interface RateLimits {
  /** Requests per IP per minute on sign-in. */
  signIn: number;
  /** Sign-ups per IP per hour. */
  signUp: number;
  /** Password-reset requests per IP per 15 minutes. */
  passwordReset: number;
}

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
  rateLimits: RateLimits;
  logLevel: string;
}

export const DEFAULT_RATE_LIMITS: RateLimits = { signIn: 10, signUp: 10, passwordReset: 5 };

function list(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
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
    rateLimits: {
      signIn: Number(env.RATE_LIMIT_SIGN_IN ?? DEFAULT_RATE_LIMITS.signIn),
      signUp: Number(env.RATE_LIMIT_SIGN_UP ?? DEFAULT_RATE_LIMITS.signUp),
      passwordReset: Number(env.RATE_LIMIT_PASSWORD_RESET ?? DEFAULT_RATE_LIMITS.passwordReset),
    },
    logLevel: env.LOG_LEVEL ?? 'info',
  };
}
