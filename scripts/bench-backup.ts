/**
 * Times "Importar Dados" and "Exportar Dados" on a throw-away PostgreSQL (as the tests start it)
 * or DATABASE_URL (an admin URL). Not a test: it prints, and exits 1 when a figure is over its goal.
 *
 *  - substituir (issue 32): shops of 5,000, 10,000, 20,000 and 100,000 customers with 10 sales each
 *    (100,000 customers: 1,000,000 sales), loaded by bulk SQL, each replaced by a one-customer
 *    file — the restore's delete and insert in one transaction, as POST /api/backup/restaurar runs
 *    it. Goals: 20,000 customers in ≤ 5 s, 100,000 customers and 1,000,000 sales in ≤ 60 s, and
 *    time growing linearly (seconds per 1,000 customers within 2× of the smallest shop's).
 *  - ida-e-volta: a shop of 100,000 sales exported (the gzip file GET /api/backup/exportar and the
 *    automatic backup write), then read back as an upload is (gunzip, the reader, the whole check)
 *    and restored into a new account. Budgets: export ≤ 60 s, import ≤ 180 s, peak RSS ≤ 1.5 GB.
 *
 *   npx tsx scripts/bench-backup.ts                          both parts
 *   --only substituir|ida-e-volta                            one part
 *   --clientes 5000,10000,20000,100000 --vendas-por-cliente 10
 *   --vendas 100000                                          the round trip's shop
 */
import { createReadStream, statSync } from 'node:fs';
import { createGunzip } from 'node:zlib';
import pg from 'pg';
import { migrateDatabase, openDatabase, withSeller, type Database } from '../apps/api/src/db/client';
import { lerArquivo, type ArquivoValidado } from '../apps/api/src/modules/backup/arquivo';
import { exportarParaArquivo } from '../apps/api/src/modules/backup/automatico';
import { restaurarBackup } from '../apps/api/src/modules/backup/restaurar';
import { createAccessCodes } from '../apps/api/src/modules/codigos/codigos.service';
import { signUp } from '../apps/api/src/modules/conta/conta.service';
import { startTempPostgres, type TempPostgres } from '../apps/api/test/pg-server';
import { conferirCarga, loadShop, type ShopSize } from './bench/load';

function arg(name: string, fallback: string): string {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
}
const only = arg('only', '');
const tamanhos = arg('clientes', '5000,10000,20000,100000').split(',').map(Number);
const vendasPorCliente = Number(arg('vendas-por-cliente', '10'));
const vendasIdaEVolta = Number(arg('vendas', '100000'));

const GOAL = { segundos20k: 5, segundos100k: 60, crescimento: 2 };
const BUDGET_100K = { exportSeconds: 60, importSeconds: 180, peakRssMb: 1_500 };

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const log = (text: string) => console.log(`[backup ${new Date().toISOString().slice(11, 19)}] ${text}`);
let peakRss = 0;
const sampler = setInterval(() => {
  peakRss = Math.max(peakRss, process.memoryUsage().rss);
}, 100);

let contas = 0;
async function novaConta(db: Database): Promise<string> {
  const [codigo] = await createAccessCodes(db, 1);
  const { userId } = await signUp(db, {
    nomeCompleto: 'Conta de Teste',
    nomeLoja: `Loja ${++contas}`,
    codigoAcesso: codigo!,
    email: `bench-backup-${Date.now()}-${contas}@caderneta.demo`,
    senha: 'segredo123',
    confirmarSenha: 'segredo123',
  });
  return userId;
}

/** Exports `sellerId`'s shop and reads the file back as an upload is read. */
async function exportarELer(db: Database, sellerId: string) {
  let start = performance.now();
  const arquivo = await exportarParaArquivo(db, sellerId, new Date());
  const exportSeconds = (performance.now() - start) / 1000;
  const gzBytes = statSync(arquivo.caminho).size;
  start = performance.now();
  const validado = await lerArquivo(createReadStream(arquivo.caminho).pipe(createGunzip()));
  const readSeconds = (performance.now() - start) / 1000;
  await arquivo.descartar();
  return { validado, exportSeconds, readSeconds, bytes: arquivo.bytes, gzBytes, contagens: arquivo.contagens };
}

async function restaurar(db: Database, sellerId: string, arquivo: ArquivoValidado): Promise<number> {
  const start = performance.now();
  await withSeller(db, sellerId, (tx) => restaurarBackup(tx, sellerId, arquivo), 'restauracao');
  return (performance.now() - start) / 1000;
}

/** loadShop, with stock a shop can hold (the loader's never runs out, for the sales benchmarks; a file may not carry it). */
async function carregar(client: pg.Client, sellerId: string, shop: ShopSize) {
  await loadShop(client, sellerId, shop);
  await client.query('update produtos set estoque_atual = 1000 where owner_id = $1', [sellerId]);
  await conferirCarga(client);
}

