import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { apiPath } from '../paths';
import { MIGRATIONS_FOLDER, migrateDatabase, openDatabase } from './client';

/**
 * A prepared PGlite data directory (initdb done, every migration applied, no seller data), kept as
 * a tarball keyed by the PGlite version and the migration files, and unpacked once beside it. A
 * fresh DATA_DIR is a copy of the unpacked directory (a file copy, instead of PGlite unpacking the
 * tarball at every first start), every test database a copy of the tarball in memory; neither runs
 * initdb and all migrations again. When the migrations change, the key changes and a new template
 * is made once.
 */
const CACHE_DIR = apiPath('../../node_modules/.cache/caderneta');

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

/**
 * The template unpacked as a data directory (made from the tarball the first time), ready to copy.
 * Made beside and renamed into place, so a half-unpacked directory is never copied.
 */
export async function templateDirectory(): Promise<string> {
  const dir = templatePath().replace(/\.tar\.gz$/, '');
  if (existsSync(dir)) return dir;
  await prepareTemplate();
  const partial = `${dir}.${process.pid}.partial`;
  rmSync(partial, { recursive: true, force: true });
  const handle = await openDatabase({ kind: 'pglite', dataDir: partial, loadDataDir: readTemplate()! });
  await handle.close();
  try {
    renameSync(partial, dir);
  } catch (error) {
    // Another process unpacked it first: theirs is as good.
    rmSync(partial, { recursive: true, force: true });
    if (!existsSync(dir)) throw error;
  }
  return dir;
}

/** A fresh PGlite data directory at `dataDir`, copied from the template. */
export async function copyTemplateTo(dataDir: string): Promise<void> {
  cpSync(await templateDirectory(), dataDir, { recursive: true });
}
