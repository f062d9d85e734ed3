import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema';

export type Schema = typeof schema;
/** Either driver's database: services are written once against this type. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction on either driver. */
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** What services accept: a transaction that is already scoped to one seller. */
export type Executor = Database | Tx;

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('../../drizzle', import.meta.url));

export interface DbHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** The server connection pool (PostgreSQL only). */
  pool?: pg.Pool;
  close(): Promise<void>;
}

export type DbOptions =
  | { kind: 'pglite'; dataDir?: string; loadDataDir?: Blob }
  | { kind: 'postgres'; url: string; max?: number };

export async function openDatabase(options: DbOptions): Promise<DbHandle> {
  if (options.kind === 'pglite') {
    const client = await PGlite.create({
      // Trigram search (migration 0004 creates the extension): loaded on every open, fresh or not.
      extensions: { pg_trgm },
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
    const db = drizzlePglite(client, { schema }) as unknown as Database;
    return { db, kind: 'pglite', close: () => client.close() };
  }
  const pool = new pg.Pool({ connectionString: options.url, max: options.max ?? 10 });
  // An idle connection the server dropped (restart, failover) is discarded by the pool and
  // replaced on demand; without a listener the 'error' event would crash the process.
  pool.on('error', (error) => console.warn(`PostgreSQL: idle connection lost (${error.message})`));
  const db = drizzlePg(pool, { schema }) as unknown as Database;
  return { db, kind: 'postgres', pool, close: () => pool.end() };
}

// Keep bigint sums (COUNT, SUM over bigint) as JS numbers; centavos stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));
pg.types.setTypeParser(pg.types.builtins.NUMERIC, (v) => Number(v));

/** Applies the committed SQL migrations. On a server, an advisory lock serialises instances. */
export async function migrateDatabase(handle: DbHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  // The lock is per connection, so the whole migration runs on one checked-out client.
  const client = await handle.pool!.connect();
  const lockKey = 727_272_001;
  try {
    await client.query('select pg_advisory_lock($1)', [lockKey]);
    await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [lockKey]).catch(() => undefined);
    client.release();
  }
}

/**
 * Runs `work` in one transaction as the app_user role with `app.user_id` set to the seller,
 * so PostgreSQL row-level security limits every query to that seller's rows — even a query
 * that forgets its own `owner_id` filter.
 */
export async function withSeller<T>(db: Database, sellerId: string, work: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(enterSellerScope(sellerId));
    return work(tx as Tx);
  });
}

/**
 * One round trip that scopes the transaction to a seller: `app.user_id` for the policies and the
 * app_user role (set_config on `role` with is_local = true is what SET LOCAL ROLE does).
 */
export const enterSellerScope = (sellerId: string) =>
  sql`select set_config('app.user_id', ${sellerId}, true), set_config('role', 'app_user', true)`;
