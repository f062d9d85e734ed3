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
};

/** Copies a Fetch Response from better-auth onto Fastify's reply, cookies included. */
export async function sendFetchResponse(reply: FastifyReply, response: Response) {
  reply.status(response.status);
  response.headers.forEach((value, key) => {
    if (key !== 'set-cookie' && key !== 'content-length') reply.header(key, value);
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length) reply.header('set-cookie', cookies);
  const text = await response.text();
  if (response.status >= 400 && (response.headers.get('content-type') ?? '').includes('application/json')) {
    try {
      const body = JSON.parse(text) as { code?: string; message?: string };
      const code = (body.code && CODE_MAP[body.code]) ?? body.code ?? (response.status === 401 ? 'UNAUTHENTICATED' : 'VALIDATION');
      return reply.send({ code, message: body.message ?? code });
    } catch {
      // Not JSON after all: pass it through below.
    }
  }
  return reply.send(text);
}
