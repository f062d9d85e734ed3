import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { fromNodeHeaders } from 'better-auth/node';
import { z } from 'zod';
import { emailDeEntrada, hasControlCharacters, safeString } from '@caderneta/shared';
import { AppError } from '../lib/errors';
import { hitRateLimit } from '../security/rate-limit-store';
import { invalidToken, sendFetchResponse } from './fetch-response';

// Bounded strings: better-auth gets only shallow, typed bodies (its own checks give the messages).
// Text that reaches the database (e-mails, tokens) or is stored (a new password) follows the
// safe-string rule: PostgreSQL refuses a NUL in text (22021), which surfaced as a 500. A password
// that is only compared (sign-in, the current one) is never queried: any string is just wrong.
const email = safeString().max(254);
const password = z.string().max(128);
const newPassword = safeString().max(128);
/** A reset token with control characters cannot exist: it is answered as any wrong one, never looked up. */
const resetToken = z.string().max(200);

/** What better-auth answers about the seller (its own fields; the app's are in GET /api/me). */
const authUserSchema = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  emailVerified: z.boolean(),
  image: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
const tags = ['auth'];

/**
 * Where better-auth sends the browser (a reset e-mail's link, sign-in's answer): a path of this
 * app only. Whoever asks for a reset chooses the link's target, and the link appends the reset
 * token to it: another site ("https://…", "//host", "/\\host", a tab the URL parser drops) would
 * receive the seller's token from the seller's own genuine e-mail.
 */
const appPath = z
  .string()
  .max(200)
  // "/" then printable ASCII without spaces or "\\", never a second "/" or "\\" first.
  .regex(/^\/(?![/\\])[!-[\]-~]*$/);
const redirect = appPath.optional();

/**
 * better-auth answers dozens of endpoints under /api/auth; only those the app's screens use are
 * open (sign-in, the password-reset pair and the link in the reset e-mail, and change-password
 * for the settings screen), each with a validated body, a per-IP rate limit and its answer in the
 * API document (the web calls them; their answers are checked like every other). Every other
 * /api/auth path is a 404, so nothing the app does not use (update-user, list-sessions,
 * get-session…) can be reached from outside. Sign-up is POST /api/cadastro; signing out is
 * POST /api/me/sair; the session is read in-process (auth/session.ts).
 */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const { auth } = app;
  const { publicUrl, rateLimits: limits } = app.config;

  function toFetchRequest(request: FastifyRequest) {
    const hasBody = request.body !== undefined && request.method !== 'GET' && request.method !== 'HEAD';
    return new Request(new URL(request.url, publicUrl), {
      method: request.method,
      headers: fromNodeHeaders(request.headers),
      // The body was validated against a flat schema: stringifying it cannot recurse deeply.
      body: hasBody ? JSON.stringify(request.body) : undefined,
    });
  }
  async function handle(request: FastifyRequest, reply: FastifyReply) {
    return sendFetchResponse(reply, await auth.handler(toFetchRequest(request)));
  }

  const perIp = (max: number, timeWindow: string) => ({ rateLimit: { max, timeWindow } });
  /**
   * Per account as well, from any address: one seller's password guessed from many addresses is
   * limited too. Every e-mail is counted alike, with or without an account, so a 429 tells nothing;
   * the key is a hash, so the counters table holds no e-mail.
   */
  const contaDe = (email: string) => createHash('sha256').update(email.trim().toLowerCase()).digest('base64url');
  async function perAccount(request: FastifyRequest) {
    const { email } = request.body as { email: string };
    const hit = await hitRateLimit(app.db, `sign-in-conta:${contaDe(email)}`, 15 * 60_000);
    if (hit.current > limits.signInPerAccount) throw new AppError('RATE_LIMITED', 429, { message: 'Muitas tentativas. Aguarde e tente novamente.' });
  }
  app.post(
    '/api/auth/sign-in/email',
    {
      config: perIp(limits.signIn, '1 minute'),
      preHandler: perAccount,
      schema: {
        tags,
        summary: 'Sign in with e-mail and password (sets the session cookie)',
        // "E-mail ou usuário": a login without e-mail signs in as its account's reserved address.
        body: z.object({ email: email.transform(emailDeEntrada), password, rememberMe: z.boolean().optional(), callbackURL: redirect }),
        response: { 200: z.object({ redirect: z.boolean(), url: z.string().optional(), user: authUserSchema }) },
      },
    },
    handle,
  );
  app.post(
    '/api/auth/request-password-reset',
    {
      config: perIp(limits.passwordReset, '15 minutes'),
      schema: {
        tags,
        summary: 'E-mail a password-reset link (the answer is the same whether the address has an account or not)',
        body: z.object({ email, redirectTo: redirect }),
        response: { 200: z.object({ status: z.literal(true), message: z.string() }) },
      },
    },
    async (request, reply) => {
      // Per address asked for, from any client: at most `passwordReset` e-mails an hour, or many
      // clients could flood a seller's inbox (and the shop's sender) with genuine reset mails.
      // Past it nothing is sent and the answer is better-auth's usual one, account or not.
      const hit = await hitRateLimit(app.db, `reset-conta:${contaDe(request.body.email)}`, 60 * 60_000);
      if (hit.current > limits.passwordReset) return { status: true as const, message: 'If this email exists in our system, check your email for the reset link' };
      return handle(request, reply);
    },
  );
  app.post(
    '/api/auth/reset-password',
    {
      config: perIp(limits.passwordReset * 2, '15 minutes'),
      schema: {
        tags,
        summary: 'Set a new password with the token of a reset link',
        body: z.object({ newPassword, token: resetToken }),
        response: { 200: z.object({ status: z.literal(true) }) },
      },
      preHandler: async (request) => {
        if (hasControlCharacters(request.body.token)) throw invalidToken();
      },
    },
    handle,
  );
  // The link in the reset e-mail: checks the token and redirects to the SPA's form.
  app.get(
    '/api/auth/reset-password/:token',
    {
      config: perIp(limits.passwordReset * 2, '15 minutes'),
      schema: {
        tags,
        summary: "The reset e-mail's link: redirects to the app's /reset-password page with the token, or with error=INVALID_TOKEN",
        params: z.object({ token: resetToken }),
        querystring: z.object({ callbackURL: appPath }),
        response: { 302: z.null().describe('Redirect (Location) to callbackURL') },
      },
    },
    handle,
  );
  app.post(
    '/api/auth/change-password',
    {
      config: perIp(limits.changePassword, '15 minutes'),
      schema: {
        tags,
        summary: "Change the signed-in seller's password; signs every other session out",
        // A changed password always signs the seller's other sessions out (other devices, a
        // stolen cookie): the caller cannot ask otherwise.
        body: z.object({ currentPassword: password, newPassword }).transform((body) => ({ ...body, revokeOtherSessions: true })),
        response: { 200: z.object({ user: authUserSchema }) },
      },
    },
    handle,
  );
  app.route({
    method: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
    url: '/api/auth/*',
    schema: { hide: true },
    handler: async (request, reply) =>
      reply.status(404).send({ code: 'NOT_FOUND', message: `Rota ${request.method} ${request.routeOptions.url} não encontrada` }),
  });
};
