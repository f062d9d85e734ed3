import { defineConfig } from 'vitest/config';
import { apiProject } from './vitest.config.ts';

/*
 * `npm run test:reliability` (docs/decisions/016-many-shops.md): on PostgreSQL, the cross-tenant
 * matrix and the fuzz built from the API document, API instances as separate processes
 * (concurrency, crashes, the job runner, a backup round trip, shared rate limits), PGlite under SIGKILL; and the API suite again with every app connection
 * through pgbouncer in transaction mode. TEST_DATABASE_URL (an admin URL) or a throw-away cluster.
 */
const reliability = apiProject('reliability', 'postgres');
reliability.test.include = ['apps/api/src/reliability/**/*.test.ts', 'apps/api/src/platform/fuzz.test.ts'];
reliability.test.exclude = ['**/node_modules/**'];

/*
 * The API suite through pgbouncer. CI (`npm test`) runs a representative part, to keep its time
 * small — what touches transactions, locks and shared state: sales (stock, keys, concurrency), the
 * ledger, the customer page and online payments (advisory-locked re-check, webhooks), the shared
 * rate-limit counters, row-level security; every file signs sellers up and in through pgbouncer.
 * `npm run test:pgbouncer` (PGBOUNCER_SUITE=all) runs all of it.
 */
const REPRESENTATIVE = [
  'apps/api/src/modules/vendas/vendas.test.ts',
  'apps/api/src/modules/vendas/idempotencia.pg.test.ts',
  'apps/api/src/modules/vendas/concorrencia.pg.test.ts',
  'apps/api/src/modules/financeiro/financeiro.test.ts',
  'apps/api/src/modules/portal/portal.test.ts',
  'apps/api/src/security/rate-limit-store.test.ts',
  'apps/api/src/db/tenancy.test.ts',
];
const pgbouncer = apiProject('api-pgbouncer', 'postgres', { TEST_PGBOUNCER: '1' });
if (process.env.PGBOUNCER_SUITE !== 'all') pgbouncer.test.include = REPRESENTATIVE;

export default defineConfig({
  test: {
    reporters: process.env.VITEST_JSON ? ['default', ['json', { outputFile: process.env.VITEST_JSON }]] : ['default'],
    projects: [reliability, pgbouncer],
  },
});
