import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '@caderneta/shared';
import { buildTestApp, createSeller, type SellerSession, type TestApp } from '../../../test/app';
import { insertCliente, insertProduto } from '../../../test/fixtures';
import { withSeller } from '../../db/client';
import { createVenda } from '../vendas/vendas.service';

let t: TestApp;
let seller: SellerSession;
beforeAll(async () => {
  t = await buildTestApp();
  seller = await createSeller(t);
});
afterAll(() => t.close());

const dashboard = async (who: SellerSession = seller) => {
  const response = await who.request({ method: 'GET', url: '/api/dashboard' });
  expect(response.statusCode).toBe(200);
  return response.json() as Dashboard;
};

describe('dashboard', () => {
  it('starts at zero for a new shop', async () => {
    expect(await dashboard()).toEqual({
      totalClientes: 0,
      totalProdutos: 0,
      estoqueBaixo: 0,
      vendasHoje: 0,
      valorVendasHoje: 0,
      valorPendente: 0,
      devedores: 0,
      valorDevedores: 0,
      devedoresVencidos: 0,
      valorVencido: 0,
      contestacoesAbertas: 0,
      atividades: [],
    });
  });

  it('shows the figures of the shop after sales, payments and a cancellation', async () => {
    const ana = await insertCliente(t, seller.id, { nome: 'Ana' });
    const beto = await insertCliente(t, seller.id, { nome: 'Beto' });
    await insertCliente(t, seller.id, { nome: 'Inativo', ativo: false });
    const pao = await insertProduto(t, seller.id, { nome: 'Pão', precoVenda: 100, estoqueAtual: 100, estoqueMinimo: 5 });
    await insertProduto(t, seller.id, { nome: 'Sal', estoqueAtual: 2, estoqueMinimo: 5 });
    const sell = (payload: Record<string, unknown>) => seller.request({ method: 'POST', url: '/api/vendas', payload });
    const item = (quantidade: number) => [{ produtoId: pao.id, quantidade }];

    // Yesterday's fiado sale: pending, but not a sale of today.
    await withSeller(t.db, seller.id, (tx) =>
      createVenda(tx, seller.id, { formaPagamento: 'fiado', clienteId: ana.id, itens: item(10), observacoes: null, confirmarLimiteExcedido: false }, { at: new Date(Date.now() - 36 * 3600_000), notificar: false }),
    );
    await sell({ formaPagamento: 'vista', itens: item(3) });
    await sell({ formaPagamento: 'fiado', clienteId: beto.id, itens: item(20) });
    const cancelada = (await sell({ formaPagamento: 'fiado', clienteId: beto.id, itens: item(7) })).json();
    await seller.request({ method: 'POST', url: `/api/vendas/${cancelada.id}/cancelar`, payload: { motivo: 'Cliente desistiu' } });
    await seller.request({ method: 'POST', url: `/api/clientes/${ana.id}/pagamentos`, payload: { valor: 400, metodo: 'pix' } });

    const d = await dashboard();
    expect(d).toMatchObject({
      totalClientes: 2,
      totalProdutos: 2,
      estoqueBaixo: 1,
      vendasHoje: 2,
      valorVendasHoje: 2300,
      valorPendente: 600 + 2000,
      devedores: 2,
      valorDevedores: 2600,
      // Yesterday's and today's debts fall due on the 1st of next month.
      devedoresVencidos: 0,
      valorVencido: 0,
    });
    expect(d.atividades.map((a) => [a.tipo, a.valor, a.clienteNome])).toEqual([
      ['pagamento', 400, 'Ana'],
      ['venda', 700, 'Beto'],
      ['venda', 2000, 'Beto'],
      ['venda', 300, null],
      ['venda', 1000, 'Ana'],
    ]);
    expect(d.atividades[0]).toMatchObject({ tipo: 'pagamento', metodo: 'pix' });
    expect(d.atividades[1]).toMatchObject({ statusPagamento: 'cancelado', formaPagamento: 'fiado' });
  });

  it('keeps recent activity to the latest eight', async () => {
    const produto = await insertProduto(t, seller.id, { estoqueAtual: 100 });
    for (let i = 0; i < 9; i++) {
      await seller.request({ method: 'POST', url: '/api/vendas', payload: { formaPagamento: 'vista', itens: [{ produtoId: produto.id, quantidade: 1 }] } });
    }
    const d = await dashboard();
    expect(d.atividades).toHaveLength(8);
    const times = d.atividades.map((a) => Date.parse(a.data));
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('counts only the signed-in seller', async () => {
    const other = await createSeller(t);
    expect(await dashboard(other)).toMatchObject({ totalClientes: 0, vendasHoje: 0, atividades: [] });
  });
});

describe("today's sales by the app's clock", () => {
  it('counts "Vendas Hoje" on the day the app says it is, on the dashboard and on the sales list, not the database server\'s', async () => {
    // 16 March 2026, 12:00 in São Paulo: a day that is not the database's today.
    let clock = new Date('2026-03-16T15:00:00Z');
    const app = await buildTestApp({ clock: { now: () => clock } });
    try {
      const loja = await createSeller(app);
      const produto = await insertProduto(app, loja.id, { nome: 'Café', precoVenda: 1200, estoqueAtual: 10 });
      const vender = (at: string) =>
        withSeller(app.db, loja.id, (tx) =>
          createVenda(tx, loja.id, { formaPagamento: 'vista', clienteId: null, itens: [{ produtoId: produto.id, quantidade: 1 }], observacoes: null, confirmarLimiteExcedido: false }, { at: new Date(at), notificar: false }),
        );
      await vender('2026-03-16T03:30:00Z'); // 00:30 on the 16th in São Paulo
      await vender('2026-03-16T02:30:00Z'); // 23:30 on the 15th
      const hoje = async () => {
        const painel = (await loja.request({ method: 'GET', url: '/api/dashboard' })).json() as Dashboard;
        const lista = (await loja.request({ method: 'GET', url: '/api/vendas' })).json();
        return [painel.vendasHoje, painel.valorVendasHoje, lista.resumo.vendasHoje];
      };
      expect(await hoje()).toEqual([1, 1200, 1]);
      clock = new Date('2026-03-17T15:00:00Z');
      expect(await hoje()).toEqual([0, 0, 0]);
    } finally {
      await app.close();
    }
  });
});

describe("the debtors card's overdue line", () => {
  it('counts who is late as Devedores does: the agreed date, the rule, an opening balance; never a deactivated customer', async () => {
    // 10 March 2026 in São Paulo, rule "day 1 of the next month".
    let clock = new Date('2026-03-10T13:00:00Z');
    const app = await buildTestApp({ clock: { now: () => clock } });
    try {
      const loja = await createSeller(app);
      const pao = await insertProduto(app, loja.id, { nome: 'Pão', precoVenda: 1000, estoqueAtual: 100 });
      const fiado = (clienteId: string, at: string) =>
        withSeller(app.db, loja.id, (tx) =>
          createVenda(tx, loja.id, { formaPagamento: 'fiado', clienteId, itens: [{ produtoId: pao.id, quantidade: 1 }], observacoes: null, confirmarLimiteExcedido: true }, { at: new Date(at), notificar: false }),
        );
      const ana = await insertCliente(app, loja.id, { nome: 'Ana', limiteCredito: 1_000_000 });
      const bia = await insertCliente(app, loja.id, { nome: 'Bia', limiteCredito: 1_000_000 });
      const caio = await insertCliente(app, loja.id, { nome: 'Caio', limiteCredito: 1_000_000 });
      const duda = await insertCliente(app, loja.id, { nome: 'Duda', limiteCredito: 1_000_000 });
      await fiado(ana.id, '2026-02-05T15:00:00Z'); // due 1 March: late
      await fiado(bia.id, '2026-02-06T15:00:00Z'); // due 1 March, but agreed for 20 March
      await fiado(duda.id, '2026-02-07T15:00:00Z'); // late, then deactivated
      clock = new Date('2026-02-03T15:00:00Z');
      // Caio's only debt is the balance from the paper notebook, entered on 3 February: due 1 March.
      const ajuste = await loja.request({ method: 'POST', url: `/api/clientes/${caio.id}/ajustes`, payload: { tipo: 'debito', valor: 12_000, motivo: 'Saldo anterior do caderno' } });
      expect(ajuste.statusCode, ajuste.body).toBe(201);
      clock = new Date('2026-03-10T13:00:00Z');
      expect((await loja.request({ method: 'PUT', url: `/api/devedores/${bia.id}/cobranca`, payload: { observacoes: null, dataVencimento: '2026-03-20' } })).statusCode).toBe(200);
      expect((await loja.request({ method: 'POST', url: `/api/clientes/${duda.id}/desativar` })).statusCode).toBe(200);

      const painel = (await loja.request({ method: 'GET', url: '/api/dashboard' })).json() as Dashboard;
      const devedores = (await loja.request({ method: 'GET', url: '/api/devedores?pageSize=1' })).json();
      expect(painel).toMatchObject({ devedores: 3, valorDevedores: 14_000, devedoresVencidos: 2, valorVencido: 13_000 });
      expect([painel.devedores, painel.valorDevedores, painel.devedoresVencidos]).toEqual([
        devedores.resumo.totalDevedores,
        devedores.resumo.valorTotal,
        devedores.resumo.dividasVencidas,
      ]);
      // Past Bia's agreed date she is late too.
      clock = new Date('2026-03-21T13:00:00Z');
      expect((await loja.request({ method: 'GET', url: '/api/dashboard' })).json()).toMatchObject({ devedoresVencidos: 3, valorVencido: 14_000 });
    } finally {
      await app.close();
    }
  });
});
