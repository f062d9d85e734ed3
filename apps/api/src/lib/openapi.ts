import type { FastifyInstance } from 'fastify';
import swagger from '@fastify/swagger';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ERROR_CODES } from '@caderneta/shared';

/**
 * Every error answer (lib/error-handler.ts, auth/fetch-response.ts): one of the codes the web
 * translates, a sentence for other callers, the fields at fault, and what the screen needs.
 */
export const errorBodySchema = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  details: z.record(z.string(), z.unknown()).optional(),
});

const { $schema: _dialect, ...errorBodyJsonSchema } = z.toJSONSchema(errorBodySchema, { target: 'draft-2020-12', io: 'output' });

/**
 * The API document, `/api/openapi.json`, generated from the routes' zod schemas. OpenAPI 3.1:
 * its schemas are JSON Schema 2020-12, so a nullable enum is `anyOf [enum, null]` and a strict
 * validator (and the API tests, which check every answer against it) read it as the server means
 * it; 3.0's `nullable: true` next to an `enum` without `null` refused the nulls the API sends.
 * Each operation's `default` answer is the error body: any status it does not list is an error.
 */
export async function registerOpenApi(app: FastifyInstance, publicUrl: string) {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: { title: 'Caderneta API', version: '1.0.0', description: 'Gestão de vendas fiadas' },
      servers: [{ url: publicUrl }],
    },
    transform: (route) => {
      const { schema, url } = jsonSchemaTransform(route);
      if (!schema || schema.hide) return { schema, url };
      const response = { ...(schema.response as Record<string, unknown> | undefined), default: { description: 'Erro: { code, message, issues?, details? }', ...errorBodyJsonSchema } };
      return { schema: { ...schema, response }, url };
    },
  });
  app.get('/api/openapi.json', { schema: { hide: true } }, async () => app.swagger());
}
