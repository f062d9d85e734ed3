import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MIGRATIONS_FOLDER, migrateDatabase, openDatabase } from './client';

/**
 * A prepared PGlite data directory (initdb done, every migration applied, no seller data), kept as
 * a tarball keyed by the PGlite version and the migration files. A fresh DATA_DIR (and every test
 * database) starts from a copy of it instead of running initdb and all migrations again; when the
 * migrations change, the key changes and a new template is made once.
 */
const CACHE_DIR = fileURLToPath(new URL('../../../../node_modules/.cache/caderneta', import.meta.url));

function templateKey(): string {
  const hash = createHash('sha256');
  // The package exports no package.json: read it beside its entry (dist/…).
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite');
  const pkg = JSON.parse(readFileSync(path.resolve(path.dirname(entry), '..', 'package.json'), 'utf8')) as { version: string };
  hash.update(`pglite ${pkg.version}\n`);
  const files = readdirSync(MIGRATIONS_FOLDER, { recursive: true, withFileTypes: false }) as string[];
  for (const file of files.filter((f) => f.endsWith('.sql') || f.endsWith('_journal.json')).sort()) {
    hash.update(file);
    hash.update(readFileSync(path.join(MIGRATIONS_FOLDER, file)));
  }
  return hash.digest('hex').slice(0, 16);
}

export function templatePath(): string {
  return path.join(CACHE_DIR, `pglite-template-${templateKey()}.tar.gz`);
}

/** The template's bytes when it exists for the current migrations, else null. */
export function readTemplate(): Blob | null {
  const file = templatePath();
  return existsSync(file) ? new Blob([readFileSync(file)]) : null;
}

/** Writes the template (atomically: a half-written file is never read). */
export function writeTemplate(data: Uint8Array): string {
  const file = templatePath();
  mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  writeFileSync(partial, data);
  renameSync(partial, file);
  return file;
}

/** Makes the template if it is missing: an in-memory database, migrated, dumped. Returns its path. */
export async function prepareTemplate(): Promise<string> {
  const file = templatePath();
  if (existsSync(file)) return file;
  const handle = await openDatabase({ kind: 'pglite' });
  try {
    await migrateDatabase(handle);
    const client = (handle.db as unknown as { $client: { dumpDataDir(c: 'gzip'): Promise<Blob> } }).$client;
    const dump = await client.dumpDataDir('gzip');
    return writeTemplate(new Uint8Array(await dump.arrayBuffer()));
  } finally {
    await handle.close();
  }
}
