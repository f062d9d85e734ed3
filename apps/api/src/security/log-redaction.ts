import type { FastifyRequest } from 'fastify';
import { constraintName, sqlState } from '../lib/pg-errors';

/**
 * Secrets that travel in URLs: the reset link's path (`/api/auth/reset-password/<token>`),
 * `?token=` (the SPA's /reset-password page, better-auth's callbacks) and a customer's access
 * code — in the customer page's API (`/api/portal/<code>`), on the page itself (`/cliente/<code>`)
 * and on the pages Mercado Pago sends the customer back to (`/cliente/<code>/pagamento-sucesso?…`) —
 * and an invitation's token, on its page (`/convite/<token>`) and in its API (`/api/convites/<token>`).
 */
export function redactUrl(url: string): string {
  return url
    .replace(/(\/reset-password\/)[^/?#]+/g, '$1[redacted]')
    // A customer's access code opens their page: it is a credential too.
    .replace(/(\/api\/portal\/)(?!exemplos(?:[/?#]|$))[^/?#]+/g, '$1[redacted]')
    .replace(/^(\/+cliente\/)[^/?#]+/i, '$1[redacted]')
    // An invitation's link makes an account of the shop until it is used.
    .replace(/(\/convites?\/)[^/?#]+/gi, '$1[redacted]')
    .replace(/([?&](?:token|access_token|code)=)[^&#]*/gi, '$1[redacted]');
}

interface SafeError {
  type: string;
  message: string;
  code?: string;
  constraint?: string;
  statusCode?: number;
  /** The SQL text of a failed query, with its $1, $2… placeholders. */
  query?: string;
  stack?: string;
  cause?: SafeError;
}

function isError(value: unknown): value is Error {
  return value instanceof Error || (typeof value === 'object' && value !== null && 'message' in value && 'stack' in value);
}

/** The stack's frames without its first line, which repeats the message. */
function frames(error: Error): string | undefined {
  return error.stack?.split('\n').filter((line) => line.trimStart().startsWith('at ')).join('\n');
}

/**
 * An error as it may be logged. A failed query (drizzle's DrizzleQueryError, a driver error)
 * carries the statement's parameters — e-mails, access codes, session tokens — in `params` and
 * in its message, and PostgreSQL's `detail` repeats the offending values: only the SQLSTATE, the
 * constraint and the statement are kept.
 */
export function safeError(error: unknown, depth = 0): SafeError {
  if (!isError(error)) return { type: typeof error, message: 'non-error value thrown' };
  const withQuery = error as Error & { query?: unknown; params?: unknown; statusCode?: unknown };
  const ownCode = (error as { code?: unknown }).code;
  const code = sqlState(error) ?? (typeof ownCode === 'string' ? ownCode : undefined);
  const fromDatabase = typeof withQuery.query === 'string' || sqlState(error) !== undefined;
  const out: SafeError = {
    type: error.name || error.constructor?.name || 'Error',
    message: fromDatabase ? 'database query failed' : error.message,
    stack: fromDatabase ? frames(error) : error.stack,
  };
  if (code) out.code = code;
  const constraint = constraintName(error);
  if (constraint) out.constraint = constraint;
  if (typeof withQuery.statusCode === 'number') out.statusCode = withQuery.statusCode;
  if (typeof withQuery.query === 'string') out.query = withQuery.query;
  const cause = (error as { cause?: unknown }).cause;
  if (cause !== undefined && depth < 3) out.cause = safeError(cause, depth + 1);
  return out;
}

/** pino serializers for the app's logger: URLs without tokens, errors without parameters. */
export const logSerializers = {
  req(request: FastifyRequest) {
    return {
      method: request.method,
      url: redactUrl(request.url),
      host: request.host,
      remoteAddress: request.ip,
      remotePort: request.socket?.remotePort,
    };
  },
  err: safeError,
};
