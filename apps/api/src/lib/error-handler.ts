import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import type { ApiErrorBody, ApiIssue, ErrorCode } from '@caderneta/shared';
import { AppError } from './errors';

/** Fastify's own refusals of a request, by status, in codes the web translates. */
const RECUSAS: Record<number, { code: ErrorCode; message: string }> = {
  413: { code: 'PAYLOAD_TOO_LARGE', message: 'Os dados enviados passam do tamanho máximo aceito.' },
  415: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Formato de dados não aceito.' },
};
const RECUSA_GERAL = { code: 'BAD_REQUEST', message: 'Pedido inválido.' } as const;

/** One place that turns anything thrown into `{ code, message, issues }`; never a 500 for user input. */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      const body: ApiErrorBody = { code: error.code, message: error.message };
      if (error.issues) body.issues = error.issues;
      if (error.details) body.details = error.details;
      return reply.status(error.status).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issues: ApiIssue[] = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: v.message ?? v.keyword,
      }));
      return reply.status(400).send({ code: 'VALIDATION', message: 'Dados inválidos', issues } satisfies ApiErrorBody);
    }
    if (error.statusCode === 429) {
      return reply.status(429).send({ code: 'RATE_LIMITED', message: 'Muitas tentativas. Aguarde e tente novamente.' });
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error }, 'response did not match its schema');
      return reply.status(500).send({ code: 'INTERNAL', message: 'Erro interno' });
    }
    // Malformed JSON, wrong content type, body too large…: the caller's fault, told clearly, with
    // a code the web has a text for (fastify's own messages are English); fastify's code in details.motivo.
    if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      const { code, message } = RECUSAS[error.statusCode] ?? RECUSA_GERAL;
      return reply.status(error.statusCode).send({ code, message, ...(error.code ? { details: { motivo: error.code } } : {}) });
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ code: 'INTERNAL', message: 'Erro interno' });
  });
}
