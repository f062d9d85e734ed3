import { gunzipSync } from 'node:zlib';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import Ajv2020, { type ValidateFunction } from 'ajv/dist/2020';
import addFormats from 'ajv-formats';

/*
 * The API document (`/api/openapi.json`) as a contract the API tests hold the server to: every JSON
 * answer a test receives through `app.inject` is checked against the document's schema for its
 * route and status (`checkAgainstDocument`), and a mismatch fails the test that made the request.
 * The document is OpenAPI 3.1, so its schemas are JSON Schema 2020-12, compiled by one strict Ajv:
 * an unknown keyword or format is an error, not something silently ignored.
 */

export type SchemaObject = Record<string, unknown>;

export interface OperationObject {
  parameters?: { in: string; name: string; required?: boolean; schema: SchemaObject }[];
  requestBody?: { content: Record<string, { schema: SchemaObject }> };
  responses: Record<string, { description?: string; content?: Record<string, { schema: SchemaObject }> }>;
  summary?: string;
  tags?: string[];
}

export interface ApiDocument {
  openapi: string;
  paths: Record<string, Record<string, OperationObject>>;
}

/** The strict compiler every schema of the document goes through (also the document's own test). */
export function strictAjv() {
  // Union types (`type: ["string", "null"]`) are how JSON Schema 2020-12 writes a nullable field.
  const ajv = new Ajv2020({ strict: true, allowUnionTypes: true, allErrors: true });
  addFormats(ajv);
  return ajv;
}

// One compiler and one compiled validator per route, status and schema for the whole worker: the
// workers keep modules from one test file to the next (vitest `isolate: false`).
const ajv = strictAjv();
const compiled = new Map<string, ValidateFunction>();

/** The validator of one answer of one operation (`key`: method, path and the answer's key). */
function validatorFor(key: string, schema: SchemaObject): ValidateFunction {
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(schema);
    compiled.set(key, validate);
  }
  return validate;
}

/** Fastify's `/api/clientes/:id` as the document writes it: `/api/clientes/{id}`. */
export const documentPath = (fastifyPath: string) => fastifyPath.replace(/:(\w+)/g, '{$1}');

/** The key of the document's answer for `status`: the status itself, its range (`4XX`), or `default`. */
export function documentedResponseKey(op: OperationObject, status: number): string | undefined {
  return [String(status), `${String(status)[0]}XX`, 'default'].find((key) => op.responses[key]);
}

/** What a request reached: Fastify's route (`/api/clientes/:id`), or none (the not-found answer). */
export interface ReachedRoute {
  method: string;
  url: string | undefined;
  hidden: boolean;
}

const isJson = (contentType: unknown) => /^application\/(?:[\w.+-]+\+)?json\b/i.test(String(contentType ?? ''));

/**
 * Why `response` is not what the document says of `route`, or null. Only JSON answers with a body
 * are checked: files, NDJSON streams, SVG, redirects and 204s are not JSON documents. Routes kept
 * out of the document on purpose (`hide`: the document itself, the health check, the closed
 * better-auth paths) and requests that reached no route are not in it to check against.
 */
export function checkAgainstDocument(doc: ApiDocument, route: ReachedRoute | undefined, response: LightMyRequestResponse): string | null {
  if (!route?.url || route.hidden) return null;
  if (!isJson(response.headers['content-type']) || response.body === '') return null;
  const op = doc.paths[documentPath(route.url)]?.[route.method.toLowerCase()];
  if (!op) return `${route.method} ${route.url} is not in the API document`;
  const answerKey = documentedResponseKey(op, response.statusCode);
  const answer = answerKey ? op.responses[answerKey] : undefined;
  if (!answer) return `the document lists no answer ${response.statusCode} (nor a default) for ${route.method} ${route.url}`;
  const schema = answer.content?.['application/json']?.schema;
  if (!schema) return `the document says ${route.method} ${route.url} answers ${response.statusCode} without a JSON body, but it sent one`;
  let body: unknown;
  try {
    // A download sent gzip-compressed (Content-Encoding) is checked as the browser reads it.
    const gzip = response.headers['content-encoding'] === 'gzip';
    body = JSON.parse(gzip ? gunzipSync(response.rawPayload).toString('utf8') : response.body);
  } catch {
    return `${route.method} ${route.url} answered ${response.statusCode} with a content type of JSON and a body that is not JSON`;
  }
  const validate = validatorFor(`${route.method} ${route.url} ${answerKey}`, schema);
  if (validate(body)) return null;
  const errors = (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath || '/'} ${e.message ?? e.keyword}${e.params ? ` ${JSON.stringify(e.params)}` : ''}`);
  return `${route.method} ${route.url} answered ${response.statusCode} with a body the API document does not allow: ${errors.join('; ')}`;
}

// Generating the document takes a quarter of a second; apps with the same routes (nearly every
// test file's) share one per worker.
const documents = new Map<string, ApiDocument>();
function documentOf(app: FastifyInstance): ApiDocument {
  const routes = app.printRoutes({ commonPrefix: false });
  let doc = documents.get(routes);
  if (!doc) {
    doc = app.swagger() as unknown as ApiDocument;
    documents.set(routes, doc);
  }
  return doc;
}

/**
 * Makes every `app.inject` of this (not yet ready) app check its answer against the app's own API
 * document: a mismatch rejects the inject, so the test that sent the request fails with the reason.
 */
export function checkInjectedResponses(app: FastifyInstance) {
  const reached = new WeakMap<object, ReachedRoute>();
  app.addHook('onRequest', (request, _reply, done) => {
    reached.set(request.raw, { method: request.method, url: request.routeOptions.url, hidden: request.routeOptions.schema?.hide === true });
    done();
  });
  let doc: ApiDocument | undefined;
  const inject = app.inject.bind(app) as (options: InjectOptions | string) => Promise<LightMyRequestResponse>;
  const checked = async (options: InjectOptions | string) => {
    const response = await inject(options);
    doc ??= documentOf(app);
    const problem = checkAgainstDocument(doc, reached.get(response.raw.req), response);
    if (problem) throw new Error(`${problem}\nbody: ${response.body.slice(0, 500)}`);
    return response;
  };
  app.inject = checked as FastifyInstance['inject'];
}
