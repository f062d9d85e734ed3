import { defineConfig } from 'vitest/config';

// One runner, five projects: pure shared rules, the lint fences, the API on embedded PGlite, the very same API
// suite on a real PostgreSQL server, and web components in happy-dom. The reliability suite (instances as
// processes, crashes, the API through pgbouncer) has its own config: vitest.reliability.config.ts.
export const apiProject = (name: string, db: 'pglite' | 'postgres', env: Record<string, string> = {}) => ({
  test: {
    name,
    include: ['apps/api/src/**/*.test.ts'],
    // Tests about one database only live in *.pglite.test.ts / *.pg.test.ts: no skipped tests.
    // On PostgreSQL the fuzz runs in the reliability suite, with the cross-tenant matrix.
    exclude: [
      ...(db === 'pglite' ? ['apps/api/src/**/*.pg.test.ts'] : ['apps/api/src/**/*.pglite.test.ts', 'apps/api/src/platform/fuzz.test.ts']),
      'apps/api/src/reliability/**',
      '**/node_modules/**',
    ],
    environment: 'node',
    // A worker keeps the modules it imported from one test file to the next (each file still runs
    // afresh, and builds and closes its own app and database): importing the API (fastify, drizzle,
    // better-auth, PGlite) for every file was a third of the suite's time (api: import 315 → 29 s).
    isolate: false,
    env: { TEST_DB: db, ...env },
    globalSetup: [db === 'pglite' ? 'apps/api/test/global-setup-pglite.ts' : 'apps/api/test/global-setup-postgres.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

export default defineConfig({
  test: {
    // One worker per core (vitest's own default leaves one core free: one worker on a 2-core CI
    // machine). The API files wait on PostgreSQL and PGlite much of the time: 632 → 462 s here.
    maxWorkers: '100%',
    reporters: process.env.VITEST_JSON ? ['default', ['json', { outputFile: process.env.VITEST_JSON }]] : ['default'],
    projects: [
      { test: { name: 'shared', include: ['packages/shared/src/**/*.test.ts'], environment: 'node' } },
      // The lint fences refuse wrong-way imports (eslint.config.js).
      { test: { name: 'lint', include: ['scripts/**/*.test.ts'], environment: 'node', testTimeout: 30_000 } },
      apiProject('api', 'pglite'),
      apiProject('api-pg', 'postgres'),
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: './apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          setupFiles: ['./src/test/setup.ts'],
          // A first render loads its route's texts and a lazy chunk: room for a busy machine.
          testTimeout: 15_000,
        },
      },
    ],
  },
});
