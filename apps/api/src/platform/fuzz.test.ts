import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { buildTestApp, createSeller, type SellerSession, type TestApp } from '../../test/app';
import { insertCliente, insertProduto } from '../../test/fixtures';
import { apiRoutes, typesOf, type JsonSchema, type Route } from '../../test/routes';
import { reportFigures } from '../../test/report';
import { testDbKind } from '../../test/db';
import { queryRows } from '../lib/sql';

/*
 * Every API route (read from Fastify's own route table), fed inputs its schema refuses: wrong
 * types, huge and negative numbers, NUL and other control characters, impossible dates, deep and
 * oversized values, unknown extra fields. Each answer must be a 4xx with `{ code, message }`, and
 * the database must be byte-for-byte what it was. better-auth's `/api/auth/*` is fuzzed with the
 * auth routes, not here.
 */

/** Routes that take no input at all, or belong to better-auth (fuzzed with the auth routes). */
const NO_INPUT = new Set([
  'GET /api/health',
  'GET /api/openapi.json',
  'GET /api/me',
  'GET /api/me/avatar.svg',
  'GET /api/dashboard',
  'POST /api/me/sair',
  'GET /api/notificacoes/resumo',
  'POST /api/notificacoes/lidas',
  'GET /api/configuracoes',
  'GET /api/backup/exportar',
  'GET /api/backup/automaticos',
  'GET /api/portal/exemplos',
  'GET /api/configuracoes/mercadopago',
  'GET /api/configuracoes/pix',
  'GET /api/cobranca',
]);
/** Routes that take a whole backup file: their limit is MAX_BACKUP_BYTES, so 2 MB of junk is refused as a bad file instead. */
const LARGE_BODY = new Set(['POST /api/backup/validar', 'POST /api/backup/restaurar']);
const skip = (method: string, path: string) => method === 'HEAD' || path === '*' || path.startsWith('/api/auth') || NO_INPUT.has(`${method} ${path}`);

let t: TestApp;
let seller: SellerSession;
let routes: Route[];
const ids: Record<string, string> = {};

beforeAll(async () => {
  t = await buildTestApp();
  seller = await createSeller(t);
  const cliente = await insertCliente(t, seller.id, { limiteCredito: 1_000_000 });
  const produto = await insertProduto(t, seller.id, { estoqueAtual: 50 });
  const venda = await seller.request({
    method: 'POST',
    url: '/api/vendas',
    payload: { formaPagamento: 'fiado', clienteId: cliente.id, itens: [{ produtoId: produto.id, quantidade: 2 }] },
  });
  const pagamento = await seller.request({ method: 'POST', url: `/api/clientes/${cliente.id}/pagamentos`, payload: { valor: 500 } });
  ids.clientes = cliente.id;
  ids.devedores = cliente.id;
  ids.produtos = produto.id;
  ids.vendas = venda.json().id;
  ids.pagamentos = pagamento.json().lancamento.id;
  ids.notificacoes = (await seller.request({ method: 'GET', url: '/api/notificacoes' })).json().items[0].id;
  ids.backup = '2025-01-01';

  routes = await apiRoutes(t.app, (method, path) => !skip(method, path));
}, 120_000);
afterAll(() => t.close());

/**
 * Every table's row count and an md5 of its rows, in one statement (it runs after every fuzzed
 * request): any write anywhere changes it. Read as the superuser, so row-level security hides nothing.
 */
let checksumQuery: SQL | null = null;
async function checksum(): Promise<Record<string, string>> {
  if (!checksumQuery) {
    const tables = await queryRows<{ table_name: string }>(
      t.db,
      // Rate-limit counters (limites_taxa) count refused requests too, by design: not the shop's data.
      sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' and table_name <> 'limites_taxa' order by 1`,
    );
    const parts = tables.map(
      ({ table_name }) => `'${table_name}', (select count(*)::text || ':' || coalesce(md5(string_agg(x::text, '|' order by x::text)), '') from "${table_name}" x)`,
    );
    checksumQuery = sql.raw(`select json_build_object(${parts.join(', ')}) as c`);
  }
  const [row] = await queryRows<{ c: Record<string, string> | string }>(t.db, checksumQuery);
  return typeof row!.c === 'string' ? (JSON.parse(row!.c) as Record<string, string>) : row!.c;
}

/** The tables whose checksum moved. */
const changed = (before: Record<string, string>, after: Record<string, string>) => Object.keys(after).filter((table) => after[table] !== before[table]);

/**
 * A value nested `depth` arrays deep. It travels as a marker and is spliced into the JSON text on
 * sending: building it as an object would overflow the test's own stack before the server's.
 */
