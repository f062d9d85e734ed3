import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Language } from '@caderneta/shared';
import { PASSWORD_MIN_LENGTH, usuarioDoEmail } from '@caderneta/shared';
import type { Database } from '../db/client';
import { accounts, perfis, sessions, users, verifications } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { resetPasswordMail } from '../mail/templates';
import { COOKIE_PREFIX } from './cookie';

export interface AuthOptions {
  db: Database;
  secret: string;
  publicUrl: string;
  /** Every origin whose pages may call the API with cookies, PUBLIC_URL's included (security/origins.ts). */
  trustedOrigins: string[];
  mailer: Mailer;
  log: FastifyBaseLogger;
}

export const SESSION_DAYS = 30;

export function createAuth({ db, secret, publicUrl, trustedOrigins, mailer, log }: AuthOptions) {
  return betterAuth({
    appName: 'Caderneta',
    baseURL: publicUrl,
    basePath: '/api/auth',
    secret,
    trustedOrigins: [...trustedOrigins],
    database: drizzleAdapter(db, {
      provider: 'pg',
      schema: { user: users, session: sessions, account: accounts, verification: verifications },
      // PGlite has one connection; the adapter must not open transactions of its own.
      transaction: false,
    }),
    emailAndPassword: {
      enabled: true,
      // Sign-up goes through POST /api/cadastro, which consumes the access code in the same transaction.
      disableSignUp: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: 128,
      autoSignIn: false,
      resetPasswordTokenExpiresIn: 60 * 60,
      revokeSessionsOnPasswordReset: true,
      // The answer must not wait for the e-mail: an unknown address answers at once, so a known
      // one must too, or the time taken tells whether the e-mail has an account.
      async sendResetPassword({ user, url }) {
        // A login without e-mail has an address no mail reaches: the shop's owner sets its password.
        if (usuarioDoEmail(user.email)) return;
        setImmediate(() => {
          void (async () => {
            const [perfil] = await db.select({ idioma: perfis.idioma }).from(perfis).where(eq(perfis.ownerId, user.id));
            const mail = resetPasswordMail((perfil?.idioma ?? 'pt-BR') as Language, user.name, url);
            await mailer.send({ to: user.email, ...mail, link: url });
          })().catch((error: unknown) => log.error({ err: error }, 'password-reset e-mail not sent'));
        });
      },
    },
    session: {
      expiresIn: 60 * 60 * 24 * SESSION_DAYS,
      updateAge: 60 * 60 * 24,
    },
    // Limits are applied by @fastify/rate-limit per route, per IP.
    rateLimit: { enabled: false },
    advanced: {
      cookiePrefix: COOKIE_PREFIX,
      useSecureCookies: publicUrl.startsWith('https://'),
      defaultCookieAttributes: { httpOnly: true, sameSite: 'lax' },
    },
    logger: {
      // better-auth passes e-mails and failed queries (with their parameters) as arguments: only
      // errors are kept, and the logger's `err` serializer strips those.
      log: (level, message, ...args) => {
        const fn = level === 'error' ? log.error.bind(log) : level === 'warn' ? log.warn.bind(log) : log.debug.bind(log);
        const error = args.find((arg) => arg instanceof Error);
        fn(error ? { err: error } : {}, `auth: ${message}`);
      },
    },
  });
}

export type Auth = ReturnType<typeof createAuth>;
