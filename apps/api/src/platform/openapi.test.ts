import { gzipSync } from 'node:zlib';
import { Validator } from '@seriousme/openapi-schema-validator';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { buildTestApp, createSeller, type SellerSession, type TestApp } from '../../test/app';
import { strictAjv, type ApiDocument, type SchemaObject } from '../../test/openapi';
import { documentedRoutes } from '../../test/routes';
import { matchesDocumentPath, webApiCalls } from '../../test/web-calls';
import { apiPath } from '../paths';

// The API document (/api/openapi.json) is a contract: valid OpenAPI, every route the web app calls
// in it, and every answer the API tests receive held to it (test/openapi.ts).

let t: TestApp;
let seller: SellerSession;
let doc: ApiDocument;
beforeAll(async () => {
  t = await buildTestApp({
    extraRoutes: (base) => {
      const app = base.withTypeProvider<ZodTypeProvider>();
      const pessoa = z.object({ nome: z.string(), metodo: z.enum(['pix', 'cartao']).nullable() });
      app.get('/api/teste/nulo', { schema: { response: { 200: pessoa } } }, () => ({ nome: 'Ana', metodo: null }));
      app.get('/api/teste/status-nao-documentado', { schema: { response: { 201: pessoa } } }, () => ({ nome: 'Ana', metodo: 'pix' as const }));
      // Answers sent as text (or a Buffer) skip the serializer's own check: what the tests' check must catch.
      base.get('/api/teste/fora-do-documento', { schema: { response: { 200: pessoa } } }, async (_request, reply) =>
        reply.type('application/json').send(JSON.stringify({ nome: 'Ana', idade: 3 })),
      );
      base.get('/api/teste/erro-sem-codigo', { schema: { summary: 'Answers only errors' } }, async (_request, reply) =>
        reply.status(409).type('application/json').send(JSON.stringify({ erro: 'conflito' })),
      );
      base.get('/api/teste/compactado', { schema: { response: { 200: pessoa } } }, async (_request, reply) =>
        reply.type('application/json').header('content-encoding', 'gzip').send(gzipSync(JSON.stringify({ nome: 1, metodo: null }))),
      );
      base.get('/api/teste/texto', { schema: { response: { 200: { description: 'text', content: { 'text/plain': { schema: z.string() } } } } } }, async (_request, reply) =>
        reply.type('text/plain').send('{"qualquer": "coisa"}'),
      );
    },
  });
  seller = await createSeller(t);
  doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as ApiDocument;
});
afterAll(() => t.close());

/** Every schema object of the document: parameters, bodies and answers. */
function schemasOf(d: ApiDocument): [string, SchemaObject][] {
  const out: [string, SchemaObject][] = [];
  for (const [path, ops] of Object.entries(d.paths)) {
    for (const [method, op] of Object.entries(ops)) {
      const where = `${method.toUpperCase()} ${path}`;
      for (const p of op.parameters ?? []) out.push([`${where} ${p.in} ${p.name}`, p.schema]);
      for (const [type, media] of Object.entries(op.requestBody?.content ?? {})) out.push([`${where} body ${type}`, media.schema]);
      for (const [status, answer] of Object.entries(op.responses)) {
        for (const [type, media] of Object.entries(answer.content ?? {})) out.push([`${where} ${status} ${type}`, media.schema]);
      }
    }
  }
  return out;
}

/** Every sub-schema that says it may be null: a `null` branch of anyOf, `null` among its types, or `nullable`. */
function nullableNodes(schema: unknown, where: string, out: [string, SchemaObject][] = []): [string, SchemaObject][] {
  if (Array.isArray(schema)) schema.forEach((item, i) => nullableNodes(item, `${where}/${i}`, out));
  else if (schema && typeof schema === 'object') {
    const node = schema as SchemaObject;
    const anyOf = node.anyOf as SchemaObject[] | undefined;
    if (node.nullable === true || (Array.isArray(node.type) && node.type.includes('null')) || anyOf?.some((branch) => branch.type === 'null')) out.push([where, node]);
    for (const [key, value] of Object.entries(node)) nullableNodes(value, `${where}/${key}`, out);
  }
  return out;
}