const deep = (depth: number) => `__DEEP_${depth}__`;
const toJson = (payload: unknown) =>
  JSON.stringify(payload).replace(/"__DEEP_(\d+)__"/g, (_, n: string) => `${'['.repeat(Number(n))}"x"${']'.repeat(Number(n))}`);
const CONTROL = ['\u0000', 'a\u0000b', '\u0007', 'x\u001b[2J', '\u007f', 'ok\u0008'];

/** Values the schema `s` refuses, whatever else the request holds. */
function badValues(s: JsonSchema): fc.Arbitrary<unknown> {
  const allowed = typesOf(s);
  const wrongType: unknown[] = [
    ...(allowed.includes('string') ? [] : ['12', 'abc', '']),
    ...(allowed.includes('integer') || allowed.includes('number') ? [] : [12, -1, 1e308]),
    ...(allowed.includes('boolean') ? [] : [true]),
    ...(allowed.includes('object') ? [] : [{ $gt: '' }]),
    ...(allowed.includes('array') ? [] : [['x']]),
    deep(2_000),
  ];
  const specific: unknown[] = [];
  if (allowed.includes('string')) {
    specific.push(...CONTROL.map((c) => (s.enum || s.format ? c : `Nome${c}`)));
    if (s.maxLength !== undefined) specific.push('a'.repeat(s.maxLength + 1), 'a'.repeat(200_000));
    if (s.enum) specific.push('nao-existe', `${String(s.enum[0])}\u0000`);
    if (s.format === 'uuid') specific.push('1', "' OR '1'='1", '00000000-0000-0000-0000-00000000000g');
  }
  if (allowed.includes('integer') || allowed.includes('number')) {
    if (s.maximum !== undefined) specific.push(s.maximum + 1, 99_999_999_999, 2 ** 63, 1e308);
    if (s.minimum !== undefined) specific.push(s.exclusiveMinimum === true ? s.minimum : s.minimum - 1, -(2 ** 63));
    if (allowed.includes('integer')) specific.push(1.5, 0.001);
  }
  if (allowed.includes('array')) {
    if (s.maxItems !== undefined) specific.push(Array.from({ length: s.maxItems + 1 }, () => plausible(s.items ?? {})));
    if (s.minItems) specific.push([]);
    if (s.items?.properties) {
      for (const [name, field] of Object.entries(s.items.properties)) {
        for (const bad of sampleBad(field)) specific.push([{ ...(plausible(s.items) as object), [name]: bad }]);
      }
    }
  }
  return fc.constantFrom(...wrongType, ...specific);
}
const sampleBad = (s: JsonSchema) => fc.sample(badValues(s), { numRuns: 4, seed: 1 });

/** A value of the right shape (not necessarily accepted: a field is always made bad on top of it). */
function plausible(s: JsonSchema): unknown {
  const allowed = typesOf(s);
  if (s.enum) return s.enum[0];
  if (allowed.includes('object') || s.properties) {
    return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, plausible(v)]));
  }
  if (allowed.includes('array')) return [plausible(s.items ?? {})];
  if (allowed.includes('integer') || allowed.includes('number')) return Math.max(1, s.minimum ?? 1);
  if (allowed.includes('boolean')) return false;
  if (s.format === 'uuid') return ids.produtos;
  return 'Teste';
}

const BAD_DATES = ['2024-02-30', '2024-13-01', '2023-02-29', '0000-01-01', '2024-1-1', '99999-01-01'];

/** Query values arrive as text: "12" is a fine page number, so only text the schema refuses. */
function badQueryValues(name: string, s: JsonSchema): fc.Arbitrary<string> {
  const allowed = typesOf(s);
  const values: string[] = [...CONTROL.map((c) => `x${c}`)];
  if (name === 'de' || name === 'ate') values.push(...BAD_DATES);
  if (allowed.includes('integer') || allowed.includes('number')) {
    values.push('abc', '1.5', '-1', '1e300', 'NaN', 'Infinity', '99999999999999999999999');
    if (s.maximum !== undefined) values.push(String(s.maximum + 1));
  }
  if (s.enum) values.push('nao-existe');
  if (s.format === 'uuid') values.push('abc', "' OR '1'='1");
  if (s.maxLength !== undefined) values.push('a'.repeat(s.maxLength + 1));
  return fc.constantFrom(...values);
}

