import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { AppConfig } from '../config';
import { acquireLock, releaseLock, type LockInfo } from './data-dir-lock';
import { migrateDatabase, openDatabase, type DbHandle } from './client';
import { copyTemplateTo } from './template';

/**
 * Opens the configured database and brings it up to date: a PostgreSQL server when DATABASE_URL
 * is set, otherwise PGlite under DATA_DIR (holding DATA_DIR's lock until closed).
 */
export async function openConfiguredDatabase(config: AppConfig, holder: LockInfo['kind']): Promise<DbHandle> {
  if (config.databaseUrl) {
    const handle = await openDatabase({ kind: 'postgres', url: config.databaseUrl });
    await migrateDatabase(handle);
    return handle;
  }
  acquireLock(config.dataDir, { pid: process.pid, kind: holder });
  try {
    const dataDir = path.join(config.dataDir, 'pglite');
    // A fresh data dir starts from the prepared template (initdb and the migrations already done);
    // an existing one only checks that every migration is applied.
    const fresh = !existsSync(dataDir) || readdirSync(dataDir).length === 0;
    if (fresh) await copyTemplateTo(dataDir);
    const handle = await openDatabase({ kind: 'pglite', dataDir });
    await migrateDatabase(handle);
    return {
      ...handle,
      async close() {
        await handle.close();
        releaseLock(config.dataDir);
      },
    };
  } catch (error) {
    releaseLock(config.dataDir);
    throw error;
  }
}
