import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createTestDatabase } from './db';

/**
 * A server of the app (on a fresh test database) that holds a fresh DATA_DIR, as `npm start` would:
 * its lock file names its address and admin token, so the commands go through it. `lock(token)`
 * rewrites the lock with another token (one the server refuses).
 */
export async function serverHoldingDataDir(token: string) {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'caderneta-cli-'));
  const database = await createTestDatabase();
  const app = await buildApp({
    database,
    config: loadConfig({ AUTH_SECRET: 'test-secret-test-secret-test-secret!' }),
    adminToken: token,
    webDist: '/nonexistent',
    mailer: { send: async () => undefined },
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as { port: number }).port}`;
  const lock = (withToken: string) =>
    writeFileSync(path.join(dataDir, 'caderneta.lock'), JSON.stringify({ pid: process.pid, kind: 'server', url, token: withToken }));
  lock(token);
  return {
    dataDir,
    database,
    lock,
    async close() {
      await app.close();
      await database.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
