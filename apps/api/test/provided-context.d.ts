// What the vitest global setups hand to the test files (`inject`).
import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgAdminUrl: string;
    /** The migrated database each test file's database is cloned from. */
    pgTemplate: string;
    /** pgbouncer in front of the server (TEST_PGBOUNCER=1): the app connects here; null otherwise. */
    pgPoolerUrl: string | null;
  }
}
