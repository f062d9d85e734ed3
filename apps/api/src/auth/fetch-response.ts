import type { FastifyReply } from 'fastify';
import { ERROR_CODES, type ErrorCode } from '@caderneta/shared';
import { AppError } from '../lib/errors';

/**
 * better-auth's error codes, mapped to the ones the web translates, each with the catalogue's
 * message (spec §8) for callers other than the web: better-auth's own messages are English.
 */
const CODE_MAP: Record<string, { code: ErrorCode; message: string }> = {
  INVALID_EMAIL_OR_PASSWORD: { code: 'INVALID_CREDENTIALS', message: 'Credenciais inválidas' },
  INVALID_EMAIL: { code: 'VALIDATION', message: 'Informe um e-mail válido.' },
  INVALID_TOKEN: { code: 'INVALID_TOKEN', message: 'Link inválido ou expirado. Peça um novo link.' },
  PASSWORD_TOO_SHORT: { code: 'PASSWORD_TOO_SHORT', message: 'A senha deve ter pelo menos 6 caracteres.' },
  PASSWORD_TOO_LONG: { code: 'VALIDATION', message: 'A senha deve ter no máximo 128 caracteres.' },
  USER_NOT_FOUND: { code: 'INVALID_CREDENTIALS', message: 'Credenciais inválidas' },
  CREDENTIAL_ACCOUNT_NOT_FOUND: { code: 'INVALID_CREDENTIALS', message: 'Credenciais inválidas' },
  FAILED_TO_GET_SESSION: { code: 'UNAUTHENTICATED', message: 'Sessão não encontrada. Faça login novamente.' },
  SESSION_EXPIRED: { code: 'UNAUTHENTICATED', message: 'Sessão não encontrada. Faça login novamente.' },
  // change-password: the current password given is wrong.
  INVALID_PASSWORD: { code: 'SENHA_ATUAL_INCORRETA', message: 'Senha atual incorreta' },
};

/** A reset token that cannot exist answers like any wrong one. */
export const invalidToken = () => new AppError('INVALID_TOKEN', 400, { message: CODE_MAP.INVALID_TOKEN!.message });

const CODE_BY_STATUS: Record<number, ErrorCode> = { 401: 'UNAUTHENTICATED', 403: 'FORBIDDEN', 404: 'NOT_FOUND', 429: 'RATE_LIMITED' };
const isErrorCode = (code: string): code is ErrorCode => (ERROR_CODES as readonly string[]).includes(code);

/** Session tokens never leave in a body: the browser needs only the HttpOnly cookie. */
function withoutTokens(body: unknown): unknown {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
  const { token: _token, ...rest } = body as Record<string, unknown>;
  const session = rest.session;
  if (session && typeof session === 'object' && !Array.isArray(session)) {
    const { token: _sessionToken, ...sessionRest } = session as Record<string, unknown>;
    rest.session = sessionRest;
  }
  return rest;
}

/** Copies a Fetch Response from better-auth onto Fastify's reply, cookies included. */
export async function sendFetchResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  const text = await response.text();
  if (!(response.headers.get('content-type') ?? '').includes('application/json')) return reply.send(text);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return reply.send(text); // Not JSON after all: pass it through.
  }
  if (response.status < 400) return reply.send(withoutTokens(body));
  const error = (body ?? {}) as { code?: string; message?: string };
  const known = error.code ? CODE_MAP[error.code] : undefined;
  if (known) return reply.send(known);
  // One of our own codes (a hook of ours threw it) keeps its message.
  if (error.code && isErrorCode(error.code)) return reply.send({ code: error.code, message: error.message ?? error.code });
  // A code of better-auth's the web has no text for would show its English message: the status says enough.
  return reply.send({ code: CODE_BY_STATUS[response.status] ?? 'VALIDATION', message: 'Pedido recusado' });
}
