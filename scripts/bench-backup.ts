/**
 * Times "Exportar Dados" and "Importar Dados" on a big demo shop (not a test: it prints, and
 * fails when a figure is over its budget).
 *   npx tsx scripts/bench-backup.ts                       PGlite in a temp dir, 100,000 sales
 *   npx tsx scripts/bench-backup.ts --sales 20000 --pg    a throw-away local PostgreSQL cluster
 *   DATABASE_URL=postgres://… npx tsx scripts/bench-backup.ts
 * Export: the seller's snapshot written as gzip to a temporary file (what GET /api/backup/exportar
 * and the automatic backup do). Import: JSON.parse of the file, the whole check (validarArquivo),
 * and the restore in one transaction into a fresh account (POST /api/backup/restaurar without HTTP).
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import { migrateDatabase, openDatabase, withSeller, type DbHandle } from '../apps/api/src/db/client';
import { validarArquivo } from '../apps/api/src/modules/backup/arquivo';
import { exportarParaArquivo } from '../apps/api/src/modules/backup/automatico';
import { restaurarBackup } from '../apps/api/src/modules/backup/restaurar';
import { createAccessCodes } from '../apps/api/src/modules/codigos/codigos.service';
import { signUp } from '../apps/api/src/modules/conta/conta.service';
import { seedDemoShop } from '../apps/api/src/cli/demo-shop';
import { startTempPostgres, type TempPostgres } from '../apps/api/test/pg-server';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}
const sales = Number(arg('sales', '100000'));
const days = Number(arg('days', '365'));

/** Budgets for a 100,000-sale shop on this kind of machine (2 shared cores), scaled linearly for other sizes. */
const BUDGET_100K = { exportSeconds: 60, importSeconds: 180, peakRssMb: 1_500 };
const scale = Math.max(0.1, sales / 100_000);

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 100);

async function main() {
  let handle: DbHandle;
  let tempDir: string | null = null;
  let pg: TempPostgres | null = null;
  if (process.env.DATABASE_URL || process.argv.includes('--pg')) {
    if (!process.env.DATABASE_URL) pg = await startTempPostgres();
    handle = await openDatabase({ kind: 'postgres', url: process.env.DATABASE_URL ?? pg!.url });
  } else {
    tempDir = mkdtempSync(path.join(os.tmpdir(), 'caderneta-bench-backup-'));
    handle = await openDatabase({ kind: 'pglite', dataDir: tempDir });
  }
  const failures: string[] = [];
  try {
    await migrateDatabase(handle);
    console.log(`database: ${handle.kind}; demo shop of ${sales} sales over ${days} days`);
    const seeded = await seedDemoShop(handle.db, { sales, days, seed: 42, log: (line) => console.log(line) });
    console.log(`seeded in ${seeded.seconds.toFixed(0)} s: ${seeded.clientes} customers, ${seeded.vendas} sales, ${seeded.pagamentos} payments`);
    await handle.db.execute(sql`analyze`);

    peakRss = process.memoryUsage().rss;
    let start = performance.now();
    const arquivo = await exportarParaArquivo(handle.db, seeded.sellerId, new Date());
    const exportSeconds = (performance.now() - start) / 1000;
    const gzBytes = statSync(arquivo.caminho).size;
    const exportRss = peakRss;
    console.log(`export: ${exportSeconds.toFixed(1)} s, ${mb(arquivo.bytes)} MB of JSON (${mb(gzBytes)} MB gzip), rows ${JSON.stringify(arquivo.contagens)}, peak RSS ${mb(exportRss)} MB`);

    const [codigo] = await createAccessCodes(handle.db, 1);
    const { userId } = await signUp(handle.db, {
      nomeCompleto: 'Conta Nova',
      nomeLoja: 'Loja Nova',
      codigoAcesso: codigo!,
      email: `bench-${Date.now()}@caderneta.demo`,
      senha: 'segredo123',
      confirmarSenha: 'segredo123',
    });

    peakRss = process.memoryUsage().rss;
    start = performance.now();
    const text = gunzipSync(readFileSync(arquivo.caminho)).toString('utf8');
    const bruto = JSON.parse(text) as unknown;
    const parseSeconds = (performance.now() - start) / 1000;
    start = performance.now();
    const validado = await validarArquivo(bruto);
    const checkSeconds = (performance.now() - start) / 1000;
    start = performance.now();
    const relatorio = await withSeller(handle.db, userId, (tx) => restaurarBackup(tx, userId, validado));
    const restoreSeconds = (performance.now() - start) / 1000;
    const importSeconds = parseSeconds + checkSeconds + restoreSeconds;
    console.log(
      `import: ${importSeconds.toFixed(1)} s (parse ${parseSeconds.toFixed(1)} s, check ${checkSeconds.toFixed(1)} s, restore ${restoreSeconds.toFixed(1)} s in one transaction), ` +
        `${relatorio.loginsAlterados.length} logins renamed, peak RSS ${mb(peakRss)} MB`,
    );
    await arquivo.descartar();

    const budget = { exportSeconds: BUDGET_100K.exportSeconds * scale, importSeconds: BUDGET_100K.importSeconds * scale, peakRssMb: BUDGET_100K.peakRssMb };
    console.log(`budget for ${sales} sales: export ≤ ${budget.exportSeconds.toFixed(0)} s, import ≤ ${budget.importSeconds.toFixed(0)} s, peak RSS ≤ ${budget.peakRssMb} MB`);
    if (exportSeconds > budget.exportSeconds) failures.push(`export took ${exportSeconds.toFixed(1)} s`);
    if (importSeconds > budget.importSeconds) failures.push(`import took ${importSeconds.toFixed(1)} s`);
    if (Math.max(exportRss, peakRss) / 1024 / 1024 > budget.peakRssMb) failures.push(`peak RSS ${mb(Math.max(exportRss, peakRss))} MB`);
  } finally {
    clearInterval(sampler);
    await handle.close();
    await pg?.stop();
    if (tempDir) rmSync(tempDir, { recursive: true, force: true });
  }
  if (failures.length) {
    console.error(`over budget: ${failures.join('; ')}`);
    process.exit(1);
  }
  console.log('within budget');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
