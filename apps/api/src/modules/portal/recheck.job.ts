import type { DbHandle } from '../../db/client';
import type { PaymentDeps } from './deps';
import { recheckPendentes } from './pagamentos.service';

/** Advisory-lock key of the payment re-check: one instance at a time runs it. */
export const RECHECK_LOCK_KEY = 727_272_013;

/**
 * Runs `recheckPendentes` now and then. On a PostgreSQL server several instances may be running:
 * each tick opens a transaction and takes a transaction-level advisory lock without waiting
 * (`pg_try_advisory_xact_lock`), held until that transaction ends, so only one of them checks at a
 * time and the others skip the tick. A session lock would not do behind pgbouncer in transaction
 * mode: it stays on whichever server connection took it, and the unlock may go to another one.
 * PGlite has one process by design. Returns the function that stops it.
 */
export function startPaymentRecheck(database: DbHandle, deps: PaymentDeps, intervalMs: number): () => Promise<void> {
  let running: Promise<unknown> | null = null;
  const tick = async () => {
    if (database.kind === 'pglite') return recheckPendentes(database.db, deps);
    const client = await database.pool!.connect();
    try {
      await client.query('begin');
      const { rows } = await client.query<{ locked: boolean }>('select pg_try_advisory_xact_lock($1) as locked', [RECHECK_LOCK_KEY]);
      if (!rows[0]?.locked) return null;
      return await recheckPendentes(database.db, deps);
    } finally {
      await client.query('rollback').catch(() => undefined);
      client.release();
    }
  };
  const timer = setInterval(() => {
    if (running) return;
    running = tick()
      .catch((error: unknown) => deps.log.warn({ err: error }, 'payment re-check failed'))
      .finally(() => {
        running = null;
      });
  }, intervalMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
