// DATA_DIR locking only exists with embedded PGlite, so this file runs in the PGlite project only.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { users } from '../db/schema';
import { createTestDatabase } from '../../test/db';
import { runCli } from '../../test/cli';

describe('demo CLI beside a running server', () => {
  it('writes the demo shop through the server that holds DATA_DIR', { timeout: 180_000 }, async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'caderneta-cli-'));
    const database = await createTestDatabase();
    const app = await buildApp({
      database,
      config: loadConfig({ AUTH_SECRET: 'test-secret-test-secret-test-secret!' }),
      adminToken: 'token-456',
      webDist: '/nonexistent',
      mailer: { send: async () => undefined },
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = app.server.address() as { port: number };
      writeFileSync(
        path.join(dataDir, 'caderneta.lock'),
        JSON.stringify({ pid: process.pid, kind: 'server', url: `http://127.0.0.1:${address.port}`, token: 'token-456' }),
      );
      const result = await runCli('demo', ['--sales', '0', '--days', '1', '--seed', '1'], { DATA_DIR: dataDir });
      expect(result.code, result.stderr).toBe(0);
      const email = /E-mail: (\S+)/.exec(result.stdout)?.[1];
      expect(email).toMatch(/@caderneta\.demo$/);
      expect(await database.db.select({ id: users.id }).from(users).where(eq(users.email, email!))).toHaveLength(1);
      // A wrong token is refused.
      writeFileSync(path.join(dataDir, 'caderneta.lock'), JSON.stringify({ pid: process.pid, kind: 'server', url: `http://127.0.0.1:${address.port}`, token: 'outro' }));
      const refused = await runCli('demo', ['--sales', '0', '--days', '1'], { DATA_DIR: dataDir });
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toContain('The server refused');
    } finally {
      await app.close();
      await database.close();
    }
  });
});
