import type { FastifyInstance } from 'fastify';

/*
 * The API's routes as Fastify itself knows them (`printRoutes`), each with its OpenAPI operation
 * (the zod schemas of its params, query and body): what the fuzz and the cross-tenant matrix are
 * generated from, so a new route is covered, or refused, the day it is added.
 */

export type JsonSchema = {
  type?: string | string[];
  nullable?: boolean;
  enum?: unknown[];
  const?: unknown;
  format?: string;
  pattern?: string;
  minimum?: number;
  maximum?: number;
  /** A number in OpenAPI 3.1 (JSON Schema 2020-12), a flag on `minimum` in 3.0. */
  exclusiveMinimum?: boolean | number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
};

export interface Operation {
  parameters?: { in: 'path' | 'query'; name: string; schema: JsonSchema }[];
  requestBody?: { content: { 'application/json': { schema: JsonSchema } } };
}

export interface Route {
  method: string;
  /** Fastify's form: `/api/clientes/:id`. */
  path: string;
  op: Operation;
}

/** `app.printRoutes()` as [method, path] pairs: the route table itself, not a list kept by hand. */
export function routeTable(printed: string): [string, string][] {
  const stack: string[] = [];
  const out: [string, string][] = [];
  for (const line of printed.split('\n')) {
    const match = /^([│ ]*)[├└]── (\S+)(?: \(([^)]+)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    const full = (stack[depth - 1] ?? '') + match[2]!;
    stack[depth] = full;
    if (match[3]) for (const method of match[3].split(', ')) out.push([method, full]);
  }
  return out;
}

/**
 * Every route of `app` that `keep` accepts, with its OpenAPI operation. A route without one (no
 * schema) is an error: the generated tests could not know its inputs.
 */
export async function apiRoutes(app: FastifyInstance, keep: (method: string, path: string) => boolean): Promise<Route[]> {
  const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, Operation>> };
  return routeTable(app.printRoutes({ commonPrefix: false }))
    .filter(([method, path]) => keep(method, path))
    .map(([method, path]) => {
      const op = doc.paths[path.replace(/:(\w+)/g, '{$1}')]?.[method.toLowerCase()];
      if (!op) throw new Error(`${method} ${path} is in the route table but has no schema in the OpenAPI document`);
      return { method, path, op };
    });
}

/** The types a JSON schema allows (through anyOf/oneOf too). */
export const typesOf = (s: JsonSchema): string[] =>
  Array.isArray(s.type) ? s.type : s.type ? [s.type] : [...(s.anyOf ?? []), ...(s.oneOf ?? [])].flatMap(typesOf);

/**
 * A nullable schema's other branch: OpenAPI 3.1 writes a nullable field as `anyOf [X, {type:
 * "null"}]` (or `type: [X, "null"]`), and its limits (maxLength, enum, format…) are X's.
 */
export function withoutNull(s: JsonSchema): JsonSchema {
  const branches = s.anyOf?.filter((branch) => branch.type !== 'null');
  if (s.anyOf && branches?.length === 1) {
    const { anyOf: _anyOf, ...rest } = s;
    return { ...rest, ...branches[0]! };
  }
  if (Array.isArray(s.type) && s.type.includes('null')) {
    const types = s.type.filter((type) => type !== 'null');
    return { ...s, type: types.length === 1 ? types[0] : types };
  }
  return s;
}

/** Routes kept out of the API document on purpose (`schema.hide`), as Fastify's route table writes them. */
export const HIDDEN_ROUTES = new Set(['GET /api/health', 'GET /api/openapi.json', 'GET /api/auth/*', 'POST /api/auth/*', 'PUT /api/auth/*', 'PATCH /api/auth/*', 'DELETE /api/auth/*']);

/**
 * Every operation of the API document (`/api/openapi.json`), in Fastify's path form, checked
 * against Fastify's route table both ways: a route the document misses, or an operation no route
 * answers, is an error. What the fuzz is generated from, so a new route is fuzzed the day it is added.
 */
export async function documentedRoutes(app: FastifyInstance): Promise<Route[]> {
  const doc = (await app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as { paths: Record<string, Record<string, Operation>> };
  const routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path: path.replace(/\{(\w+)\}/g, ':$1'), op })),
  );
  const documented = new Set(routes.map((r) => `${r.method} ${r.path}`));
  const table = routeTable(app.printRoutes({ commonPrefix: false }))
    .filter(([method, path]) => method !== 'HEAD' && path !== '*')
    .map(([method, path]) => `${method} ${path}`);
  const missing = table.filter((route) => !documented.has(route) && !HIDDEN_ROUTES.has(route));
  if (missing.length) throw new Error(`in the route table but not in the API document: ${missing.join(', ')}`);
  const unanswered = [...documented].filter((route) => !table.includes(route));
  if (unanswered.length) throw new Error(`in the API document but in no route: ${unanswered.join(', ')}`);
  return routes;
}
