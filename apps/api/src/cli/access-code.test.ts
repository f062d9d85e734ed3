import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDbKind } from '../../test/db';
import { runCli } from '../../test/cli';

const CODE = /^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{10}$/;
const cli = (args: string[], env: Record<string, string>) => runCli('access-code', args, env);

// Each step starts a Node process (tsx): room for a busy machine.
describe('access-code CLI', { timeout: 90_000 }, () => {
  let env: Record<string, string>;
  let cleanup = async () => undefined as unknown;

  beforeAll(async () => {
    if (testDbKind === 'postgres') {
      const database = await createTestDatabase();
      env = { DATABASE_URL: database.url! };
      cleanup = () => database.close();
    } else {
      env = { DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'caderneta-cli-')) };
    }
  });
  afterAll(() => cleanup());

  it('creates N codes on a database that does not exist yet, one per line and nothing else', async () => {
    const result = await cli(['create', '3'], env);
    expect(result.code).toBe(0);
    const lines = result.stdout.trimEnd().split('\n');
    expect(lines).toHaveLength(3);
    for (const line of lines) expect(line).toMatch(CODE);
    expect(new Set(lines).size).toBe(3);
  });

  it('lists codes with active, used, used by and when; disables a code', async () => {
    const [code] = (await cli(['create'], env)).stdout.trim().split('\n');
    const disabled = await cli(['disable', code!.toLowerCase()], env);
    expect(disabled.code).toBe(0);
    const list = await cli(['list'], env);
    expect(list.stdout.split('\n')[0]).toMatch(/^CODE\s+ACTIVE\s+USED\s+USED BY\s+WHEN$/);
    const row = list.stdout.split('\n').find((l) => l.startsWith(code!));
    expect(row).toMatch(new RegExp(`^${code}\\s+no\\s+no\\s+-\\s+-$`));
  });

  it('explains its usage and fails on a bad command or count', async () => {
    expect((await cli(['bogus'], env)).stderr).toContain('usage:');
    expect((await cli(['create', '0'], env)).code).not.toBe(0);
    expect((await cli(['disable', 'NAOEXISTE'], env)).stderr).toContain('No access code NAOEXISTE');
  });
});