describe('the API document', () => {
  it('is valid OpenAPI 3.1 to a strict validator', async () => {
    expect(doc.openapi).toBe('3.1.0');
    const result = await new Validator().validate(doc as unknown as Record<string, unknown>);
    expect(result.errors).toBeUndefined();
    expect(result.valid).toBe(true);
  });

  it('has only schemas a strict JSON Schema 2020-12 compiler takes (no unknown keyword or format)', () => {
    const ajv = strictAjv();
    const failures: string[] = [];
    const schemas = schemasOf(doc);
    for (const [where, schema] of schemas) {
      try {
        ajv.compile(schema);
      } catch (error) {
        failures.push(`${where}: ${String(error)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(schemas.length).toBeGreaterThan(150);
  });

  it('lets every nullable field be null, the nullable enums (metodo, tipo) included', () => {
    const ajv = strictAjv();
    const nodes = schemasOf(doc).flatMap(([where, schema]) => nullableNodes(schema, where));
    const refusingNull = nodes.filter(([, node]) => !ajv.validate(node, null)).map(([where]) => where);
    expect(refusingNull).toEqual([]);
    const enums = nodes.filter(([, node]) => JSON.stringify(node).includes('"enum"')).map(([where]) => where);
    expect(enums).toEqual(expect.arrayContaining([expect.stringMatching(/extrato .*\/metodo$/), expect.stringMatching(/configuracoes\/pix 200 .*\/tipo$/)]));
  });

  it('lists every route of the route table, and only those (better-auth answers the rest with 404)', async () => {
    const routes = await documentedRoutes(t.app);
    expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(
      expect.arrayContaining(['POST /api/auth/sign-in/email', 'POST /api/auth/request-password-reset', 'POST /api/auth/reset-password', 'POST /api/auth/change-password', 'GET /api/auth/reset-password/:token']),
    );
    expect(Object.keys(doc.paths).filter((p) => p.startsWith('/api/auth/'))).toHaveLength(5);
  });

  it('documents every API call of the web app (apps/web/src), with its method', () => {
    const calls = webApiCalls(apiPath('../web/src'));
    // The reader finds the calls: these are some of them, better-auth's among them.
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(
      expect.arrayContaining([
        'POST /api/auth/sign-in/email',
        'POST /api/auth/request-password-reset',
        'POST /api/auth/reset-password',
        'POST /api/auth/change-password',
        'POST /api/me/sair',
        'GET /api/me',
        'PUT /api/produtos/{*}',
        'POST /api/clientes/{*}/desativar',
        'GET /api/backup/automaticos/{*}',
      ]),
    );
    const missing = calls
      .filter((call) => {
        const paths = Object.keys(doc.paths).filter((p) => matchesDocumentPath(call.path, p));
        return call.method ? !paths.some((p) => doc.paths[p]![call.method!.toLowerCase()]) : paths.length === 0;
      })
      .map((call) => `${call.method ?? '?'} ${call.path} (${call.where})`);
    expect(missing).toEqual([]);
  });

  it('gives every operation the error body as its default answer', () => {
    for (const [path, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const schema = op.responses.default?.content?.['application/json']?.schema as { properties?: { code?: { enum?: string[] } } } | undefined;
        expect(schema?.properties?.code?.enum, `${method} ${path}`).toEqual(expect.arrayContaining(['VALIDATION', 'NOT_FOUND', 'INVALID_TOKEN']));
      }
    }
  });
});

describe('an answer the document does not allow', () => {
  it('fails the request that received it: an unknown field, an error without a code, a status not listed, a compressed body', async () => {
    await expect(t.app.inject({ method: 'GET', url: '/api/teste/fora-do-documento' })).rejects.toThrow(/does not allow.*(idade|metodo)/);
    await expect(t.app.inject({ method: 'GET', url: '/api/teste/erro-sem-codigo' })).rejects.toThrow(/answered 409 .*code/);
    await expect(seller.request({ method: 'GET', url: '/api/teste/status-nao-documentado' })).rejects.toThrow(/answered 200 .*code/);
    await expect(t.app.inject({ method: 'GET', url: '/api/teste/compactado' })).rejects.toThrow(/\/nome must be string/);
  });

  it('passes what the document allows, null in a nullable enum included; text answers are not JSON to check', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/teste/nulo' })).json()).toEqual({ nome: 'Ana', metodo: null });
    expect((await t.app.inject({ method: 'GET', url: '/api/teste/texto' })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/nao-existe' })).statusCode).toBe(404);
  });
});