/** One request the route must refuse. */
function badRequest(route: Route): fc.Arbitrary<{ url: string; payload?: unknown; label: string }> {
  const params = route.op.parameters ?? [];
  const pathParams = params.filter((p) => p.in === 'path');
  const query = params.filter((p) => p.in === 'query');
  const body = route.op.requestBody?.content['application/json'].schema;
  const resource = route.path.split('/')[2]!;
  const goodUrl = route.path.replace(/:(\w+)/g, () => ids[resource] ?? crypto.randomUUID());
  const goodBody = body ? plausible(body) : undefined;
  const options: fc.Arbitrary<{ url: string; payload?: unknown; label: string }>[] = [];

  if (pathParams.length) {
    options.push(
      fc.constantFrom('abc', '1', '%00', '%27%20OR%20%271%27%3D%271', 'a'.repeat(3000), '..%2F..', `${ids[resource] ?? ''}%00`).map((id) => ({
        url: route.path.replace(/:(\w+)/g, id),
        payload: goodBody,
        label: `path ${id.slice(0, 40)}`,
      })),
    );
  }
  for (const p of query) {
    options.push(
      badQueryValues(p.name, p.schema).map((v) => ({
        url: `${goodUrl}?${p.name}=${encodeURIComponent(v)}&extra=1`,
        payload: goodBody,
        label: `query ${p.name}=${JSON.stringify(v.slice(0, 40))}`,
      })),
    );
  }
  if (body) {
    options.push(
      fc.constantFrom<unknown>(null, 12, 'texto', [], [goodBody], true, deep(5_000)).map((payload) => ({ url: goodUrl, payload, label: 'body of the wrong type' })),
    );
    for (const [name, field] of Object.entries(body.properties ?? {})) {
      options.push(
        fc.tuple(badValues(field), fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 3 })).map(([bad, extra]) => ({
          url: goodUrl,
          payload: { ...extra, ...(goodBody as object), [name]: bad },
          label: `body.${name}=${JSON.stringify(bad)?.slice(0, 60)}`,
        })),
      );
    }
  }
  return fc.oneof(...options);
}

describe('fuzzing every route with bad input', () => {
  it('covers the whole route table but /api/auth/*', () => {
    expect(routes.length).toBeGreaterThanOrEqual(25);
    expect(routes.map((r) => `${r.method} ${r.path}`)).toEqual(expect.arrayContaining(['POST /api/vendas', 'GET /api/vendas', 'POST /api/clientes/:id/pagamentos', 'PUT /api/produtos/:id']));
  });

  it('answers 4xx with { code, message } and changes nothing, checked after every request', { timeout: 240_000 }, async () => {
    let before = await checksum();
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let writes = 0;
    for (const route of routes) {
      await fc.assert(
        fc.asyncProperty(badRequest(route), async ({ url, payload, label }) => {
          const withBody = payload !== undefined && route.method !== 'GET' && route.method !== 'DELETE';
          const response = await seller.request({
            method: route.method as 'GET',
            url,
            ...(withBody ? { payload: toJson(payload), headers: { 'content-type': 'application/json' } } : {}),
          });
          statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
          const body = String(response.headers['content-type'] ?? '').includes('json') ? response.json() : null;
          const ok = response.statusCode >= 400 && response.statusCode < 500 && typeof body?.code === 'string' && typeof body?.message === 'string';
          if (!ok) failures.push(`${route.method} ${route.path} ${label} → ${response.statusCode} ${response.body.slice(0, 200)}`);
          const after = await checksum();
          const moved = changed(before, after);
          if (moved.length) {
            writes++;
            failures.push(`${route.method} ${route.path} ${label} → ${response.statusCode} but wrote to ${moved.join(', ')}`);
            before = after;
          }
          return ok && moved.length === 0;
        }),
        { numRuns: 25, seed: 8 },
      ).catch((error: unknown) => failures.push(`${route.method} ${route.path}: ${String(error).slice(0, 400)}`));
      // The oversized body: refused before any parsing work.
      if (route.op.requestBody) {
        const response = await seller.request({ method: route.method as 'POST', url: route.path.replace(/:(\w+)/g, ids[route.path.split('/')[2]!] ?? ''), payload: { nome: 'a'.repeat(2 * 1024 * 1024) } });
        statuses.set(response.statusCode, (statuses.get(response.statusCode) ?? 0) + 1);
        const expected = LARGE_BODY.has(`${route.method} ${route.path}`) ? [422] : [413];
        if (!expected.includes(response.statusCode) || typeof response.json().code !== 'string') failures.push(`${route.method} ${route.path} 2 MB body → ${response.statusCode}`);
      }
    }
    const sent = [...statuses.values()].reduce((a, b) => a + b, 0);
    const serverErrors = [...statuses.entries()].filter(([status]) => status >= 500).reduce((a, [, n]) => a + n, 0);
    reportFigures(`fuzz-${testDbKind}`, { routes: routes.length, requests: sent, responses5xx: serverErrors, refusalsThatWrote: writes, statuses: JSON.stringify(Object.fromEntries(statuses)) });
    expect(failures).toEqual([]);
    expect(serverErrors).toBe(0);
    expect(sent).toBeGreaterThanOrEqual(routes.length * 25);
  });
});
