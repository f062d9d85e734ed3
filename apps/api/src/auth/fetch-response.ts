import type { FastifyReply } from 'fastify';

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
  const code = (error.code && CODE_MAP[error.code]) ?? error.code ?? (response.status === 401 ? 'UNAUTHENTICATED' : 'VALIDATION');
  return reply.send({ code, message: error.message ?? code });
}
