import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { BackupEvento } from '@caderneta/shared';
import { buildTestApp, createSeller, type SellerSession, type TestApp } from '../../../test/app';
import { rowsOf } from '../../../test/db';
import { checkInvariants, type Query } from '../../../test/invariants';
import { recontagens, TUDO_CONFERE } from '../../../test/recontagem';

/*
 * A file "Exportar Dados" wrote in the first release with backups (commit 320e462, format version
 * 1, migrations up to 0011), restored into this one. The shop was made through that release's API:
 * José owes 6819 (two fiado sales pending, one cancelled, a PIX payment of 3000 and a debit
 * adjustment of 150); Maria bought on credit, paid it all and was deactivated; two à vista sales,
 * one cancelled. The figures below are what that release answered for the shop.
 */
const arquivo = JSON.parse(readFileSync(new URL('../../../test/backups/v1-320e462.json', import.meta.url), 'utf8')) as Record<string, unknown>;

let t: TestApp;
let loja: SellerSession;
beforeAll(async () => {
  t = await buildTestApp();
  loja = await createSeller(t);
});
afterAll(() => t.close());

const get = async (url: string) => {
  const res = await loja.request({ method: 'GET', url });
  expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
  return res.json();
};

describe('a backup file of the first release with backups', () => {
  it('is accepted, restores whole, and every figure is what that release showed', async () => {
    const resumo = await loja.request({ method: 'POST', url: '/api/backup/validar', payload: arquivo });
    expect(resumo.statusCode, resumo.body.slice(0, 300)).toBe(200);
    expect(resumo.json()).toMatchObject({ versao: 1, nomeLoja: 'Armazém da Benta', contagens: { clientes: 2, produtos: 2, vendas: 6, itensVenda: 8, lancamentos: 8 } });

    const res = await loja.request({ method: 'POST', url: '/api/backup/restaurar', payload: arquivo });
    expect(res.statusCode).toBe(200);
    const fim = res.body.split('\n').filter(Boolean).map((line) => JSON.parse(line) as BackupEvento).at(-1)!;
    expect(fim).toMatchObject({ tipo: 'concluido', relatorio: { restaurados: { clientes: 2, produtos: 2, vendas: 6, itensVenda: 8, lancamentos: 8 } } });
    // The codes of that shop were never issued here: the customers get new ones (issue 32), reported.
    const alterados = fim.tipo === 'concluido' ? fim.relatorio.loginsAlterados : [];
    expect(alterados.map((a) => [a.nome, a.loginAnterior]).sort()).toEqual([
      ['José da Silva', 'jose14772'],
      ['Maria Souza', 'maria34991'],
    ]);
    const codigoJose = alterados.find((a) => a.nome === 'José da Silva')!.loginNovo;
    expect(codigoJose).toMatch(/^jose\d{5}$/);

    const dashboard = await get('/api/dashboard');
    expect(dashboard).toMatchObject({ totalClientes: 1, totalProdutos: 2, valorPendente: 6819, devedores: 1, valorDevedores: 6819, estoqueBaixo: 0 });
    const clientes = await get('/api/clientes?status=todos');
    expect(clientes.resumo).toEqual({ total: 2, ativos: 1, comPendencias: 1 });
    const jose = (clientes.items as { id: string; nome: string }[]).find((c) => c.nome === 'José da Silva')!;
    expect(await get(`/api/clientes/${jose.id}`)).toMatchObject({ saldoAtual: -6819, saldoPendente: 6819, limiteCredito: 50000, login: codigoJose, ativo: true });
    const extrato = await get(`/api/clientes/${jose.id}/extrato`);
    expect((extrato.items as { valor: number }[]).map((l) => l.valor).sort((a, b) => a - b)).toEqual([-5180, -4489, -1899, -150, 1899, 3000]);
    expect((await get('/api/vendas?pageSize=20')).resumo).toMatchObject({ totalVendas: 4, valorTotal: 17956, pendentes: 6819, canceladas: 2 });
    const produtos = await get('/api/produtos?status=todos');
    expect((produtos.items as { nome: string; estoqueAtual: number }[]).map((p) => [p.nome, p.estoqueAtual]).sort()).toEqual([
      ['Arroz 5kg', 16],
      ['Café 500g', 6],
    ]);
    expect(produtos.resumo).toMatchObject({ total: 2, valorTotal: 52834 });

    // The customer page opens by José's new code, not the file's; he is a debtor since his oldest pending sale.
    expect((await t.app.inject({ method: 'GET', url: '/api/portal/jose14772' })).statusCode).toBe(404);
    const portal = await t.app.inject({ method: 'GET', url: `/api/portal/${codigoJose}` });
    expect(portal.statusCode).toBe(200);
    expect(portal.json()).toMatchObject({ saldoPendente: 6819 });
    expect(JSON.stringify(await get('/api/devedores'))).toContain('José da Silva');

    // Counters, rollups and pendente_desde the restore rebuilt equal a recount of the rows.
    const query: Query = async (text) => rowsOf(await t.db.execute(sql.raw(text)));
    expect(await checkInvariants(query)).toEqual([]);
    expect(await recontagens(query)).toEqual(TUDO_CONFERE);
  });
});
