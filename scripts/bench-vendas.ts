/**
 * Times the dashboard and the sales list on demo shops of growing size (not a test: it prints).
 *   npx tsx scripts/bench-vendas.ts                         PGlite in a temp dir, 1000 and 20000 sales
 *   npx tsx scripts/bench-vendas.ts --sales 2000,50000 --runs 30 --explain
 *   DATABASE_URL=postgres://… npx tsx scripts/bench-vendas.ts     a PostgreSQL server (new sellers in it)
 *   npx tsx scripts/bench-vendas.ts --pg                     a throw-away local PostgreSQL cluster
 * Each size is its own demo seller in the same database, so the numbers also show that the
 * dashboard does not grow with the shop's past sales while the full-history list does.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { REGRA_VENCIMENTO_PADRAO } from '@caderneta/shared';
import { migrateDatabase, openDatabase, withSeller, type DbHandle } from '../apps/api/src/db/client';
import { clientes } from '../apps/api/src/db/schema';
import { dashboardSql, getDashboard } from '../apps/api/src/modules/dashboard/dashboard.service';
import { seedDemoShop } from '../apps/api/src/modules/admin/demo-shop';
import { getExtrato } from '../apps/api/src/modules/financeiro/financeiro.service';
import { listVendas } from '../apps/api/src/modules/vendas/vendas.service';
import { startTempPostgres, type TempPostgres } from '../apps/api/test/pg-server';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}
const sizes = arg('sales', '1000,20000').split(',').map(Number);
const runs = Number(arg('runs', '20'));
const days = Number(arg('days', '90'));
const explain = process.argv.includes('--explain');

async function time(fn: () => Promise<unknown>): Promise<{ median: number; p95: number }> {
  await fn();
  const samples: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await fn();
    samples.push(performance.now() - start);
  }
  samples.sort((a, b) => a - b);
  return { median: samples[Math.floor(samples.length / 2)]!, p95: samples[Math.min(samples.length - 1, Math.floor(samples.length * 0.95))]! };
}

async function main() {
  let handle: DbHandle;
  let tempDir: string | null = null;
  let pg: TempPostgres | null = null;
  if (process.env.DATABASE_URL || process.argv.includes('--pg')) {
    if (!process.env.DATABASE_URL) pg = await startTempPostgres();
    handle = await openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL ?? pg!.url });
  } else {
    tempDir = mkdtempSync(path.join(os.tmpdir(), 'caderneta-bench-'));
    handle = await openDatabase({ kind: 'pglite', dataDir: tempDir });
  }
  await migrateDatabase(handle);
  console.log(`database: ${handle.kind}; ${runs} runs per figure (after one warm-up); demo over ${days} days`);
  const rows: string[][] = [];
  try {
    for (const size of sizes) {
      const seeded = await seedDemoShop(handle.db, { sales: size, days, seed: size });
      console.log(`seeded ${size} sales (${seeded.clientes} customers) in ${seeded.seconds.toFixed(1)} s`);
      await handle.db.execute(sql`analyze`);
      const owner = seeded.sellerId;
      const inSeller = <T>(work: Parameters<typeof withSeller<T>>[2]) => withSeller(handle.db, owner, work);
      const [top] = await inSeller((tx) => tx.select({ id: clientes.id, nome: clientes.nome }).from(clientes).orderBy(clientes.saldoAtual).limit(1));
      const today = new Date().toISOString().slice(0, 10);
      const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
      const cases: Array<[string, () => Promise<unknown>]> = [
        ['GET /api/dashboard', () => inSeller((tx) => getDashboard(tx, owner))],
        ['GET /api/vendas (page 1)', () => inSeller((tx) => listVendas(tx, owner, {}))],
        ['GET /api/vendas?page=40', () => inSeller((tx) => listVendas(tx, owner, { page: 40 }))],
        ['GET /api/vendas?status=pendente', () => inSeller((tx) => listVendas(tx, owner, { status: 'pendente' }))],
        [`GET /api/vendas?de=${weekAgo}&ate=${today}`, () => inSeller((tx) => listVendas(tx, owner, { de: weekAgo, ate: today }))],
        ['GET /api/vendas?busca=<customer name>', () => inSeller((tx) => listVendas(tx, owner, { busca: top!.nome.split(' ')[0] }))],
        ['GET /api/clientes/:id/extrato', () => inSeller((tx) => getExtrato(tx, owner, top!.id, { page: 1, pageSize: 20 }))],
      ];
      for (const [name, fn] of cases) {
        const { median, p95 } = await time(fn);
        rows.push([String(size), name, median.toFixed(2), p95.toFixed(2)]);
      }
      if (explain) {
        const plan = await inSeller(async (tx) => {
          const result = (await tx.execute(sql`explain (analyze, costs off, timing off, summary off) ${dashboardSql({ ownerId: owner, regra: REGRA_VENCIMENTO_PADRAO, fuso: 'America/Sao_Paulo', hoje: today })}`)) as unknown as {
            rows: Array<Record<string, string>>;
          };
          return result.rows.map((r) => Object.values(r)[0]).join('\n');
        });
        console.log(`dashboard plan (${size} sales):\n${plan}`);
      }
    }
  } finally {
    await handle.close();
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
    pg?.stop();
  }
  const header = ['sales', 'query', 'median ms', 'p95 ms'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  for (const line of [header, ...rows]) console.log(line.map((c, i) => (i >= 2 ? c.padStart(widths[i]!) : c.padEnd(widths[i]!))).join('  '));
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
