// What the vitest global setups hand to the test files (`inject`).
import 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgAdminUrl: string;
  }
}
