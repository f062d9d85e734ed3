import { spawn } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { buildTestApp, createSeller, type SellerSession, type TestApp } from '../../../test/app';
import { withSeller } from '../../db/client';

let t: TestApp;
let seller: SellerSession;
beforeAll(async () => {
  t = await buildTestApp();
  seller = await createSeller(t);
});
afterAll(() => t.close());

describe('a restore whose server process is gone (issue 32)', () => {
  it('is cancelled by PostgreSQL within seconds, and the shop is free again', async () => {
    const url = (t.database as { url?: string }).url!;
    const child = spawn(process.execPath, ['--import', 'tsx', path.join(import.meta.dirname, '../../../test/processos/restauracao-orfa.ts')], {
      env: { ...process.env, DATABASE_URL: url, SELLER_ID: seller.id },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    await new Promise<void>((resolve, reject) => {
      child.stdout!.on('data', (chunk: Buffer) => {
        if (chunk.toString().includes('restaurando')) resolve();
      });
      child.once('exit', (code) => reject(new Error(`the restore's process ended first (${code})`)));
    });
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    const emCurso = async () =>
      Number((await admin.query(`select count(*)::int as n from pg_stat_activity where datname = current_database() and query like '%pg_sleep(300)%' and pid <> pg_backend_pid()`)).rows[0].n);
    for (let i = 0; i < 100 && (await emCurso()) === 0; i++) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await emCurso(), 'the long statement runs').toBe(1);

    child.kill('SIGKILL');
    // Without the check it would run its 300 s, holding the shop's lock.
    let restantes = 1;
    for (let i = 0; i < 150 && restantes > 0; i++) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      restantes = await emCurso();
    }
    await admin.end();
    expect(restantes, 'the statement is cancelled, not left running').toBe(0);
    // The shop's lock went with it: another restore of the shop takes it at once.
    await expect(withSeller(t.db, seller.id, (tx) => tx.execute(sql`select 1`), 'restauracao')).resolves.toBeDefined();
  });
});
