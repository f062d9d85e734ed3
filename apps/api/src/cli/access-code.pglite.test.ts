// DATA_DIR locking only exists with embedded PGlite, so this file runs in the PGlite project only.
import { mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from '../../test/cli';
import { serverHoldingDataDir } from '../../test/servidor-cli';
import { listAccessCodes } from '../modules/codigos/codigos.service';

const cli = (args: string[], env: Record<string, string>) => runCli('access-code', args, env);

// Each step starts a Node process (tsx), one of them a whole server: room for a busy machine.
describe('access-code CLI beside a running server', { timeout: 90_000 }, () => {
  it('refuses to open a DATA_DIR another command holds', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'caderneta-cli-'));
    // This test process is alive, so its lock is live for the child.
    writeFileSync(path.join(dataDir, 'caderneta.lock'), JSON.stringify({ pid: process.pid, kind: 'cli' }));
    const result = await cli(['list'], { DATA_DIR: dataDir });
    expect(result.code).not.toBe(0);
    expect(result.stderr).toContain('is in use by another Caderneta command');
  });

  it('goes through the running server that holds DATA_DIR', async () => {
    const server = await serverHoldingDataDir('token-123');
    try {
      const result = await cli(['create', '2'], { DATA_DIR: server.dataDir });
      expect(result.code).toBe(0);
      const printed = result.stdout.trim().split('\n');
      const stored = (await listAccessCodes(server.database.db)).map((c) => c.codigo);
      expect(stored).toEqual(expect.arrayContaining(printed));
      expect((await cli(['list'], { DATA_DIR: server.dataDir })).stdout).toContain(printed[0]!);
    } finally {
      await server.close();
    }
  });
});
