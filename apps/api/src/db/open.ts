import path from 'node:path';
import type { AppConfig } from '../config';
import { acquireLock, releaseLock, type LockInfo } from '../lib/data-dir-lock';
import { migrateDatabase, openDatabase, type DbHandle } from './client';

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
    const handle = await openDatabase({ kind: 'pglite', dataDir: path.join(config.dataDir, 'pglite') });
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
