import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { gunzipSync } from 'node:zlib';
import { buildTestApp, createSeller, type SellerSession, type TestApp } from '../../../test/app';
import { backupsAutomaticos } from '../../db/schema';

// On a PostgreSQL server without BACKUP_DIR the automatic backups live in the database, so every
// instance behind the load balancer lists and serves the same ones.
let t: TestApp;
let seller: SellerSession;

beforeAll(async () => {
  t = await buildTestApp({ clock: { now: () => new Date('2025-04-01T12:00:00Z') } });
  seller = await createSeller(t);
  await seller.request({ method: 'PUT', url: '/api/configuracoes/sistema', payload: { moeda: 'BRL', idioma: 'pt-BR', backupAutomatico: true } });
});
afterAll(() => t.close());

describe('automatic backup on PostgreSQL', () => {
  it('is a gzip row per day in backups_automaticos', async () => {
    await t.app.jobs.runDue();
    const rows = await t.db.select().from(backupsAutomaticos).where(eq(backupsAutomaticos.ownerId, seller.id));
    expect(rows.map((r) => r.dia)).toEqual(['2025-04-01']);
    const json = gunzipSync(rows[0]!.conteudo).toString('utf8');
    expect(Buffer.byteLength(json)).toBe(rows[0]!.tamanho);
    expect(JSON.parse(json).formato).toBe('caderneta-backup');
  });
});
