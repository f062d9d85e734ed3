import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createConnection } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { freePort } from './pg-server';

/*
 * pgbouncer in transaction mode in front of a test PostgreSQL server: the pooling a hosted
 * installation runs (docs/many-shops.md). Each transaction may land on any server
 * connection, so the app must keep nothing on a connection between transactions.
 */

function which(name: string): string | null {
  const result = spawnSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' });
  const found = result.status === 0 ? result.stdout.trim() : '';
  return found && existsSync(found) ? found : null;
}

/** PGBOUNCER, else `pgbouncer` on the PATH, else Debian's /usr/sbin/pgbouncer. */
export function findPgbouncer(): string | null {
  if (process.env.PGBOUNCER) return process.env.PGBOUNCER;
  return which('pgbouncer') ?? (existsSync('/usr/sbin/pgbouncer') ? '/usr/sbin/pgbouncer' : null);
}

const HOW = 'The reliability suite runs the API through pgbouncer. Install it with `apt-get install -y pgbouncer` (Debian), or set PGBOUNCER to its executable.';

/** findPgbouncer(), installing Debian's package first when running as root with apt-get. */
export function ensurePgbouncer(): string {
  const found = findPgbouncer();
  if (found) return found;
  if (process.getuid?.() === 0 && which('apt-get')) {
    console.log("pgbouncer not found: installing Debian's pgbouncer (apt-get install -y pgbouncer)");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const install = update.status === 0 && spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'pgbouncer'], { stdio: 'inherit', env });
    if (install && install.status === 0) {
      const installed = findPgbouncer();
      if (installed) return installed;
    }
    throw new Error(`Installing Debian's pgbouncer failed. ${HOW}`);
  }
  throw new Error(`pgbouncer not found. ${HOW}`);
}

export interface Pgbouncer {
  /** `serverUrl` with pgbouncer's host and port: same user, same database names. */
  url: string;
  stop(): void;
}

async function waitForPort(port: number, child: ChildProcess, log: string): Promise<void> {
  for (let waited = 0; waited < 30_000; waited += 100) {
    if (child.exitCode !== null) throw new Error(`pgbouncer exited (${child.exitCode}): ${existsSync(log) ? readFileSync(log, 'utf8') : ''}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = createConnection({ host: '127.0.0.1', port }, () => {
        socket.end();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`pgbouncer did not listen on ${port} within 30 s`);
}

/**
 * Starts pgbouncer (transaction pooling, any database of the server, trust auth on loopback) in
 * front of the server at `serverUrl`. pgbouncer refuses to run as root: as root it runs as the
 * `postgres` user (or `nobody`).
 */
export async function startPgbouncer(serverUrl: string, options: { poolSize?: number } = {}): Promise<Pgbouncer> {
  const binary = ensurePgbouncer();
  const server = new URL(serverUrl);
  const user = decodeURIComponent(server.username || 'postgres');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'caderneta-pgbouncer-'));
  const port = await freePort();
  const log = path.join(dir, 'pgbouncer.log');
  writeFileSync(path.join(dir, 'users.txt'), `"${user}" ""\n`);
  writeFileSync(
    path.join(dir, 'pgbouncer.ini'),
    [
      '[databases]',
      `* = host=${server.hostname} port=${server.port || 5432}`,
      '[pgbouncer]',
      'listen_addr = 127.0.0.1',
      `listen_port = ${port}`,
      'unix_socket_dir =',
      'auth_type = trust',
      `auth_file = ${path.join(dir, 'users.txt')}`,
      'pool_mode = transaction',
      `default_pool_size = ${options.poolSize ?? 10}`,
      'max_client_conn = 1000',
      'ignore_startup_parameters = extra_float_digits,options',
      `logfile = ${log}`,
      `pidfile = ${path.join(dir, 'pgbouncer.pid')}`,
      '',
    ].join('\n'),
  );
  const asRoot = process.getuid?.() === 0;
  const runAs = asRoot ? (spawnSync('id', ['-u', 'postgres']).status === 0 ? 'postgres' : 'nobody') : null;
  if (runAs) {
    chmodSync(dir, 0o777);
    spawnSync('chown', ['-R', `${runAs}:`, dir]);
  }
  const [file, args] = runAs
    ? ['runuser', ['-u', runAs, '--', binary, path.join(dir, 'pgbouncer.ini')]]
    : [binary, [path.join(dir, 'pgbouncer.ini')]];
  const child = spawn(file, args, { stdio: 'ignore' });
  await waitForPort(port, child, log);
  const url = new URL(serverUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  return {
    url: url.toString(),
    stop() {
      child.kill('SIGTERM');
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
