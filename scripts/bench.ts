/**
 * `npm run bench` — issue 11's figures, reproducible by anyone on this kind of machine:
 *  - a throw-away PostgreSQL started as the tests start it (apps/api/test/pg-server.ts);
 *  - a shop of 1,000,000 sales (30% fiado), 5,000 customers and 500 products loaded by bulk SQL,
 *    a 100-sale shop, and a shop of 20,000 customers (`--scale 0.01` shrinks all of them);
 *  - the real server in its own process; each endpoint under load with autocannon (16
 *    connections) and pgbench running the exact SQL the endpoint sent (captured from the
 *    server's log), interleaved A B A B A B, median of 3; for the sales list also a bare
 *    Fastify + node-postgres server sending that SQL (scripts/bench/floor-server.mjs): the floor;
 *  - the reports' 365-day period function timed directly, each /relatorios tab's endpoint for 365
 *    days (p95 of one request after another, the heaviest also under load), and what the
 *    reports' per-product and per-customer triggers cost a sale (pgbench with them on and off);
 *  - JS + CSS bytes on the wire and Lighthouse 12 (mobile) with Chromium;
 *  - start-up: existing and fresh data dir, and `npm start` with the web build current.
 * The 1-minute load average is recorded with every run: these machines are shared.
 * Prints a table and writes bench/results.json.
 *
 *   npm run bench                      full size (about 15 minutes here)
 *   npm run bench -- --scale 0.01      smoke test (CI): small shops, short runs
 *   --out FILE                         where the results go (default bench/results.json)
 *   --only vendas,novaVenda            some parts only: vendas, dashboard, novaVenda, clientes,
 *                                      relatorios, devedores, historico, importacao, web (bytes and Lighthouse), startup
 *   --rounds N, --duration S           rounds per figure (default 3; 1 when smoke), seconds per run
 *   --profile DIR                      the servers' V8 CPU profiles, written there when they stop
 */
import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { chromium } from '@playwright/test';
import { withSeller } from '../apps/api/src/db/client';
import { templateDirectory } from '../apps/api/src/db/template';
import { resumoDoPeriodo } from '../apps/api/src/modules/vendas/rollups.service';
import { findPgBin } from '../apps/api/test/pg-server';
import { captureSql, oneCommand, pgbenchScript } from './bench/capture';
import { conferirCarga, loadShop, type ShopSize } from './bench/load';
import { bancoDeBench, freePort, signUpSeller, startServer, stopServer, waitFor } from './bench/servidor';
import { ensureChromium } from './chromium';
// @ts-expect-error -- plain ESM script without type declarations, shared with `npm run serve`.
import { ensureServerBuild } from './server-build.mjs';

const root = path.resolve(import.meta.dirname, '..');
const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const scale = Number(arg('scale', '1'));
if (!(scale > 0 && scale <= 1)) throw new Error('--scale must be in (0, 1]');
const smoke = scale < 0.1;
const duration = Number(arg('duration', smoke ? '1' : '10'));
const CONNECTIONS = 16;
const ROUNDS = Number(arg('rounds', smoke ? '1' : '3'));
const PARTS = ['vendas', 'dashboard', 'novaVenda', 'clientes', 'relatorios', 'devedores', 'historico', 'importacao', 'web', 'startup'] as const;
const only = arg('only', '').split(',').filter(Boolean);
// --profile DIR: each server writes a V8 CPU profile there when it stops.
const profileDir = arg('profile', '');
for (const part of only) if (!(PARTS as readonly string[]).includes(part)) throw new Error(`--only: unknown part ${part} (${PARTS.join(', ')})`);
/** Whether this run measures `part` (every part unless --only names some). */
const wants = (part: (typeof PARTS)[number]) => only.length === 0 || only.includes(part);
const size = (n: number, min: number) => Math.max(min, Math.round(n * scale));

