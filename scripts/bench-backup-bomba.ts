/**
 * Issue 32's goal for backup uploads, on the real server in its own process (`npm run serve`):
 * three sellers upload a gzip bomb at once — 249 KB that expand to 262 MB of JSON — while a fourth
 * seller's customer list is requested without pause. Each bomb must be refused (413) in under a
 * second, the list's p95 while the bombs are read must stay within 2× its idle p95, and the
 * server's memory must grow by less than 100 MB. Not a test: it prints, and exits 1 when a goal
 * is missed.
 *   npx tsx scripts/bench-backup-bomba.ts               a throw-away PostgreSQL, as the tests start it
 *   --idle S        seconds of the list alone before the bombs (default 10)
 *   --customers N   the list's shop (default 2,000 customers)
 *   --json FILE     also write the figures there
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { loadShop } from './bench/load';
import { bancoDeBench, freePort, signUpSeller, startServer, stopServer, waitFor } from './bench/servidor';
// @ts-expect-error -- plain ESM script without type declarations, shared with `npm run serve`.
import { ensureServerBuild } from './server-build.mjs';

const arg = (name: string, fallback: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? (process.argv[i + 1] ?? fallback) : fallback;
};
const idleSeconds = Number(arg('idle', '10'));
const customers = Number(arg('customers', '2000'));
const jsonOut = arg('json', '');
const LIST_CONNECTIONS = 4;
const BOMBS = 3;
const GOAL = { refusedWithinMs: 1_000, listP95Ratio: 2, growthMb: 100 };

const log = (text: string) => console.log(`[bomba ${new Date().toISOString().slice(11, 19)}] ${text}`);
const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : Number.NaN;
};

/** The start of a backup file and then 262 MB of blanks inside its customers' list: valid JSON so far, 1,000 : 1 in gzip. */
function bomb(): Buffer {
  const inicio = Buffer.from(`{"formato":"caderneta-backup","versao":2,"exportadoEm":"2026-11-27T00:00:00.000Z","dados":{"clientes":[`);
  return gzipSync(Buffer.concat([inicio, Buffer.alloc(262 * 1000 * 1000, ' ')]), { level: 9 });
}

/** Resident memory of a process in MB, now (VmRSS) and at its peak since the last reset (VmHWM). */
function memoria(pid: number): { rss: number; pico: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? Number.NaN);
  return { rss: kb('VmRSS') / 1024, pico: kb('VmHWM') / 1024 };
}

