import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createTestDatabase } from './db';

const run = promisify(execFile);
export const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const TSX = path.join(ROOT, 'node_modules/.bin/tsx');

/** Runs one of the operator commands (apps/api/src/cli/NAME.ts) as a person would. */
export async function runCli(name: string, args: string[], env: Record<string, string>) {
  try {
    const { stdout, stderr } = await run(TSX, [path.join(ROOT, `apps/api/src/cli/${name}.ts`), ...args], {
      env: { ...process.env, ...env, LOG_LEVEL: 'silent' },
      cwd: ROOT,
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const e = error as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

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
