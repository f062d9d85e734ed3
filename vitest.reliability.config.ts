import { defineConfig } from 'vitest/config';
import { apiProject } from './vitest.config.ts';

/*
 * `npm run test:reliability` (docs/decisions/012-many-shops.md): on PostgreSQL, the cross-tenant matrix
 * and the fuzz built from the route table, API instances as separate processes (concurrency, crashes,
 * webhooks, jobs, backup), PGlite under SIGKILL; and the API suite again with every app connection
 * through pgbouncer in transaction mode. TEST_DATABASE_URL (an admin URL) or a throw-away cluster.
 */
const reliability = apiProject('reliability', 'postgres');
reliability.test.include = ['apps/api/src/reliability/**/*.test.ts', 'apps/api/src/platform/fuzz.test.ts'];
reliability.test.exclude = ['**/node_modules/**'];

export default defineConfig({
  test: {
    reporters: process.env.VITEST_JSON ? ['default', ['json', { outputFile: process.env.VITEST_JSON }]] : ['default'],
    projects: [reliability, apiProject('api-pgbouncer', 'postgres', { TEST_PGBOUNCER: '1' })],
  },
});
