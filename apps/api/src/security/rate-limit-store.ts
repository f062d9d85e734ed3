import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { limitesTaxa } from '../db/schema';
import { queryRows } from '../lib/sql';

export interface Hit {
  /** Requests counted in the current window, this one included. */
  current: number;
  /** Milliseconds until the window ends. */
  ttl: number;
}

/**
 * Counts one request against `key` in a fixed window of `windowMs`, in PostgreSQL: one upsert,
 * so every API instance on the database shares the same counters (process memory would give
 * each instance its own allowance). The database's clock decides when a window ends.
 */
export async function hitRateLimit(db: Database, key: string, windowMs: number): Promise<Hit> {
  const [row] = await queryRows<{ contagem: number; ttl: number }>(
    db,
    sql`
      insert into ${limitesTaxa} as l (chave, contagem, expira_em)
      values (${key}, 1, now() + ${windowMs} * interval '1 millisecond')
      on conflict (chave) do update set
        contagem = case when l.expira_em <= now() then 1 else l.contagem + 1 end,
        expira_em = case when l.expira_em <= now() then excluded.expira_em else l.expira_em end
      returning contagem, greatest(0, floor(extract(epoch from (expira_em - now())) * 1000))::bigint as ttl`,
  );
  // Now and then, sweep windows that ended a while ago so the table stays small.
  if (Math.random() < 0.01) await db.execute(sql`delete from ${limitesTaxa} where expira_em < now() - interval '1 minute'`);
  return { current: Number(row!.contagem), ttl: Number(row!.ttl) };
}

/** The count of `key`'s current window, without counting a request (0 when it has none). */
export async function peekRateLimit(db: Database, key: string): Promise<number> {
  const [row] = await queryRows<{ contagem: number }>(db, sql`select contagem from ${limitesTaxa} where chave = ${key} and expira_em > now()`);
  return Number(row?.contagem ?? 0);
}

interface RouteParams {
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * A store for @fastify/rate-limit that keeps its counters in PostgreSQL through `hitRateLimit`.
 * Each route's limit is its own namespace (method + URL pattern), as the in-memory store's
 * per-route child stores are.
 */
export function postgresRateLimitStore(db: Database) {
  return class PostgresRateLimitStore {
    constructor(
      _options: unknown,
      private readonly prefix = '',
    ) {}

    incr(key: string, callback: (error: Error | null, result?: Hit) => void, timeWindow: number) {
      hitRateLimit(db, `${this.prefix}${key}`, timeWindow).then(
        (hit) => callback(null, hit),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: unknown) {
      // At run time the plugin passes the route's merged limit options, with `routeInfo`. Fastify
      // answers HEAD for every GET route, with the GET's limit: the two count in one budget (each
      // its own doubled it; a HEAD runs the GET's handler).
      const info = (routeOptions as RouteParams).routeInfo ?? {};
      const methods = [...new Set([info.method ?? ''].flat().map((m) => (m === 'HEAD' ? 'GET' : m)))];
      return new PostgresRateLimitStore(routeOptions, info.url ? `${methods.join(',')} ${info.url}|` : '');
    }
  };
}