async function substituir(db: Database, client: pg.Client, failures: string[]) {
  const pequena = await novaConta(db);
  await carregar(client, pequena, { clientes: 1, vendas: 0, produtos: 1 });
  const { validado } = await exportarELer(db, pequena);
  console.log('');
  console.log('| shop replaced by a one-customer file | restore | per 1,000 customers |');
  console.log('| --- | --- | --- |');
  const porMil: number[] = [];
  for (const clientes of tamanhos) {
    const vendas = clientes * vendasPorCliente;
    const seller = await novaConta(db);
    const started = performance.now();
    await carregar(client, seller, { clientes, vendas, produtos: 500 });
    await client.query('vacuum analyze');
    log(`${clientes} customers, ${vendas} sales loaded in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    const segundos = await restaurar(db, seller, validado);
    porMil.push((segundos * 1000) / clientes);
    console.log(`| ${clientes.toLocaleString('en')} customers, ${vendas.toLocaleString('en')} sales | ${segundos.toFixed(2)} s | ${porMil.at(-1)!.toFixed(3)} s |`);
    if (clientes === 20_000 && segundos > GOAL.segundos20k) failures.push(`20,000 customers replaced in ${segundos.toFixed(1)} s (goal ≤ ${GOAL.segundos20k} s)`);
    if (clientes === 100_000 && segundos > GOAL.segundos100k) failures.push(`100,000 customers replaced in ${segundos.toFixed(1)} s (goal ≤ ${GOAL.segundos100k} s)`);
  }
  const crescimento = Math.max(...porMil) / porMil[0]!;
  console.log(`growth: the slowest shop took ${crescimento.toFixed(2)}× the smallest's time per 1,000 customers (goal ≤ ${GOAL.crescimento}×: linear)`);
  if (crescimento > GOAL.crescimento) failures.push(`time per customer grew ${crescimento.toFixed(2)}×`);
}

async function idaEVolta(db: Database, client: pg.Client, failures: string[]) {
  const seller = await novaConta(db);
  const clientes = Math.max(50, Math.round(vendasIdaEVolta / 20));
  await carregar(client, seller, { clientes, vendas: vendasIdaEVolta, produtos: 500 });
  await client.query('vacuum analyze');
  peakRss = process.memoryUsage().rss;
  const lido = await exportarELer(db, seller);
  console.log(
    `\nexport: ${lido.exportSeconds.toFixed(1)} s, ${mb(lido.bytes)} MB of JSON (${mb(lido.gzBytes)} MB gzip), rows ${JSON.stringify(lido.contagens)}; ` +
      `read back as an upload: ${lido.readSeconds.toFixed(1)} s`,
  );
  const destino = await novaConta(db);
  const restoreSeconds = await restaurar(db, destino, lido.validado);
  const importSeconds = lido.readSeconds + restoreSeconds;
  console.log(`import: ${importSeconds.toFixed(1)} s (read and check ${lido.readSeconds.toFixed(1)} s, restore ${restoreSeconds.toFixed(1)} s in one transaction), peak RSS ${mb(peakRss)} MB`);
  const scale = Math.max(0.1, vendasIdaEVolta / 100_000);
  const budget = { exportSeconds: BUDGET_100K.exportSeconds * scale, importSeconds: BUDGET_100K.importSeconds * scale };
  if (lido.exportSeconds > budget.exportSeconds) failures.push(`export took ${lido.exportSeconds.toFixed(1)} s (≤ ${budget.exportSeconds.toFixed(0)} s)`);
  if (importSeconds > budget.importSeconds) failures.push(`import took ${importSeconds.toFixed(1)} s (≤ ${budget.importSeconds.toFixed(0)} s)`);
  if (peakRss / 1024 / 1024 > BUDGET_100K.peakRssMb) failures.push(`peak RSS ${mb(peakRss)} MB`);
}

async function main() {
  let server: TempPostgres | null = null;
  const adminUrl = process.env.DATABASE_URL ?? (server = await startTempPostgres(['shared_buffers=256MB', 'work_mem=16MB', 'max_wal_size=4GB'])).url;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const nome = `bench_backup_${Date.now()}`;
  await admin.query(`create database ${nome}`);
  const url = new URL(adminUrl);
  url.pathname = `/${nome}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), max: 2 });
  const client = new pg.Client({ connectionString: url.toString() });
  const failures: string[] = [];
  try {
    await migrateDatabase(handle);
    await client.connect();
    if (!only || only === 'substituir') await substituir(handle.db, client, failures);
    if (!only || only === 'ida-e-volta') await idaEVolta(handle.db, client, failures);
  } finally {
    clearInterval(sampler);
    await client.end();
    await handle.close();
    await admin.query(`drop database ${nome}`).catch(() => undefined);
    await admin.end();
    server?.stop();
  }
  if (failures.length) {
    console.error(`\nover the goal: ${failures.join('; ')}`);
    process.exit(1);
  }
  console.log('\nevery goal met');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
