import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import pg from 'pg';
import { migrateDatabase, openDatabase, type Database, type DbHandle } from '../../apps/api/src/db/client';
import { createAccessCodes } from '../../apps/api/src/modules/codigos/codigos.service';
import { freePort, startTempPostgres, type TempPostgres } from '../../apps/api/test/pg-server';

export { freePort };

/** The real server in its own process, as the benchmarks run it (`npm run bench`, bench-backup-bomba). */

const root = path.resolve(import.meta.dirname, '../..');

/** Milliseconds until `url` answers 2xx. */
export async function waitFor(url: string, timeoutMs: number): Promise<number> {
  const start = performance.now();
  while (performance.now() - start < timeoutMs) {
    try {
      const response = await fetch(url);
      if (response.ok) return performance.now() - start;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/**
 * `script` (default: `npm run serve`'s, the built server) with `env`; `profileDir`: each server
 * writes a V8 CPU profile there when it stops (chrome://inspect or speedscope).
 */
export function startServer(env: Record<string, string>, { script = 'scripts/serve.mjs', profileDir = '' } = {}): ChildProcess {
  const profiling = profileDir ? ['--cpu-prof', '--cpu-prof-dir', path.resolve(profileDir)] : [];
  // TypeScript through tsx; the plain-JavaScript start scripts (serve.mjs, start.mjs) as users run them.
  const loader = script.endsWith('.mjs') ? [] : ['--import', 'tsx'];
  // The log level is the default (`info`), as a shop runs it: the request lines are part of the cost.
  return spawn(process.execPath, [...profiling, ...loader, script], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: 'info', RATE_LIMIT_SIGN_IN: '100000', RATE_LIMIT_SIGN_IN_PER_ACCOUNT: '100000', RATE_LIMIT_SIGN_UP: '100000', ...env },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

export async function stopServer(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
}

/** A seller signed up (an access code from `db`) and signed in on the server at `base`. */
export async function signUpSeller(db: Database, base: string, name: string): Promise<{ id: string; cookie: string }> {
  const [codigo] = await createAccessCodes(db, 1);
  const email = `${name}-${Date.now()}@bench.local`;
  const body = { nomeCompleto: `Bench ${name}`, nomeLoja: `Loja ${name}`, codigoAcesso: codigo, email, senha: 'segredo123', confirmarSenha: 'segredo123' };
  const signUp = await fetch(`${base}/api/cadastro`, { method: 'POST', headers: { origin: base, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  if (signUp.status !== 201) throw new Error(`sign-up: ${signUp.status} ${await signUp.text()}`);
  const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'segredo123', rememberMe: true }),
  });
  const cookie = signIn.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
  const { user } = (await signIn.json()) as { user: { id: string } };
  return { id: user.id, cookie };
}

export interface BancoDeBench {
  server: TempPostgres;
  /** A superuser connection to the cluster's default database. */
  admin: pg.Client;
  /** The benchmark's own database, migrated. */
  url: string;
  /** The app's handle on it (a small pool). */
  handle: DbHandle;
  /** A superuser connection to it (bulk loading, captures). */
  db: pg.Client;
  close(): Promise<void>;
}

/**
 * A throw-away PostgreSQL as the tests start it, with `settings`, and a migrated database `nome` on
 * it; an interrupted run (Ctrl-C, a CI time limit) takes the cluster with it.
 */
export async function bancoDeBench(nome: string, settings: string[] = [], poolSize = 4): Promise<BancoDeBench> {
  const server = await startTempPostgres(settings);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      server.stop();
      process.exit(1);
    });
  }
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  await admin.query(`create database ${nome}`);
  const url = new URL(server.url);
  url.pathname = `/${nome}`;
  const handle = await openDatabase({ kind: 'postgres', url: url.toString(), max: poolSize });
  await migrateDatabase(handle);
  const db = new pg.Client({ connectionString: url.toString() });
  await db.connect();
  return {
    server,
    admin,
    url: url.toString(),
    handle,
    db,
    async close() {
      await db.end().catch(() => undefined);
      await handle.close().catch(() => undefined);
      await admin.end().catch(() => undefined);
      server.stop();
    },
  };
}

/**
 * The app's database for an in-process bench: an in-memory PGlite, or a throw-away
 * PostgreSQL (`postgres`); migrated. `close` ends both.
 */
export async function bancoEmProcesso(postgres: boolean): Promise<{ handle: DbHandle; close(): Promise<void> }> {
  const server = postgres ? await startTempPostgres() : undefined;
  const handle = await openDatabase(server ? { kind: 'postgres', url: server.url } : { kind: 'pglite' });
  await migrateDatabase(handle);
  return {
    handle,
    async close() {
      await handle.close().catch(() => undefined);
      server?.stop();
    },
  };
}
