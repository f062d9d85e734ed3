import type { FastifyReply } from 'fastify';
import { ERROR_CODES, type ErrorCode } from '@caderneta/shared';

/** better-auth's error codes, mapped to the ones the web translates. */
const CODE_MAP: Record<string, string> = {
  INVALID_EMAIL_OR_PASSWORD: 'INVALID_CREDENTIALS',
  INVALID_EMAIL: 'VALIDATION',
  INVALID_TOKEN: 'INVALID_TOKEN',
  PASSWORD_TOO_SHORT: 'PASSWORD_TOO_SHORT',
  PASSWORD_TOO_LONG: 'VALIDATION',
  USER_NOT_FOUND: 'INVALID_CREDENTIALS',
  CREDENTIAL_ACCOUNT_NOT_FOUND: 'INVALID_CREDENTIALS',
  FAILED_TO_GET_SESSION: 'UNAUTHENTICATED',
  SESSION_EXPIRED: 'UNAUTHENTICATED',
  // change-password: the current password given is wrong.
  INVALID_PASSWORD: 'SENHA_ATUAL_INCORRETA',
};

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
  const mapped = error.code ? (CODE_MAP[error.code] ?? (isErrorCode(error.code) ? error.code : undefined)) : undefined;
  // A code of better-auth's the web has no text for would show its English message: the status says enough.
  const code = mapped ?? CODE_BY_STATUS[response.status] ?? 'VALIDATION';
  return reply.send({ code, message: mapped ? (error.message ?? code) : 'Pedido recusado' });
}
