/**
 * The scheduled jobs, by hand (docs/decisions/013), so a person can check one without waiting:
 *   npm run -s jobs -- list                      the jobs this installation runs
 *   npm run -s jobs -- run NAME                  runs what is due of NAME now (once per period, as always)
 *   npm run -s jobs -- run NAME --at INSTANT     …as if it were INSTANT (ISO, e.g. 2026-12-05T09:00:00-03:00):
 *                                                that run's clock starts there and runs on
 * Works on DATABASE_URL or DATA_DIR; with a server running on the same DATA_DIR, through that server.
 */
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { DbHandle } from '../db/client';
import type { RunSummary } from '../jobs/runner';
import { comBanco, fail } from './banco';

const USAGE = 'usage: npm run -s jobs -- list | run NAME [--at INSTANT]';

type Comando = { acao: 'list' } | { acao: 'run'; nome: string; at: Date | null };

function parseArgs(args: string[]): Comando {
  if (args[0] === '--help' || args[0] === '-h') {
    console.log(USAGE);
    process.exit(0);
  }
  if (args[0] === 'list' && args.length === 1) return { acao: 'list' };
  if (args[0] !== 'run' || !args[1] || args[1].startsWith('-')) fail(USAGE);
  const rest = args.slice(2);
  if (rest.length === 0) return { acao: 'run', nome: args[1], at: null };
  if (rest.length !== 2 || rest[0] !== '--at') fail(USAGE);
  const at = new Date(rest[1]!);
  if (!/^\d{4}-\d{2}-\d{2}T/.test(rest[1]!) || Number.isNaN(at.getTime())) fail(`--at takes an ISO instant, e.g. 2026-12-05T09:00:00-03:00 (got "${rest[1]}")`);
  return { acao: 'run', nome: args[1], at };
}

function report(nome: string, summary: RunSummary) {
  const ok = summary.ok[nome] ?? 0;
  const failed = summary.failed[nome] ?? 0;
  if (ok + failed === 0) console.log(`${nome}: nothing due (this period already ran)`);
  else console.log(`${nome}: ${ok} run(s) done${failed ? `, ${failed} failed (see the server log; retried with back-off)` : ''}`);
  if (failed) process.exitCode = 1;
}

async function viaServer(url: string, token: string, comando: Comando) {
  console.error(`A server holds the data directory: the job runs in it (${url}).`);
  const response =
    comando.acao === 'list'
      ? await fetch(`${url}/api/admin/jobs`, { headers: { 'x-admin-token': token } })
      : await fetch(`${url}/api/admin/jobs/${encodeURIComponent(comando.nome)}/executar${comando.at ? `?em=${encodeURIComponent(comando.at.toISOString())}` : ''}`, {
          method: 'POST',
          headers: { 'x-admin-token': token },
        });
  const body = (await response.json()) as { jobs?: string[]; message?: string } & RunSummary;
  if (!response.ok) fail(`The server refused: ${String(body.message)}`);
  if (comando.acao === 'list') console.log(body.jobs!.join('\n'));
  else report(comando.nome, body);
}

/** This process runs the app (no HTTP server) on the database, runs the job, and closes. */
async function direto(database: DbHandle, comando: Comando) {
  const config = loadConfig();
  const app = await buildApp({
    database,
    config,
    webDist: '/nonexistent',
    logger: { level: 'warn' },
  });
  try {
    await app.ready();
    if (comando.acao === 'list') console.log(app.jobs.names.join('\n'));
    else if (!app.jobs.names.includes(comando.nome)) {
      console.error(`No job named "${comando.nome}" (jobs: ${app.jobs.names.join(', ')})`);
      process.exitCode = 1;
    } else report(comando.nome, await app.jobs.runJob(comando.nome, comando.at ? { at: comando.at } : {}));
  } finally {
    await app.close();
  }
}

async function main() {
  const comando = parseArgs(process.argv.slice(2));
  await comBanco(
    loadConfig(),
    (url, token) => viaServer(url, token, comando),
    (_db, database) => direto(database, comando),
  );
}

main().catch((error) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
