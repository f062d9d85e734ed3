// DATA_DIR locking only exists with embedded PGlite, so this file runs in the PGlite project only.
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { runCli } from '../../test/cli';
import { serverHoldingDataDir } from '../../test/servidor-cli';

describe('demo CLI beside a running server', () => {
  it('writes the demo shop through the server that holds DATA_DIR', { timeout: 180_000 }, async () => {
    const server = await serverHoldingDataDir('token-456');
    try {
      const result = await runCli('demo', ['--sales', '0', '--days', '1', '--seed', '1'], { DATA_DIR: server.dataDir });
      expect(result.code, result.stderr).toBe(0);
      const email = /E-mail: (\S+)/.exec(result.stdout)?.[1];
      expect(email).toMatch(/@caderneta\.demo$/);
      expect(await server.database.db.select({ id: users.id }).from(users).where(eq(users.email, email!))).toHaveLength(1);
      // A wrong token is refused.
      server.lock('outro');
      const refused = await runCli('demo', ['--sales', '0', '--days', '1'], { DATA_DIR: server.dataDir });
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toContain('The server refused');
    } finally {
      await server.close();
    }
  });
});