/** Resets the process's peak (VmHWM) to its current resident size; false where Linux refuses. */
function zerarPico(pid: number): boolean {
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

interface Amostra {
  inicio: number;
  ms: number;
  status: number;
}

async function main() {
  log('PostgreSQL (as the tests start it)');
  const banco = await bancoDeBench('bomba', [], 2);
  const { handle, db } = banco;
  const dbUrl = new URL(banco.url);

  await ensureServerBuild();
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const app = startServer({ DATABASE_URL: dbUrl.toString(), PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base, RATE_LIMIT_BACKUP: '1000' });
  const failures: string[] = [];
  const results: Record<string, unknown> = {};
  try {
    await waitFor(`${base}/api/health`, 120_000);
    const lista = await signUpSeller(handle.db, base, 'lista');
    await loadShop(db, lista.id, { vendas: 0, clientes: customers, produtos: 1 });
    await db.query('vacuum analyze');
    const bombers = await Promise.all(Array.from({ length: BOMBS }, (_, i) => signUpSeller(handle.db, base, `bomba${i}`)));
    const corpo = bomb();
    log(`bomb: ${(corpo.length / 1000).toFixed(0)} KB of gzip, 262 MB of JSON; list: ${customers} customers, ${LIST_CONNECTIONS} connections`);

    // The list, without pause, from LIST_CONNECTIONS clients until `parar`.
    const amostras: Amostra[] = [];
    let parar = false;
    const listar = async () => {
      while (!parar) {
        const inicio = performance.now();
        const response = await fetch(`${base}/api/clientes`, { headers: { cookie: lista.cookie } });
        await response.arrayBuffer();
        amostras.push({ inicio, ms: performance.now() - inicio, status: response.status });
      }
    };
    const clientes = Array.from({ length: LIST_CONNECTIONS }, () => listar());

    await new Promise((resolve) => setTimeout(resolve, idleSeconds * 1000));
    const pid = app.pid!;
    const antes = memoria(pid);
    const podeZerar = zerarPico(pid);
    let picoAmostrado = antes.rss;
    const sampler = setInterval(() => {
      picoAmostrado = Math.max(picoAmostrado, memoria(pid).rss);
    }, 10);

    log(`idle: ${amostras.length} list requests; server RSS ${antes.rss.toFixed(0)} MB; ${BOMBS} bombs at once`);
    const disparo = performance.now();
    const bombas = await Promise.all(
      bombers.map(async (seller) => {
        const started = performance.now();
        try {
          const response = await fetch(`${base}/api/backup/validar`, {
            method: 'POST',
            headers: { cookie: seller.cookie, origin: base, 'content-type': 'application/json', 'content-encoding': 'gzip' },
            body: new Uint8Array(corpo),
          });
          const body = (await response.json()) as { code?: string };
          return { status: response.status, code: body.code ?? '', ms: performance.now() - started };
        } catch (error) {
          // The server may close the connection while the body is still going out.
          return { status: 0, code: (error as Error).message, ms: performance.now() - started };
        }
      }),
    );
    const fimBombas = performance.now();
    // The list during the bombs, and for a second after the last answer (or 3 s in all).
    await new Promise((resolve) => setTimeout(resolve, Math.max(1_000, 3_000 - (fimBombas - disparo))));
    parar = true;
    await Promise.all(clientes);
    clearInterval(sampler);
    const depois = memoria(pid);
    const pico = podeZerar ? Math.max(depois.pico, picoAmostrado) : picoAmostrado;

    const ociosas = amostras.filter((a) => a.inicio < disparo).map((a) => a.ms);
    const durante = amostras.filter((a) => a.inicio >= disparo && a.inicio <= fimBombas + 1_000).map((a) => a.ms);
    const erros = amostras.filter((a) => a.status !== 200).length;
    const idleP95 = percentile(ociosas, 95);
    const duranteP95 = percentile(durante, 95);
    const crescimento = pico - antes.rss;
    Object.assign(results, {
      bombKb: Math.round(corpo.length / 1000),
      bombs: bombas,
      list: { idleP95, duranteP95, duranteMax: Math.max(...durante), idleRequests: ociosas.length, duranteRequests: durante.length, errors: erros },
      memory: { beforeMb: antes.rss, peakMb: pico, growthMb: crescimento, peakFrom: podeZerar ? 'VmHWM and samples' : 'samples every 10 ms' },
    });

    console.log('');
    console.log('| what | measured | goal |');
    console.log('| --- | --- | --- |');
    for (const [i, b] of bombas.entries()) {
      console.log(`| bomb ${i + 1}: answer | ${b.status} ${b.code} in ${b.ms.toFixed(0)} ms | 413 in < ${GOAL.refusedWithinMs} ms |`);
      if (b.status !== 413 || b.ms >= GOAL.refusedWithinMs) failures.push(`bomb ${i + 1}: ${b.status} in ${b.ms.toFixed(0)} ms`);
    }
    console.log(`| another seller's /api/clientes p95, idle → during the bombs | ${idleP95.toFixed(1)} → ${duranteP95.toFixed(1)} ms (×${(duranteP95 / idleP95).toFixed(2)}; max ${Math.max(...durante).toFixed(0)} ms; ${durante.length} requests) | ≤ ×${GOAL.listP95Ratio} |`);
    if (!(duranteP95 <= GOAL.listP95Ratio * idleP95)) failures.push(`list p95 ×${(duranteP95 / idleP95).toFixed(2)}`);
    if (erros) failures.push(`${erros} list requests failed`);
    console.log(`| server memory growth | ${crescimento.toFixed(0)} MB (${antes.rss.toFixed(0)} → peak ${pico.toFixed(0)} MB) | < ${GOAL.growthMb} MB |`);
    if (!(crescimento < GOAL.growthMb)) failures.push(`memory grew ${crescimento.toFixed(0)} MB`);
  } finally {
    await stopServer(app);
    await banco.close();
  }
  if (jsonOut) writeFileSync(jsonOut, `${JSON.stringify({ ...results, failures }, null, 2)}\n`);
  if (failures.length) {
    console.error(`\nmissed: ${failures.join('; ')}`);
    process.exit(1);
  }
  console.log('\nevery goal met');
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
