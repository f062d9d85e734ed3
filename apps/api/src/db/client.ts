import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql, type ExtractTablesWithRelations, type SQL } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { readMigrationFiles } from 'drizzle-orm/migrator';
import type pg from 'pg';
import { apiPath } from '../paths';
import * as schema from './schema';
import { simpleProtocolClient } from './simple-protocol';

export type Schema = typeof schema;
/** Either driver's database: services are written once against this type. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
/** A transaction on either driver. */
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** What services accept: a transaction that is already scoped to one seller. */
export type Executor = Database | Tx;

export const MIGRATIONS_FOLDER = apiPath('drizzle');

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

/** PGlite's shared_buffers (see openDatabase). */
export const PGLITE_SHARED_BUFFERS = '16MB';

export async function openDatabase(options: DbOptions): Promise<DbHandle> {
  if (options.kind === 'pglite') {
    const client = await PGlite.create({
      // Trigram search and the (owner, text) GIN indexes (migrations 0005 and 0013 create the
      // extensions): loaded on every open, fresh or not.
      extensions: { pg_trgm, btree_gin },
      // PostgreSQL's own cache of pages, zeroed at every start inside the WebAssembly memory: at
      // PGlite's 128 MB that took 0.4 s of each start (and as much memory). A shop's daily work (recent
      // sales, its customers and products, the rollups) fits in 16 MB; its files stay in the OS's cache.
      startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${PGLITE_SHARED_BUFFERS}`],
      ...(options.dataDir ? { dataDir: options.dataDir } : {}),
      ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    });
    const db = drizzlePglite(client, { schema }) as unknown as Database;
    return { db, kind: 'pglite', close: () => client.close() };
  }
  const driver = await loadPgDriver();
  // Every query in the simple protocol, its values written in as literals (simple-protocol.ts, ADR 021).
  const pool = new driver.pg.Pool({ connectionString: options.url, max: options.max ?? 10, Client: driver.SimpleClient });
  // An idle connection the server dropped (restart, failover) is discarded by the pool and
  // replaced on demand; without a listener the 'error' event would crash the process.
  pool.on('error', (error) => console.warn(`PostgreSQL: idle connection lost (${error.message})`));
  const db = driver.drizzle(pool, { schema }) as unknown as Database;
  pools.set(db, { pool, driver });
  return { db, kind: 'postgres', pool, close: () => pool.end() };
}

/**
 * node-postgres and drizzle's driver for it, loaded when a PostgreSQL server is opened: a server on
 * PGlite starts without them (~0.1 s of module loading).
 */
type PgDriver = typeof import('drizzle-orm/node-postgres') & { pg: typeof pg; SimpleClient: typeof pg.Client };
let pgDriver: Promise<PgDriver> | undefined;
function loadPgDriver(): Promise<PgDriver> {
  pgDriver ??= Promise.all([import('pg'), import('drizzle-orm/node-postgres')]).then(([{ default: pgModule }, driver]) => {
    // Keep bigint sums (COUNT, SUM over bigint) as JS numbers; centavos stay far below 2^53.
    pgModule.types.setTypeParser(pgModule.types.builtins.INT8, (v) => Number(v));
    pgModule.types.setTypeParser(pgModule.types.builtins.NUMERIC, (v) => Number(v));
    // node-postgres's own value-to-text conversion (exported, though not in its type declarations).
    const { utils } = pgModule as unknown as { utils: { prepareValue(value: unknown): unknown } };
    const SimpleClient = simpleProtocolClient(pgModule.Client, (value) => utils.prepareValue(value));
    return { ...driver, pg: pgModule, SimpleClient };
  });
  return pgDriver;
}

/** The pool and driver behind each database opened on a PostgreSQL server. */
const pools = new WeakMap<object, { pool: pg.Pool; driver: PgDriver }>();

/**
 * Applies the committed SQL migrations. On a server, several instances may start at once: the
 * whole migration is one transaction that first takes a transaction-level advisory lock, so the
 * instances take turns and the lock goes with the commit. Nothing is left on the connection, which
 * is what a pooler in transaction mode (pgbouncer) needs: a session lock would stay on whichever
 * server connection took it, and its unlock could land on another one.
 */
export async function migrateDatabase(handle: DbHandle): Promise<void> {
  if (await migrationsApplied(handle)) return;
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as never, { migrationsFolder: MIGRATIONS_FOLDER });
    return;
  }
  const migrations = readMigrationFiles({ migrationsFolder: MIGRATIONS_FOLDER });
  const client = await handle.pool!.connect();
  const lockKey = 727_272_001;
  try {
    await client.query('begin');
    await client.query('select pg_advisory_xact_lock($1)', [lockKey]);
    // drizzle's own bookkeeping (drizzle-orm/pg-core migrate), so either migrator reads it.
    await client.query('create schema if not exists drizzle');
    await client.query('create table if not exists drizzle.__drizzle_migrations (id serial primary key, hash text not null, created_at bigint)');
    const { rows } = await client.query<{ created_at: string }>('select created_at from drizzle.__drizzle_migrations order by created_at desc limit 1');
    const last = rows[0] ? Number(rows[0].created_at) : null;
    const pending = migrations.filter((migration) => last === null || last < migration.folderMillis);
    const { rows: papel } = await client.query<{ livre: boolean }>('select rolsuper or rolbypassrls as livre from pg_roles where rolname = current_user');
    const underRls = pending.length > 0 && !papel[0]?.livre;
    for (const migration of pending) {
      for (const statement of migration.sql) {
        if (underRls) await client.query(MIGRATOR_POLICIES_ON);
        await client.query(statement);
      }
      await client.query('insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)', [migration.hash, migration.folderMillis]);
    }
    if (underRls) await client.query(MIGRATOR_POLICIES_OFF);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/**
 * A migrator that is neither a superuser nor BYPASSRLS (README: a database user that owns the
 * tables) is bound by the tables' FORCE ROW LEVEL SECURITY, and as a member of app_user by its
 * owner policies, which see no row without a seller: a backfill would read nothing, or be refused
 * writing a row (0005's counters: the whole upgrade rolled back and the server did not start; 0009's
 * pendente_desde silently stayed empty). While the migrations run, before each statement, every
 * table it owns with row-level security on gets a policy letting the migrator alone read and write
 * every row; they are dropped before the commit, so no other session ever sees them.
 */
const MIGRATOR_POLICY = 'caderneta_migrador';
const MIGRATOR_POLICIES_ON = `do $$
declare r record;
begin
  for r in select c.oid::regclass as tabela from pg_class c join pg_namespace n on n.oid = c.relnamespace
            where n.nspname = 'public' and c.relkind in ('r', 'p') and c.relrowsecurity
              and pg_has_role(current_user, c.relowner, 'MEMBER')
              and not exists (select 1 from pg_policy p where p.polrelid = c.oid and p.polname = '${MIGRATOR_POLICY}')
  loop
    execute format('create policy ${MIGRATOR_POLICY} on %s as permissive for all to %I using (true) with check (true)', r.tabela, current_user);
  end loop;
end $$`;
const MIGRATOR_POLICIES_OFF = `do $$
declare r record;
begin
  for r in select p.polrelid::regclass as tabela from pg_policy p where p.polname = '${MIGRATOR_POLICY}'
  loop
    execute format('drop policy ${MIGRATOR_POLICY} on %s', r.tabela);
  end loop;
end $$`;

/**
 * Whether the newest migration the database records is the newest committed one. Every start asks
 * this: one small file and two quick queries instead of reading and hashing every migration.
 */
async function migrationsApplied(handle: DbHandle): Promise<boolean> {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8')) as { entries: { when: number }[] };
  const newest = journal.entries.at(-1)?.when;
  const rows = async (query: SQL) => ((await handle.db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const [table] = await rows(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`);
  if (!table?.present) return false;
  const [last] = await rows(sql`select max(created_at)::text as applied from drizzle.__drizzle_migrations`);
  return newest !== undefined && Number(last?.applied) === newest;
}

/**
 * Runs `work` in one transaction as the app_user role with `app.user_id` set to the seller,
 * so PostgreSQL row-level security limits every query to that seller's rows — even a query
 * that forgets its own `owner_id` filter.
 */
export async function withSeller<T>(db: Database, sellerId: string, work: (tx: Tx) => Promise<T>, acesso: AcessoLoja = 'escrita'): Promise<T> {
  const onPool = pools.get(db);
  if (onPool) return withSellerOnPool(db, onPool, sellerId, work, acesso);
  return db.transaction(async (tx) => {
    await tx.execute(enterSellerScope(sellerId, acesso));
    return work(tx as Tx);
  });
}

/**
 * Runs `work` inside a seller's transaction as the server's own role, then returns to app_user:
 * for the few writes a shop makes to the accounts tables, which app_user may not touch (a person
 * of the shop created, their sessions ended), in the same transaction as the shop's own rows.
 * SET ROLE NONE goes back to the connection's role, which may always do so.
 */
export async function comoServidor<T>(tx: Executor, work: () => Promise<T>): Promise<T> {
  await tx.execute(sql`select set_config('role', 'none', true)`);
  try {
    return await work();
  } finally {
    await tx.execute(sql`select set_config('role', 'app_user', true)`);
  }
}

/**
 * How a transaction stands towards a restore of the seller's shop. A restore replaces every row
 * of the shop, so it holds the shop alone ('restauracao': an exclusive transaction-level advisory
 * lock per seller). Every write shares it ('escrita': writes never wait for one another), so a
 * restore waits for the writes under way and the writes that come after wait for the restore, then
 * find the shop replaced (404 for what it no longer has) instead of deadlocking with it or breaking
 * its foreign keys halfway. Reads take nothing: until the restore commits they see the shop as it was.
 */
export type AcessoLoja = 'leitura' | 'escrita' | 'restauracao';

/**
 * The shop's lock: the advisory locks' first key (the seller id's hash is the second) and the
 * function per access. Keys taken: 727272001 the migrations (one bigint), 727272002 the sales
 * rollups' `rollup_lock` (migration 0005, the same two-key form), 727272003 this one, 727272004
 * a product barcode (TRAVA_CODIGO_BARRAS).
 */
const TRAVA_LOJA = 727_272_003;
export const TRAVA_CODIGO_BARRAS = 727_272_004;
const FUNCAO_TRAVA: Record<AcessoLoja, string | null> = {
  leitura: null,
  escrita: 'pg_advisory_xact_lock_shared',
  restauracao: 'pg_advisory_xact_lock',
};

/**
 * No parallel workers and no JIT compilation for a request's statements: each reads a few thousand
 * rows at most, and both cost more than they save. Starting workers: on a 2-core server a report's
 * edge sales took 3 ms in each of three workers and 122 ms to gather (issue 41), and under 16
 * connections there are no spare cores for them anyway. JIT: a report statement whose estimate
 * passes `jit_above_cost` (the partial days' sales are estimated from the period's bounds) spent
 * 320–380 ms compiling 124–187 functions to run 20 ms of work (issue 34), on every request.
 */
const SEM_PARALELO = `set_config('max_parallel_workers_per_gather', '0', true), set_config('jit', 'off', true)`;

/**
 * One round trip that scopes the transaction to a seller: `app.user_id` for the policies and the
 * app_user role (set_config on `role` with is_local = true is what SET LOCAL ROLE does), no parallel
 * workers nor JIT, and the shop's lock for `acesso`.
 */
export function enterSellerScope(sellerId: string, acesso: AcessoLoja = 'escrita'): SQL {
  const fn = FUNCAO_TRAVA[acesso];
  const trava = fn ? sql`, ${sql.raw(fn)}(${sql.raw(String(TRAVA_LOJA))}, hashtext(${sellerId}::text))` : sql``;
  return sql`select set_config('app.user_id', ${sellerId}, true), set_config('role', 'app_user', true), ${sql.raw(SEM_PARALELO)}${trava}`;
}

/** What withSellerOnPool borrows from drizzle's database object to build a transaction on one client. */
interface DrizzlePgInternals {
  session: { dialect: never; schema: never; options: never };
}

/**
 * withSeller on a PostgreSQL server: the same transaction as drizzle's `db.transaction`, but BEGIN
 * and the seller's scope go in one round trip (a simple-protocol query holding both statements)
 * instead of two, with the shop's time zone read in the same trip (rememberTimeZone). Every request
 * of the API starts this way, and on a busy server each round trip costs system calls and wake-ups
 * on both sides (issue 11). The transaction object is drizzle's own, over the pooled client, so
 * nested `tx.transaction()` calls are savepoints as usual.
 */
async function withSellerOnPool<T>(
  db: Database,
  { pool, driver }: { pool: pg.Pool; driver: PgDriver },
  sellerId: string,
  work: (tx: Tx) => Promise<T>,
  acesso: AcessoLoja,
): Promise<T> {
  const base = (db as unknown as DrizzlePgInternals).session;
  const client = await pool.connect();
  const session = new driver.NodePgSession(client, base.dialect, base.schema, base.options);
  const tx = new driver.NodePgTransaction(base.dialect, session, base.schema) as unknown as Tx;
  let broken: Error | undefined;
  try {
    const seller = client.escapeLiteral(sellerId);
    const fn = FUNCAO_TRAVA[acesso];
    const trava = fn ? `, ${fn}(${TRAVA_LOJA}, hashtext(${seller}))` : '';
    // Nearly every request needs "the shop's day": its time zone comes back with the scope.
    const [, , perfil] = (await client.query(
      `begin; select set_config('app.user_id', ${seller}, true), set_config('role', 'app_user', true), ${SEM_PARALELO}${trava}; select fuso_horario from perfis where owner_id = ${seller}`,
    )) as unknown as [unknown, unknown, pg.QueryResult<{ fuso_horario: string }>];
    const fuso = perfil.rows[0]?.fuso_horario;
    if (fuso) rememberTimeZone(tx, sellerId, fuso);
    const result = await work(tx);
    await client.query('commit');
    return result;
  } catch (error) {
    // A connection that cannot even roll back is dropped from the pool, not handed to the next request.
    await client.query('rollback').catch((rollbackError: Error) => {
      broken = rollbackError;
    });
    throw error;
  } finally {
    client.release(broken);
  }
}

const timeZones = new WeakMap<object, { sellerId: string; zone: string }>();

/**
 * The shop's time zone as this transaction already knows it (read with its scope, or written by
 * it), so `shopTimeZone` needs no round trip. Whatever writes `perfis.fuso_horario` in a
 * transaction calls this with the new zone.
 */
export function rememberTimeZone(tx: Executor, sellerId: string, zone: string): void {
  timeZones.set(tx, { sellerId, zone });
}

export function knownTimeZone(tx: Executor, sellerId: string): string | null {
  const known = timeZones.get(tx);
  return known?.sellerId === sellerId ? known.zone : null;
}