const loadAvg = () => Number(os.loadavg()[0]!.toFixed(2));
const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)]! : Number.NaN;
};
const log = (text: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${text}`);

/** The floor server (bench/floor-server.mjs) for `statements`, answering once it listens. */
async function startFloorServer(statements: string[], databaseUrl: string): Promise<{ child: ChildProcess; base: string }> {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'caderneta-floor-'));
  const file = path.join(dir, 'statements.json');
  writeFileSync(file, JSON.stringify(statements));
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(root, 'scripts/bench/floor-server.mjs')], {
    cwd: root,
    env: { ...process.env, FLOOR_SQL: file, DATABASE_URL: databaseUrl, PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitFor(`${base}/api/vendas`, 30_000);
  } finally {
    // Read at its start: the file is not needed once it answers (or failed to).
    rmSync(dir, { recursive: true, force: true });
  }
  return { child, base };
}

interface HttpRun {
  rps: number;
  p50: number;
  p97_5: number;
  p99: number;
  errors: number;
  non2xx: number;
  load: number;
}

async function http(url: string, cookie: string, options: { method?: string; body?: () => string } = {}): Promise<HttpRun> {
  const load = loadAvg();
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration,
    method: (options.method ?? 'GET') as 'GET',
    headers: { cookie, origin: new URL(url).origin, 'content-type': 'application/json' },
    requests: options.body ? [{ setupRequest: (req) => ({ ...req, body: options.body!() }) }] : undefined,
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p97_5: result.latency.p97_5,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    load,
  };
}

interface PgbenchRun {
  tps: number;
  latencyMs: number;
  failed: number;
  load: number;
}

/** pgbench with `script` (or, when null, the -f options in `extra`). */
function pgbench(bin: string, url: string, script: string | null, extra: string[] = []): PgbenchRun {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'caderneta-pgbench-'));
  const file = path.join(dir, 'script.sql');
  if (script) writeFileSync(file, script);
  const files = script ? ['-f', file] : extra;
  const load = loadAvg();
  const result = spawnSync(bin, ['-n', '-M', 'simple', '-c', String(CONNECTIONS), '-j', '2', '-T', String(duration), ...files, url], {
    encoding: 'utf8',
  });
  const out = `${result.stdout}\n${result.stderr}`;
  const tps = /tps = ([\d.]+)/.exec(out);
  if (!tps) {
    // Nothing finished in time: one transaction alone, verbosely, says why.
    const once = spawnSync(bin, ['-n', '-M', 'simple', '-c', '1', '-t', '1', ...files, url], { encoding: 'utf8' });
    if (!/tps = /.test(once.stdout)) throw new Error(`pgbench failed (script kept in ${file}):\n${out}\n--- one transaction ---\n${once.stdout}\n${once.stderr}`);
    // The script works; the run was too short for the machine to finish one (smoke runs).
    rmSync(dir, { recursive: true, force: true });
    return { tps: 0, latencyMs: Number.NaN, failed: 0, load };
  }
  rmSync(dir, { recursive: true, force: true });
  return {
    tps: Number(tps[1]),
    latencyMs: Number(/latency average = ([\d.]+) ms/.exec(out)?.[1] ?? Number.NaN),
    failed: Number(/number of failed transactions: (\d+)/.exec(out)?.[1] ?? 0),
    load,
  };
}

/** A B A B A B (A B C … with a third side): the same conditions for every side, ROUNDS times. */
async function interleaved<A, B, C = never>(a: () => Promise<A>, b: () => Promise<B> | B, c?: () => Promise<C>): Promise<{ a: A[]; b: B[]; c: C[] }> {
  const runs: { a: A[]; b: B[]; c: C[] } = { a: [], b: [], c: [] };
  for (let round = 0; round < ROUNDS; round++) {
    runs.a.push(await a());
    runs.b.push(await b());
    if (c) runs.c.push(await c());
  }
  return runs;
}

async function jsBytes(baseUrl: string, paths: string[], cookie: string | null, chromiumPath: string) {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  const out: Record<string, number> = {};
  try {
    for (const route of paths) {
      const context = await browser.newContext();
      if (cookie) {
        await context.addCookies(
          cookie.split('; ').map((c) => {
            const [name, ...value] = c.split('=');
            return { name: name!, value: value.join('='), url: baseUrl };
          }),
        );
      }
      const page = await context.newPage();
      const sizes: Array<Promise<number>> = [];
      page.on('response', (response) => {
        const type = response.request().resourceType();
        if (type === 'script' || type === 'stylesheet') sizes.push(response.request().sizes().then((s) => s.responseBodySize + s.responseHeadersSize));
      });
      await page.goto(`${baseUrl}${route}`, { waitUntil: 'networkidle' });
      const landed = new URL(page.url()).pathname;
      if (landed !== route) throw new Error(`${route} ended on ${landed} (not signed in?)`);
      out[route] = (await Promise.all(sizes)).reduce((sum, n) => sum + n, 0);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return out;
}

/**
 * One Lighthouse run. `benchmarkIndex` is Lighthouse's own measure of this host's CPU at that
 * moment: its simulated phone multiplies the host's main-thread time by 4, so on a slower or busier
 * host the same page blocks longer (TBT) and scores lower; the index tells runs apart.
 */
type LighthouseRun = { score: number; lcp: number; tbt: number; benchmarkIndex: number };
function lighthouse(url: string, cookie: string | null, chromiumPath: string): LighthouseRun | null {
  const bin = path.join(root, 'node_modules', '.bin', 'lighthouse');
  if (!existsSync(bin)) return null;
  const args = [
    url,
    '--only-categories=performance',
    '--form-factor=mobile',
    '--output=json',
    '--quiet',
    '--chrome-flags=--headless --no-sandbox --disable-gpu --disable-dev-shm-usage',
  ];
  if (cookie) args.push(`--extra-headers=${JSON.stringify({ Cookie: cookie })}`);
  const result = spawnSync(bin, args, { encoding: 'utf8', env: { ...process.env, CHROME_PATH: chromiumPath }, maxBuffer: 64 * 1024 * 1024, timeout: 240_000 });
  try {
    const report = JSON.parse(result.stdout) as {
      categories: { performance: { score: number } };
      audits: Record<string, { numericValue: number }>;
      environment?: { benchmarkIndex?: number };
    };
    return {
      score: Math.round(report.categories.performance.score * 100),
      lcp: Math.round(report.audits['largest-contentful-paint']!.numericValue),
      tbt: Math.round(report.audits['total-blocking-time']!.numericValue),
      benchmarkIndex: Math.round(report.environment?.benchmarkIndex ?? 0),
    };
  } catch {
    console.error(`lighthouse failed on ${url}: ${result.stderr.slice(0, 500)}`);
    return null;
  }
}

async function main() {
  const results: Record<string, unknown> = { scale, duration, connections: CONNECTIONS, rounds: ROUNDS, cpus: os.cpus().length, startedAt: new Date().toISOString() };
  const rows: string[][] = [];
  const row = (what: string, value: string, goal: string, load: string) => rows.push([what, value, goal, load]);

  // Before the long part: a missing browser is said (or installed) at once, not after the load.
  const chromiumPath = ensureChromium();
  log(`PostgreSQL (as the tests start it), scale ${scale}`);
  const banco = await bancoDeBench('bench', ['shared_buffers=256MB', 'work_mem=16MB', 'max_wal_size=4GB']);
  const { server, admin, handle, db } = banco;
  const dbUrl = new URL(banco.url);

  // Every server here is `npm run serve`, the built server, as a user runs it.
  await ensureServerBuild();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const app = startServer({ DATABASE_URL: dbUrl.toString(), PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base }, { profileDir });
  try {
    await waitFor(`${base}/api/health`, 120_000);

    async function seller(name: string, shop: ShopSize) {
      const { id, cookie } = await signUpSeller(handle.db, base, name);
      const started = performance.now();
      await loadShop(db, id, shop);
      log(`${name}: ${shop.vendas} sales, ${shop.clientes} customers, ${shop.produtos} products loaded in ${((performance.now() - started) / 1000).toFixed(1)} s`);
      return { id, cookie };
    }

    const bigSize = { vendas: size(1_000_000, 5_000), clientes: size(5_000, 50), produtos: size(500, 20) };
    const big = await seller('big', bigSize);
    const small = await seller('small', { vendas: 100, clientes: 10, produtos: 10 });
    const manyCustomers = await seller('clientes', { vendas: 0, clientes: size(20_000, 200), produtos: 1 });
    // Nothing is timed on data the app could not have written.
    await conferirCarga(db);
    await db.query('vacuum analyze');
    results.shops = { big: bigSize, small: { vendas: 100 }, clientes: { clientes: size(20_000, 200) } };

    const pgbenchBin = findPgBin() ? path.join(findPgBin()!, 'pgbench') : null;
    const havePgbench = !!pgbenchBin && existsSync(pgbenchBin);
    const benchUrl = dbUrl.toString();

    // GET /api/vendas, default query.
    if (wants('vendas')) {
      log('GET /api/vendas: autocannon, pgbench and the floor server, interleaved');
      const url = `${base}/api/vendas`;
      const statements = await captureSql(admin, server.logFile, () => fetch(url, { headers: { cookie: big.cookie } }));
      // The floor: a bare Fastify + node-postgres server sending the same statements (floor-server.mjs).
      const floor = await startFloorServer(statements, benchUrl);
      const runs = await interleaved(
        () => http(url, big.cookie),
        () => (havePgbench ? pgbench(pgbenchBin!, benchUrl, pgbenchScript(statements)) : null),
        () => http(`${floor.base}/api/vendas`, big.cookie),
      ).finally(() => stopServer(floor.child));
      const rps = median(runs.a.map((r) => r.rps));
      const p97 = median(runs.a.map((r) => r.p97_5));
      const tps = havePgbench ? median(runs.b.map((r) => r!.tps)) : Number.NaN;
      const floorRps = median(runs.c.map((r) => r.rps));
      results.vendasList = { http: runs.a, pgbench: runs.b, floor: runs.c, statements };
      row('GET /api/vendas first page: req/s, p97.5', `${rps.toFixed(0)} req/s, p97.5 ${p97} ms`, 'p95 ≤ 50 ms', String(runs.a[0]!.load));
      row('  ÷ pgbench on the same SQL', `${(rps / tps).toFixed(2)} (${tps.toFixed(0)} tps)`, '≥ 0.6', String(runs.b[0]?.load ?? ''));
      row('  floor: Fastify + pg, same SQL', `${floorRps.toFixed(0)} req/s, ${(floorRps / tps).toFixed(2)} × pgbench; app ${(rps / floorRps).toFixed(2)} × floor`, '—', String(runs.c[0]!.load));
    }

    // GET /api/dashboard: the big shop ÷ the 100-sale shop.
    if (wants('dashboard')) {
      log('GET /api/dashboard: big and small shop, interleaved');
      const url = `${base}/api/dashboard`;
      const runs = await interleaved(
        () => http(url, big.cookie),
        () => http(url, small.cookie),
      );
      const bigRps = median(runs.a.map((r) => r.rps));
      const smallRps = median(runs.b.map((r) => r.rps));
      results.dashboard = { big: runs.a, small: runs.b };
      row(`GET /api/dashboard ${bigSize.vendas}-sale ÷ 100-sale shop`, `${(bigRps / smallRps).toFixed(2)} (${bigRps.toFixed(0)} vs ${smallRps.toFixed(0)} req/s, p97.5 ${median(runs.a.map((r) => r.p97_5))} ms)`, '≥ 0.8', String(runs.a[0]!.load));
    }

    // POST /api/vendas: à vista and fiado (30%) sales of random products and customers.
    if (wants('novaVenda')) {
      log('POST /api/vendas: autocannon and pgbench, interleaved');
      const { rows: produtos } = await db.query<{ id: string }>('select id from produtos where owner_id = $1', [big.id]);
      const { rows: clientes } = await db.query<{ id: string }>('select id from clientes where owner_id = $1', [big.id]);
      const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;
      const body = () => {
        const fiado = Math.random() < 0.3;
        return JSON.stringify({
          formaPagamento: fiado ? 'fiado' : 'vista',
          clienteId: fiado ? pick(clientes).id : null,
          itens: [{ produtoId: pick(produtos).id, quantidade: 1 }],
        });
      };
      const url = `${base}/api/vendas`;
      // pgbench picks a product and a customer at random too, through numbered helper tables.
      await db.query(`create table bench_produtos as select (row_number() over (order by id)) - 1 as n, id from produtos where owner_id = '${big.id}'`);
      await db.query(`create table bench_clientes as select (row_number() over (order by id)) - 1 as n, id from clientes where owner_id = '${big.id}'`);
      await db.query('create index on bench_produtos (n); create index on bench_clientes (n); grant select on bench_produtos, bench_clientes to app_user');
      /**
       * The statements one sale sent, as a pgbench script: the same transaction each time with a
       * new sale row (a unique number, the new id read back with \\gset for the statements that
       * refer to it), a random customer, and the products swapped for others (`trocas`: each
       * literal product id and what replaces it; `sets`: the random variables they use).
       */
      const scriptDe = async (payload: object, clienteId: string | null, trocas: Array<[string, string]>, sets: string[]) => {
        let saleId = '';
        const statements = await captureSql(admin, server.logFile, async () => {
          const response = await fetch(url, {
            method: 'POST',
            headers: { cookie: big.cookie, origin: base, 'content-type': 'application/json' },
            body: JSON.stringify(payload),
          });
          saleId = ((await response.json()) as { id: string }).id;
        });
        const body = statements
          .map((s) => {
            let text = s.split(saleId).join(':v_id');
            for (const [literal, troca] of trocas) text = text.split(`'${literal}'`).join(troca);
            if (clienteId) text = text.split(`'${clienteId}'`).join('(select id from bench_clientes where n = :c)');
            text = oneCommand(text);
            // The sale's INSERT (with its audit row as a CTE: auditoriaJunto) answers the new sale's id.
            if (/^(?:with "inserida" as \()?insert into "vendas"/i.test(text)) return `${text.replace(/'V\d+'/, `('B' || :client_id || '-' || :n)`)} \\gset v_`;
            return `${text};`;
          })
          .join('\n');
        const variaveis = [`n random(1, 9000000000000000)`, `c random(0, ${clientes.length - 1})`, ...sets].map((v) => `\\set ${v}`).join('\n');
        return { statements, script: `${variaveis}\n${body}\n` };
      };
      const scriptFor = (forma: 'vista' | 'fiado') =>
        scriptDe(
          { formaPagamento: forma, clienteId: forma === 'fiado' ? clientes[0]!.id : null, itens: [{ produtoId: produtos[0]!.id, quantidade: 1 }] },
          clientes[0]!.id,
          [[produtos[0]!.id, '(select id from bench_produtos where n = :p)']],
          [`p random(0, ${produtos.length - 1})`],
        );
      const vista = await scriptFor('vista');
      const fiado = await scriptFor('fiado');
      const dir = mkdtempSync(path.join(os.tmpdir(), 'caderneta-pgbench-'));
      writeFileSync(path.join(dir, 'vista.sql'), vista.script);
      writeFileSync(path.join(dir, 'fiado.sql'), fiado.script);
      const statements = { vista: vista.statements, fiado: fiado.statements };
      // The app's mix: 70% à vista, 30% fiado.
      const mix = ['-f', `${path.join(dir, 'vista.sql')}@7`, '-f', `${path.join(dir, 'fiado.sql')}@3`];
      const runs = await interleaved(
        () => http(url, big.cookie, { method: 'POST', body }),
        () => (havePgbench ? pgbench(pgbenchBin!, benchUrl, null, mix) : null),
      );
      const rps = median(runs.a.map((r) => r.rps));
      const tps = havePgbench ? median(runs.b.map((r) => r!.tps)) : Number.NaN;
      const errors = runs.a.reduce((s, r) => s + r.errors + r.non2xx, 0);
      // Invariants after the load: ledger sums = cached balances, rollups = recount, stock ≥ 0.
      const { rows: broken } = await db.query<{ n: number }>(`
        select (select count(*) from clientes c where c.owner_id = $1 and c.saldo_atual <>
                  (select coalesce(sum(valor), 0) from lancamentos l where l.owner_id = c.owner_id and l.cliente_id = c.id))
             + (select count(*) from (select forma_pagamento, status_pagamento, count(*) n, sum(valor_total) v from vendas where owner_id = $1 group by 1, 2
                  except select forma_pagamento, status_pagamento, quantidade, valor_total from vendas_totais where owner_id = $1 and quantidade <> 0) x)
             + (select count(*) from produtos where owner_id = $1 and estoque_atual < 0) as n`, [big.id]);
      results.novaVenda = { http: runs.a, pgbench: runs.b, statements, invariantViolations: Number(broken[0]!.n) };
      row('POST /api/vendas ÷ pgbench on the same transactions', `${(rps / tps).toFixed(2)} (${rps.toFixed(0)} vs ${tps.toFixed(0)}/s), ${errors} errors, invariants ${Number(broken[0]!.n) === 0 ? 'hold' : 'BROKEN'}`, '≥ 0.45, 0 errors', String(runs.a[0]!.load));

      // A counter's big sale (issue 35): 30 lines — 18 products by the unit, 6 weighed ones (one at
      // a changed price, two with their own discounts), 6 loose amounts — and 5 % off the sale. Its
      // budget is the one-line sale's: the same share of what pgbench does with the same
      // transactions (the products of each sale are 18 and 6 neighbours at a random place).
      log('POST /api/vendas: a 30-line sale with weights, loose lines and discounts');
      await db.query(
        `insert into produtos (owner_id, nome, nome_busca, unidade, preco_venda, preco_custo, estoque_atual, estoque_minimo)
         select $1, 'Granel ' || g, 'granel ' || g, 'kg', 1990 + g * 10, 1200, 100000000, 0 from generate_series(1, 60) g`,
        [big.id],
      );
      await db.query(`create table bench_pesados as select (row_number() over (order by id)) - 1 as n, id from produtos where owner_id = '${big.id}' and unidade = 'kg'`);
      await db.query('create index on bench_pesados (n); grant select on bench_pesados to app_user');
      const { rows: porNumero } = await db.query<{ id: string }>('select id from bench_produtos order by n');
      const { rows: pesados } = await db.query<{ id: string }>('select id from bench_pesados order by n');
      const UNITARIOS = Math.min(18, porNumero.length);
      const venda30 = (forma: 'vista' | 'fiado', p: number, g: number) => ({
        formaPagamento: forma,
        clienteId: forma === 'fiado' ? clientes[0]!.id : null,
        itens: [
          ...porNumero.slice(p, p + UNITARIOS).map((produto, i) => ({ produtoId: produto.id, quantidade: 1 + (i % 3) })),
          ...pesados.slice(g, g + 6).map((produto, i) => ({
            produtoId: produto.id,
            quantidade: 250 + i * 125,
            unidade: 'kg',
            ...(i === 0 ? { precoUnitario: 1500 } : {}),
            ...(i === 1 ? { desconto: { tipo: 'percentual', valor: 10 } } : {}),
            ...(i === 2 ? { desconto: { tipo: 'valor', valor: 50 } } : {}),
          })),
          ...Array.from({ length: 6 }, (_, i) => ({ valor: 150 + i * 100, descricao: `Avulso ${i + 1}` })),
        ],
        desconto: { tipo: 'percentual', valor: 5 },
        confirmarLimiteExcedido: true,
      });
      const aleatorio = (n: number) => Math.floor(Math.random() * (n + 1));
      const body30 = () => {
        const fiado = Math.random() < 0.3;
        const venda = venda30(fiado ? 'fiado' : 'vista', aleatorio(porNumero.length - UNITARIOS), aleatorio(pesados.length - 6));
        return JSON.stringify({ ...venda, clienteId: fiado ? pick(clientes).id : null });
      };
      const script30 = (forma: 'vista' | 'fiado') =>
        scriptDe(
          venda30(forma, 0, 0),
          clientes[0]!.id,
          [
            ...porNumero.slice(0, UNITARIOS).map((p, k): [string, string] => [p.id, `(select id from bench_produtos where n = :p + ${k})`]),
            ...pesados.slice(0, 6).map((p, k): [string, string] => [p.id, `(select id from bench_pesados where n = :g + ${k})`]),
          ],
          [`p random(0, ${porNumero.length - UNITARIOS})`, `g random(0, ${pesados.length - 6})`],
        );
      writeFileSync(path.join(dir, 'vista30.sql'), (await script30('vista')).script);
      writeFileSync(path.join(dir, 'fiado30.sql'), (await script30('fiado')).script);
      const grande = await interleaved(
        () => http(url, big.cookie, { method: 'POST', body: body30 }),
        () => (havePgbench ? pgbench(pgbenchBin!, benchUrl, null, ['-f', `${path.join(dir, 'vista30.sql')}@7`, '-f', `${path.join(dir, 'fiado30.sql')}@3`]) : null),
      );
      const rps30 = median(grande.a.map((r) => r.rps));
      const tps30 = havePgbench ? median(grande.b.map((r) => r!.tps)) : Number.NaN;
      const erros30 = grande.a.reduce((s, r) => s + r.errors + r.non2xx, 0);
      results.novaVenda30 = { http: grande.a, pgbench: grande.b };
      row(
        '  a 30-line sale (weights, loose lines, discounts) ÷ pgbench',
        `${(rps30 / tps30).toFixed(2)} (${rps30.toFixed(0)} vs ${tps30.toFixed(0)}/s; p97.5 ${median(grande.a.map((r) => r.p97_5))} ms; the 1-line sale ${rps.toFixed(0)}/s), ${erros30} errors`,
        '≥ 0.45, 0 errors',
        String(grande.a[0]!.load),
      );

      // What the reports' per-product and per-customer triggers cost a sale: the same pgbench mix
      // with them on and off, interleaved. Machine time per sale = 1000 / tps (ms).
      if (havePgbench) {
        log('POST /api/vendas: the reports\' triggers on and off (pgbench)');
        const relatorioTriggers = (on: boolean) =>
          db.query(
            ['vendas_relatorio_insert', 'vendas_relatorio_update', 'vendas_relatorio_delete']
              .map((t) => `alter table vendas ${on ? 'enable' : 'disable'} trigger ${t};`)
              .concat(['itens_venda_relatorio_insert', 'itens_venda_relatorio_delete'].map((t) => `alter table itens_venda ${on ? 'enable' : 'disable'} trigger ${t};`))
              .join(' '),
          );
        const ab = await interleaved<PgbenchRun, PgbenchRun>(
          async () => pgbench(pgbenchBin!, benchUrl, null, mix),
          async () => {
            await relatorioTriggers(false);
            try {
              return pgbench(pgbenchBin!, benchUrl, null, mix);
            } finally {
              await relatorioTriggers(true);
            }
          },
        );
        const on = median(ab.a.map((r) => r.tps));
        const off = median(ab.b.map((r) => r.tps));
        // Sales made with the triggers off are not in the reports' rollups: rebuild them.
        await db.query(`delete from produtos_por_dia where owner_id = $1; delete from clientes_por_dia where owner_id = $1`.replace(/\$1/g, `'${big.id}'`));
        await db.query(`insert into produtos_por_dia (owner_id, dia, produto_id, quantidade, valor_total, custo_total)
          select i.owner_id, (v.data_venda at time zone 'UTC')::date, i.produto_id, sum(i.quantidade), sum(i.subtotal), sum(i.custo)
          from itens_venda i join vendas v on v.owner_id = i.owner_id and v.id = i.venda_id
          where i.owner_id = $1 and i.produto_id is not null and v.status_pagamento <> 'cancelado' group by 1, 2, 3`, [big.id]);
        await db.query(`insert into clientes_por_dia (owner_id, dia, cliente_id, quantidade, valor_total)
          select owner_id, (data_venda at time zone 'UTC')::date, cliente_id, count(*), sum(valor_total)
          from vendas where owner_id = $1 and cliente_id is not null and status_pagamento <> 'cancelado' group by 1, 2, 3`, [big.id]);
        results.relatorioTriggers = { on: ab.a, off: ab.b, msPerSaleOn: 1000 / on, msPerSaleOff: 1000 / off };
        row(
          "  the reports' triggers: a sale with / without",
          `${(1000 / on).toFixed(2)} / ${(1000 / off).toFixed(2)} ms of machine time per sale (${on.toFixed(0)} vs ${off.toFixed(0)} tps, ${(((1000 / on - 1000 / off) / (1000 / off)) * 100).toFixed(1)}%)`,
          'small',
          String(ab.a[0]!.load),
        );
      }
    }

    // GET /api/clientes at 20,000 customers, and a search.
    for (const [label, query] of wants('clientes') ? ([['', ''], [' search "maria"', '?busca=maria']] as const) : []) {
      const url = `${base}/api/clientes${query}`;
      const runs = await interleaved(
        () => http(url, manyCustomers.cookie),
        () => Promise.resolve(null),
      );
      results[`clientes${query ? 'Busca' : ''}`] = runs.a;
      row(`GET /api/clientes${label} at ${size(20_000, 200)} customers`, `p97.5 ${median(runs.a.map((r) => r.p97_5))} ms, ${median(runs.a.map((r) => r.rps)).toFixed(0)} req/s`, '≤ 50 ms', String(runs.a[0]!.load));
    }

    // Histórico (issue 37): the first page of the whole trail, of one kind and of one person, at a
    // million audit rows of the big shop (a row every 30 s for a year; a third of them by its owner).
    if (wants('historico')) {
      const linhas = size(1_000_000, 5_000);
      log(`Histórico: ${linhas} audit rows`);
      await db.query(
        `insert into auditoria (owner_id, em, autor_tipo, autor_id, autor_nome, acao, grupo, registro_tipo, registro_id, registro_nome)
         select $1, now() - g * interval '30 seconds', 'pessoa', case when g % 3 = 0 then $1 else 'outra-pessoa' end, 'Pessoa',
                (array['venda.criada', 'pagamento.registrado', 'cliente.alterado', 'produto.alterado'])[1 + g % 4],
                (array['vendas', 'pagamentos', 'clientes', 'produtos'])[1 + g % 4],
                (array['venda', 'cliente', 'cliente', 'produto'])[1 + g % 4], gen_random_uuid(), 'Registro ' || g
           from generate_series(1, $2::int) g`,
        [big.id, linhas],
      );
      await db.query('vacuum analyze auditoria');
      for (const [label, query] of [['', ''], [' of a kind', '?grupo=pagamentos'], [' of a person', `?autor=${big.id}`]] as const) {
        const url = `${base}/api/auditoria${query}`;
        const runs = await interleaved(
          () => http(url, big.cookie),
          () => Promise.resolve(null),
        );
        results[`historico${query ? (query.includes('grupo') ? 'Grupo' : 'Autor') : ''}`] = runs.a;
        row(
          `GET /api/auditoria${label} at ${linhas} rows`,
          `p97.5 ${median(runs.a.map((r) => r.p97_5))} ms, ${median(runs.a.map((r) => r.rps)).toFixed(0)} req/s`,
          'p95 ≤ 50 ms',
          String(runs.a[0]!.load),
        );
      }
    }

    // Issue 39: a paper caderneta of 20,000 customers, most of them owing, imported into a new shop
    // in one request (the browser has read and checked the file; this is the server's part).
    if (wants('importacao')) {
      // The issue's file whatever the scale (the shops around it only set the database's size).
      const n = smoke ? 500 : 20_000;
      log(`import: ${n} customers with opening balances`);
      const linhas = Array.from({ length: n }, (_, i) => ({
        linha: i + 2,
        nome: `Cliente importado ${i}`,
        telefone: `119${String(10_000_000 + i)}`,
        email: i % 4 === 0 ? `cliente${i}@example.com` : null,
        endereco: i % 3 === 0 ? `Rua ${i}, 10` : null,
        cpf: null,
        limiteCredito: i % 5 === 0 ? 50_000 : null,
        observacoes: i % 7 === 0 ? 'Paga no começo do mês' : null,
        saldoInicial: i % 10 < 7 ? 500 + ((i * 7919) % 100_000) : 0,
        dataSaldo: i % 10 < 7 ? new Date(Date.now() - (1 + (i % 400)) * 86_400_000).toISOString().slice(0, 10) : null,
        dataVencimento: i % 10 < 3 ? new Date(Date.now() + (i % 30) * 86_400_000).toISOString().slice(0, 10) : null,
      }));
      const corpo = JSON.stringify({ nomeArquivo: 'caderneta.xlsx', existentes: 'ignorar', linhas });
      const tempos: number[] = [];
      const desfazer: number[] = [];
      const load = loadAvg();
      for (let i = 0; i < ROUNDS; i++) {
        const loja = await signUpSeller(handle.db, base, `importacao${i}`);
        const inicio = performance.now();
        const response = await fetch(`${base}/api/importacoes/clientes`, { method: 'POST', headers: { cookie: loja.cookie, origin: base, 'content-type': 'application/json' }, body: corpo });
        if (response.status !== 201) throw new Error(`import: ${response.status} ${(await response.text()).slice(0, 500)}`);
        const { id: importacaoId } = (await response.json()) as { id: string };
        tempos.push(performance.now() - inicio);
        const { rows } = await db.query<{ n: number; saldo: string; devedores: number }>(
          'select count(*)::int n, sum(saldo_atual) saldo, count(*) filter (where pendente_desde is not null)::int devedores from clientes where owner_id = $1',
          [loja.id],
        );
        const esperado = linhas.reduce((soma, l) => soma + l.saldoInicial, 0);
        if (rows[0]!.n !== n || Number(rows[0]!.saldo) !== -esperado || rows[0]!.devedores !== linhas.filter((l) => l.saldoInicial > 0).length) {
          throw new Error(`import: the shop does not hold what was imported (${JSON.stringify(rows[0])})`);
        }
        // The first shop undoes its import: every customer and balance goes.
        if (i === 0) {
          const antes = performance.now();
          const desfeita = await fetch(`${base}/api/importacoes/${importacaoId}/desfazer`, { method: 'POST', headers: { cookie: loja.cookie, origin: base } });
          if (desfeita.status !== 200) throw new Error(`undo: ${desfeita.status} ${(await desfeita.text()).slice(0, 500)}`);
          desfazer.push(performance.now() - antes);
          const { rows: restam } = await db.query<{ n: number }>('select count(*)::int n from clientes where owner_id = $1', [loja.id]);
          if (restam[0]!.n !== 0) throw new Error(`undo: ${restam[0]!.n} customers left`);
        }
      }
      // The derived tables (counters, debts by due day) against a recount, after the imports.
      await conferirCarga(db);
      results.importacao = { linhas: n, bytes: corpo.length, tempos, desfazer };
      row(`POST /api/importacoes/clientes, ${n} rows (${(corpo.length / 1e6).toFixed(1)} MB)`, `${(median(tempos) / 1000).toFixed(2)} s median of ${tempos.length}`, '≤ 10 s', String(load));
      row(`  undone as a whole (POST …/desfazer)`, `${(desfazer[0]! / 1000).toFixed(2)} s`, 'small', String(load));
    }

    // The reports' period function, 365 days and the previous period, on the big shop.
    if (wants('relatorios')) {
      log('reports: 365-day period');
      const today = new Date().toISOString().slice(0, 10);
      const de = new Date(Date.now() - 364 * 86_400_000).toISOString().slice(0, 10);
      const times: number[] = [];
      const load = loadAvg();
      for (let i = 0; i < (smoke ? 5 : 30); i++) {
        const start = performance.now();
        await withSeller(handle.db, big.id, (tx) => resumoDoPeriodo(tx, big.id, de, today, 'America/Sao_Paulo'));
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      const p95 = times[Math.min(times.length - 1, Math.floor(times.length * 0.95))]!;
      results.relatorio365 = { times, p95 };
      row('Reports: 365-day period (resumoDoPeriodo), p95', `${p95.toFixed(1)} ms`, '≤ 300 ms', String(load));
    }

    // /relatorios: each tab's endpoint for the last 365 days on the big shop, one request after
    // another (what a seller waits for), then the heaviest under 16 connections.
    if (wants('relatorios')) {
      log('reports: GET /api/relatorios/<tab>?periodo=365');
      const abas = ['resumo', 'vendas', 'clientes', 'produtos', 'financeiro'];
      const porAba: Record<string, { times: number[]; p50: number; p95: number; load: number }> = {};
      for (const aba of abas) {
        const url = `${base}/api/relatorios/${aba}?periodo=365`;
        const get = async () => {
          const response = await fetch(url, { headers: { cookie: big.cookie } });
          if (response.status !== 200) throw new Error(`${url}: ${response.status} ${await response.text()}`);
          await response.arrayBuffer();
        };
        await get();
        const load = loadAvg();
        const times: number[] = [];
        for (let i = 0; i < (smoke ? 5 : 40); i++) {
          const start = performance.now();
          await get();
          times.push(performance.now() - start);
        }
        times.sort((a, b) => a - b);
        porAba[aba] = { times, p50: times[Math.floor((times.length - 1) / 2)]!, p95: times[Math.min(times.length - 1, Math.floor(times.length * 0.95))]!, load };
      }
      results.relatorios = porAba;
      row(
        'GET /api/relatorios/{tab}?periodo=365, p95 (p50)',
        abas.map((a) => `${a} ${porAba[a]!.p95.toFixed(0)} (${porAba[a]!.p50.toFixed(0)})`).join(', ') + ' ms',
        '≤ 300 ms',
        String(porAba.resumo!.load),
      );
      // Each tab under 16 connections (issue 41: a busy day is many requests at once, not one after another).
      const concorrentes: Record<string, HttpRun> = {};
      for (const aba of abas) concorrentes[aba] = await http(`${base}/api/relatorios/${aba}?periodo=365`, big.cookie);
      results.relatorioConcorrente = concorrentes;
      for (const aba of abas) {
        const run = concorrentes[aba]!;
        row(`  ${aba} under ${CONNECTIONS} connections, p97.5`, `${run.p97_5} ms, ${run.rps.toFixed(1)} req/s, ${run.errors + run.non2xx} errors`, '≤ 300 ms', String(run.load));
      }
    }

    // /devedores' first page (the cards and 20 debtors) of the big shop, whose customers pay two
    // months late (scripts/bench/load.ts), under 16 connections.
    if (wants('devedores')) {
      log('GET /api/devedores?pageSize=20 under 16 connections');
      const run = await http(`${base}/api/devedores?pageSize=20`, big.cookie);
      results.devedores = run;
      row(`GET /api/devedores?pageSize=20, ${CONNECTIONS} connections, p97.5`, `${run.p97_5} ms, ${run.rps.toFixed(0)} req/s, ${run.errors + run.non2xx} errors`, '≤ 50 ms', String(run.load));
    }
    await stopServer(app);

    // JS + CSS on the wire and Lighthouse, against the built app.
    if (wants('web')) {
      log('JS bytes and Lighthouse');
      if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) execFileSync('npm', ['run', '-s', 'build'], { cwd: root, stdio: 'inherit' });
      const webPort = await freePort();
      const webBase = `http://127.0.0.1:${webPort}`;
      const web = startServer({ DATABASE_URL: dbUrl.toString(), PORT: String(webPort), HOST: '127.0.0.1', PUBLIC_URL: webBase }, { profileDir });
      try {
        await waitFor(`${webBase}/api/health`, 120_000);
        const signIn = await fetch(`${webBase}/api/auth/sign-in/email`, {
          method: 'POST',
          headers: { origin: webBase, 'content-type': 'application/json' },
          body: JSON.stringify({ email: (await db.query<{ email: string }>('select email from users where id = $1', [big.id])).rows[0]!.email, password: 'segredo123', rememberMe: true }),
        });
        const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
        const bytes = { ...(await jsBytes(webBase, ['/auth'], null, chromiumPath)), ...(await jsBytes(webBase, ['/dashboard', '/vendas'], cookie, chromiumPath)) };
        results.jsBytes = bytes;
        row('JS+CSS on the wire: /auth, /dashboard, /vendas', Object.values(bytes).map((b) => `${(b / 1024).toFixed(0)} KB`).join(', '), '≤ 170 KB', String(loadAvg()));

        const pages = smoke ? ['/auth'] : ['/auth', '/dashboard', '/vendas'];
        const scores: Record<string, LighthouseRun[]> = {};
        const load = loadAvg();
        for (let round = 0; round < ROUNDS; round++) {
          for (const route of pages) {
            const result = lighthouse(`${webBase}${route}`, route === '/auth' ? null : cookie, chromiumPath);
            if (result) (scores[route] ??= []).push(result);
          }
        }
        results.lighthouse = scores;
        row(
          'Lighthouse 12 mobile (median): ' + pages.join(', '),
          pages.map((p) => (scores[p]?.length ? `${median(scores[p]!.map((s) => s.score))} (LCP ${median(scores[p]!.map((s) => s.lcp))} ms, TBT ${median(scores[p]!.map((s) => s.tbt))} ms)` : 'n/a')).join('; ') +
            `; host benchmarkIndex ${median(Object.values(scores).flat().map((s) => s.benchmarkIndex))}`,
          '≥ 95 each',
          String(load),
        );
      } finally {
        await stopServer(web);
      }
    }

    // Start-up on PGlite: a fresh data dir (from the prepared template), then the same dir again.
    if (wants('startup')) {
      log('start-up');
      await templateDirectory();
      const fresh: number[] = [];
      const existing: number[] = [];
      // The page comes first (the web front, before the database is open); the API follows.
      const apiFresh: number[] = [];
      const apiExisting: number[] = [];
      const load = loadAvg();
      for (let round = 0; round < ROUNDS; round++) {
        const dataDir = mkdtempSync(path.join(os.tmpdir(), 'caderneta-start-'));
        for (const [list, apiList] of [[fresh, apiFresh], [existing, apiExisting]] as const) {
          const startPort = await freePort();
          const started = performance.now();
          const child = startServer({ DATA_DIR: dataDir, PORT: String(startPort), HOST: '127.0.0.1', DATABASE_URL: '' }, { profileDir });
          await waitFor(`http://127.0.0.1:${startPort}/`, 120_000);
          list.push(performance.now() - started);
          await waitFor(`http://127.0.0.1:${startPort}/api/health`, 120_000);
          apiList.push(performance.now() - started);
          await stopServer(child);
        }
        rmSync(dataDir, { recursive: true, force: true });
      }
      // npm start with the web build current: no vite build, straight to serving.
      const startPort = await freePort();
      const dataDir = mkdtempSync(path.join(os.tmpdir(), 'caderneta-start-'));
      execFileSync(process.execPath, [path.join(root, 'scripts/web-source-hash.mjs'), '--write']);
      const started = performance.now();
      const child = startServer({ DATA_DIR: dataDir, PORT: String(startPort), HOST: '127.0.0.1', DATABASE_URL: '' }, { script: 'scripts/start.mjs', profileDir });
      await waitFor(`http://127.0.0.1:${startPort}/`, 120_000);
      const npmStart = performance.now() - started;
      await stopServer(child);
      rmSync(dataDir, { recursive: true, force: true });
      results.startup = { fresh, existing, apiFresh, apiExisting, npmStartCurrentBuild: npmStart };
      row('serve to first page: existing / fresh data dir', `${(median(existing) / 1000).toFixed(2)} s / ${(median(fresh) / 1000).toFixed(2)} s`, '≤ 1 s / ≤ 3 s', String(load));
      row('… to the API answering: existing / fresh', `${(median(apiExisting) / 1000).toFixed(2)} s / ${(median(apiFresh) / 1000).toFixed(2)} s`, '—', String(load));
      row('npm start with the build current (fresh data dir)', `${(npmStart / 1000).toFixed(2)} s (build skipped)`, 'skip the build', String(loadAvg()));
    }
  } finally {
    await stopServer(app);
    await banco.close();
    // What was measured before a failure is kept (and printed) rather than lost with it.
    report(results, rows);
  }
}

function report(results: Record<string, unknown>, rows: string[][]) {
  results.finishedAt = new Date().toISOString();
  const header = ['what', 'measured', 'goal', 'load avg'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  console.log(`\nscale ${scale}, ${duration} s per run, ${CONNECTIONS} connections, median of ${ROUNDS}, ${os.cpus().length} CPUs`);
  for (const line of [header, ...rows]) console.log(line.map((c, i) => c.padEnd(widths[i]!)).join('  '));
  const out = path.resolve(root, arg('out', 'bench/results.json'));
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, `${JSON.stringify({ ...results, table: rows }, null, 2)}\n`);
  console.log(`\nwritten: ${path.relative(root, out)}`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
