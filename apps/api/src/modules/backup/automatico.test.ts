import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BackupsAutomaticos } from '@caderneta/shared';
import { buildTestApp, createSeller, type SellerSession, type TestApp } from '../../../test/app';
import { insertCliente } from '../../../test/fixtures';

/** The automatic daily backup, through the API only (files under DATA_DIR with PGlite, a table on a server). */
const clock = { current: new Date('2025-04-01T12:00:00Z'), now: () => new Date(clock.current) };

let t: TestApp;
let ligado: SellerSession;
let desligado: SellerSession;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  ligado = await createSeller(t);
  desligado = await createSeller(t);
  await insertCliente(t, ligado.id, { nome: 'Cliente do backup' });
  const on = await ligado.request({ method: 'PUT', url: '/api/configuracoes/sistema', payload: { moeda: 'BRL', idioma: 'pt-BR', backupAutomatico: true } });
  expect(on.statusCode).toBe(200);
});
afterAll(() => t.close());

const lista = async (s: SellerSession): Promise<BackupsAutomaticos> => (await s.request({ method: 'GET', url: '/api/backup/automaticos' })).json();

describe('automatic backup', () => {
  it('runs once a day for the sellers who turned it on, and the file restores', async () => {
    await t.app.jobs.runDue();
    await t.app.jobs.runDue();
    const backups = await lista(ligado);
    expect(backups.ativo).toBe(true);
    expect(backups.itens.map((b) => b.dia)).toEqual(['2025-04-01']);
    expect(backups.itens[0]!.tamanho).toBeGreaterThan(500);

    const download = await ligado.request({ method: 'GET', url: '/api/backup/automaticos/2025-04-01' });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe('attachment; filename="caderneta-backup-2025-04-01.json"');
    expect(Buffer.byteLength(download.body)).toBe(backups.itens[0]!.tamanho);
    const arquivo = JSON.parse(download.body);
    expect(arquivo.dados.clientes.map((c: { nome: string }) => c.nome)).toEqual(['Cliente do backup']);
    const check = await ligado.request({ method: 'POST', url: '/api/backup/validar', payload: arquivo });
    expect(check.statusCode).toBe(200);

    expect(await lista(desligado)).toEqual({ ativo: false, itens: [] });
  });

  it('keeps the newest seven', async () => {
    for (let day = 2; day <= 10; day++) {
      clock.current = new Date(`2025-04-${String(day).padStart(2, '0')}T12:00:00Z`);
      await t.app.jobs.runDue();
    }
    expect((await lista(ligado)).itens.map((b) => b.dia)).toEqual(['2025-04-10', '2025-04-09', '2025-04-08', '2025-04-07', '2025-04-06', '2025-04-05', '2025-04-04']);
  });

  it('another seller cannot download them; a day without a backup is a 404', async () => {
    expect((await desligado.request({ method: 'GET', url: '/api/backup/automaticos/2025-04-10' })).statusCode).toBe(404);
    expect((await ligado.request({ method: 'GET', url: '/api/backup/automaticos/2025-03-01' })).statusCode).toBe(404);
    expect((await ligado.request({ method: 'GET', url: '/api/backup/automaticos/2025-02-30' })).statusCode).toBe(400);
    expect((await ligado.request({ method: 'GET', url: '/api/backup/automaticos/..%2F..%2Fetc' })).statusCode).toBe(400);
  });
});
