import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createSeller, type SellerSession, type TestApp } from '../../../test/app';

// With embedded PGlite the automatic backups are files under DATA_DIR/backups.
let t: TestApp;
let seller: SellerSession;

beforeAll(async () => {
  t = await buildTestApp({ clock: { now: () => new Date('2025-04-01T12:00:00Z') } });
  seller = await createSeller(t);
  await seller.request({ method: 'PUT', url: '/api/configuracoes/sistema', payload: { moeda: 'BRL', idioma: 'pt-BR', backupAutomatico: true } });
});
afterAll(() => t.close());

describe('automatic backup on PGlite', () => {
  it('is a gzip file per day under DATA_DIR/backups/<seller>', async () => {
    await t.app.jobs.runDue();
    const dir = path.join(t.dataDir, 'backups', seller.id);
    expect(existsSync(dir)).toBe(true);
    expect(readdirSync(dir)).toEqual(['2025-04-01.json.gz']);
  });
});
