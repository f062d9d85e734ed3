import type { AppConfig } from '../config';
import type { Database, DbHandle } from '../db/client';
import { DataDirBusyError, readLiveLock } from '../db/data-dir-lock';
import { openConfiguredDatabase } from '../db/open';

/** Says what went wrong in one line and ends the command. */
export function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

/**
 * How a command reaches the database. PGlite can be opened by one process only: with a server
 * holding the same DATA_DIR the command goes through that server's admin API (`viaServidor`, the
 * address and token its lock file holds); otherwise it opens the database itself (`direto`) and
 * closes it after. Another command holding the directory is said in one line.
 */
export async function comBanco<T>(
  config: AppConfig,
  viaServidor: (url: string, token: string) => Promise<T>,
  direto: (db: Database, database: DbHandle) => Promise<T>,
): Promise<T> {
  if (!config.databaseUrl) {
    const holder = readLiveLock(config.dataDir);
    if (holder?.kind === 'server' && holder.url && holder.token) return viaServidor(holder.url, holder.token);
    if (holder) fail(new DataDirBusyError(config.dataDir, holder).message);
  }
  let database;
  try {
    database = await openConfiguredDatabase(config, 'cli');
  } catch (error) {
    if (error instanceof DataDirBusyError) fail(error.message);
    throw error;
  }
  try {
    return await direto(database.db, database);
  } finally {
    await database.close();
  }
}
