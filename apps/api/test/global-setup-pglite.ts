import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '../src/db/client';
import { prepareTemplate, readTemplate } from '../src/db/template';

/**
 * One migrated in-memory PGlite (from the app's prepared template, made once per set of
 * migrations), saved uncompressed; each test file starts from a copy.
 */
export default async function setup(project: TestProject) {
  await prepareTemplate();
  const handle = await openDatabase({ kind: 'pglite', loadDataDir: readTemplate()! });
  await migrateDatabase(handle);
  const client = (handle.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
  const dump = await client.dumpDataDir('none');
  await handle.close();
  const dir = path.resolve('.tmp');
  mkdirSync(dir, { recursive: true });
  const file = path.join(dir, `pglite-template-${process.pid}.tar`);
  writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
}
