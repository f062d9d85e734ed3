import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { resumoDividas, situacaoDivida, valoresPagamentoOnline, type RegraVencimento } from '@caderneta/shared';
import { buildTestApp, createSeller, type SellerSession, type TestApp } from '../../../test/app';
import { insertCliente, insertProduto } from '../../../test/fixtures';
import { withSeller } from '../../db/client';
import { pagamentosOnline, perfis, produtos } from '../../db/schema';
import { registrarPagamento } from '../financeiro/financeiro.service';
import { cancelVenda, createVenda } from '../vendas/vendas.service';
import { aplicarPagamentoMp } from '../portal/pagamentos.service';

/*
 * Every report figure against a shop whose figures are worked out by hand below. The app's clock
 * is fixed at 16 March 2026, 23:59 in São Paulo (UTC−3, no daylight saving), so "the last 7 days"
 * are 10–16 March and the 7 before them 3–9 March.
 *
 * Products: Arroz (P1) R$ 10,00, cost R$ 6,00 until the cost goes up to R$ 7,00 on 11 March after
 * S1; Feijão (P2) R$ 5,00, cost R$ 2,00; Café (low stock: 3 ≤ 5) and Sal (no stock) never sold.
 * Customers: Ana (C1, since Jan), Bruno (C2, registered 12 Mar), Carla (C3, 9 Mar 23:30 — the
 * 10th in UTC), Dora (C4, Dec).
 *
 *  sale  local time (São Paulo)   form   customer  items            total  cost   note
 *  S11   2025-12-20 10:00         fiado  Dora      P2×2              1000    400   unpaid, due 1 Jan
 *  S9    2026-01-20 10:00         vista  —         P2×1               500    200
 *  S8    2026-02-10 10:00         fiado  Ana       P1×2              2000   1200   Ana's 1700 paid cover 1700
 *  S7    2026-02-28 23:30         fiado  Bruno     P2×2              1000    400   UTC: 1 March; 300 paid
 *  S6    2026-03-05 12:00         fiado  Ana       P1×1              1000    600
 *  S5    2026-03-09 23:30         vista  —         P2×4              2000    800   UTC: 10 March
 *  S13   2026-03-10 08:00         vista  Carla     P2×1               500    200   first, partial UTC day
 *  S1    2026-03-11 10:00         vista  —         P1×2              2000   1200   then P1's cost → 7,00
 *  S2    2026-03-12 15:00         fiado  Ana       P1×1 + P2×2       2000   1100
 *  S3    2026-03-13 23:30         vista  Bruno     P2×1               500    200   UTC: 14 March
 *  S4    2026-03-14 09:00         fiado  Bruno     P1×3              3000   2100   cancelled
 *  S14   2026-03-16 22:00         vista  —         P1×1              1000    700   UTC: 17 March
 * Payments: Ana 200 dinheiro on 5 Mar 18:00, 1500 pix on 13 Mar 10:00; Bruno 300 dinheiro on 15 Mar.
 */

const sp = (local: string) => new Date(`${local.replace(' ', 'T')}:00-03:00`);
let clock = sp('2026-03-16 23:59');

let t: TestApp;
let seller: SellerSession;
let outro: SellerSession;
const ids: Record<string, string> = {};

const get = async (who: SellerSession, path: string) => {
  const response = await who.request({ method: 'GET', url: path });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
};

beforeAll(async () => {
  t = await buildTestApp({ clock: { now: () => clock } });
  seller = await createSeller(t);
  outro = await createSeller(t);
  const owner = seller.id;
  const run = <T>(work: Parameters<typeof withSeller<T>>[2]) => withSeller(t.db, owner, work);

  const p1 = await insertProduto(t, owner, { nome: 'Arroz', precoVenda: 1000, precoCusto: 600, estoqueAtual: 500, estoqueMinimo: 5 });
  const p2 = await insertProduto(t, owner, { nome: 'Feijão', precoVenda: 500, precoCusto: 200, estoqueAtual: 500, estoqueMinimo: 5 });
  const cafe = await insertProduto(t, owner, { nome: 'Café', precoVenda: 2000, precoCusto: 1500, estoqueAtual: 3, estoqueMinimo: 5 });
  const sal = await insertProduto(t, owner, { nome: 'Sal', precoVenda: 300, precoCusto: 100, estoqueAtual: 0, estoqueMinimo: 2 });
  const ana = await insertCliente(t, owner, { nome: 'Ana', limiteCredito: 1_000_000, createdAt: sp('2026-01-05 09:00') });
  const bruno = await insertCliente(t, owner, { nome: 'Bruno', limiteCredito: 1_000_000, createdAt: sp('2026-03-12 09:00') });
  const carla = await insertCliente(t, owner, { nome: 'Carla', limiteCredito: 1_000_000, createdAt: sp('2026-03-09 23:30') });
  const dora = await insertCliente(t, owner, { nome: 'Dora', limiteCredito: 1_000_000, createdAt: sp('2025-12-01 09:00') });
  Object.assign(ids, { p1: p1.id, p2: p2.id, cafe: cafe.id, sal: sal.id, ana: ana.id, bruno: bruno.id, carla: carla.id, dora: dora.id });

  const venda = async (at: string, forma: 'vista' | 'fiado', clienteId: string | null, itens: Array<[string, number]>) =>
    run((tx) =>
      createVenda(
        tx,
        owner,
        { formaPagamento: forma, clienteId, itens: itens.map(([produtoId, quantidade]) => ({ produtoId, quantidade })), observacoes: null, confirmarLimiteExcedido: false },
        { at: sp(at), notificar: false },
      ),
    );
  await venda('2025-12-20 10:00', 'fiado', dora.id, [[p2.id, 2]]); // S11
  await venda('2026-01-20 10:00', 'vista', null, [[p2.id, 1]]); // S9
  await venda('2026-02-10 10:00', 'fiado', ana.id, [[p1.id, 2]]); // S8
  await venda('2026-02-28 23:30', 'fiado', bruno.id, [[p2.id, 2]]); // S7
  await venda('2026-03-05 12:00', 'fiado', ana.id, [[p1.id, 1]]); // S6
  await venda('2026-03-09 23:30', 'vista', null, [[p2.id, 4]]); // S5
  await venda('2026-03-10 08:00', 'vista', carla.id, [[p2.id, 1]]); // S13
  await venda('2026-03-11 10:00', 'vista', null, [[p1.id, 2]]); // S1
  await run((tx) => tx.update(produtos).set({ precoCusto: 700 }).where(and(eq(produtos.ownerId, owner), eq(produtos.id, p1.id))));
  await venda('2026-03-12 15:00', 'fiado', ana.id, [[p1.id, 1], [p2.id, 2]]); // S2
  await venda('2026-03-13 23:30', 'vista', bruno.id, [[p2.id, 1]]); // S3
  const s4 = await venda('2026-03-14 09:00', 'fiado', bruno.id, [[p1.id, 3]]); // S4
  await run((tx) => cancelVenda(tx, owner, s4.id, { at: sp('2026-03-14 10:00') }));
  await venda('2026-03-16 22:00', 'vista', null, [[p1.id, 1]]); // S14
  await run((tx) => registrarPagamento(tx, owner, ana.id, { valor: 200, metodo: 'dinheiro' }, { at: sp('2026-03-05 18:00') }));
  await run((tx) => registrarPagamento(tx, owner, ana.id, { valor: 1500, metodo: 'pix' }, { at: sp('2026-03-13 10:00') }));
  await run((tx) => registrarPagamento(tx, owner, bruno.id, { valor: 300, metodo: 'dinheiro' }, { at: sp('2026-03-15 10:00') }));

  // The other seller sells in the same days; none of it may reach the first seller's reports.
  const pOutro = await insertProduto(t, outro.id, { nome: 'Arroz do outro', precoVenda: 99_900, precoCusto: 100 });
  const cOutro = await insertCliente(t, outro.id, { nome: 'Cliente do outro', limiteCredito: 10_000_000, createdAt: sp('2026-03-11 09:00') });
  await withSeller(t.db, outro.id, async (tx) => {
    await createVenda(tx, outro.id, { formaPagamento: 'fiado', clienteId: cOutro.id, itens: [{ produtoId: pOutro.id, quantidade: 2 }], observacoes: null, confirmarLimiteExcedido: false }, { at: sp('2026-03-12 11:00'), notificar: false });
    await registrarPagamento(tx, outro.id, cOutro.id, { valor: 5000, metodo: 'cartao' }, { at: sp('2026-03-12 12:00') });
  });
}, 120_000);
afterAll(() => t.close());

const cmp = (atual: number, anterior: number) => ({ atual, anterior });
/** Weekday (0 = Sunday) of a calendar date. */
const dow = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay();

describe('GET /api/relatorios/resumo', () => {
  it('adds up the last 7 days in São Paulo against the 7 before, cancelled sales left out', async () => {
    const r = await get(seller, '/api/relatorios/resumo?periodo=7');
    expect(r.periodo).toEqual({
      de: '2026-03-10',
      ate: '2026-03-16',
      mes: null,
      dias: 7,
      anterior: { de: '2026-03-03', ate: '2026-03-09' },
      hoje: '2026-03-16',
      timeZone: 'America/Sao_Paulo',
    });
    // Now: S13, S1, S2, S3, S14 (S4 cancelled; S5 is 9 March in São Paulo). Before: S6, S5.
    expect(r.vendas).toEqual({ quantidade: cmp(5, 2), valor: cmp(6000, 3000), ticketMedio: cmp(1200, 1500) });
    expect(r.vista).toEqual({ quantidade: cmp(4, 1), valor: cmp(4000, 2000) });
    expect(r.fiado).toEqual({ quantidade: cmp(1, 1), valor: cmp(2000, 1000) });
    expect(r.canceladas).toEqual({ quantidade: 1, valor: 3000 });
    // Cost at the time of sale: S1's Arroz at 6,00, S2's and S14's at 7,00.
    expect(r.custo).toEqual(cmp(1200 + 1100 + 200 + 200 + 700, 600 + 800));
    expect(r.lucro).toEqual(cmp(2600, 1600));
    expect(r.margem).toEqual({ atual: 43.3, anterior: 53.3 });
    expect(r.recebido).toEqual({
      valor: cmp(1800, 200),
      quantidade: cmp(2, 1),
      porMetodo: [
        { metodo: 'dinheiro', valor: cmp(300, 200), quantidade: cmp(1, 1) },
        { metodo: 'pix', valor: cmp(1500, 0), quantidade: cmp(1, 0) },
      ],
    });
    // Today's, whatever the period, customer by customer (as Devedores): Dora's debt (since 20 Dec)
    // fell due on 1 January, Ana's (since S8, 10 Feb) and Bruno's (since S7, 28 Feb) on 1 March — all
    // of what they owe is overdue: 1000 + 3300 + 700.
    expect(r.inadimplencia).toEqual({ taxa: 100, vencido: 5000, aVencer: 0, clientesVencidos: 3 });
  });

  it('takes a month whole, its last day up to 23:59 in São Paulo, and compares with the month before', async () => {
    const r = await get(seller, '/api/relatorios/resumo?mes=2026-02');
    expect(r.periodo).toMatchObject({ de: '2026-02-01', ate: '2026-02-28', mes: '2026-02', dias: 28, anterior: { de: '2026-01-01', ate: '2026-01-31' } });
    // February: S8 and S7 (28 Feb 23:30, already March in UTC). January: S9.
    expect(r.vendas).toEqual({ quantidade: cmp(2, 1), valor: cmp(3000, 500), ticketMedio: cmp(1500, 500) });
    expect(r.fiado).toEqual({ quantidade: cmp(2, 0), valor: cmp(3000, 0) });
    expect(r.lucro).toEqual(cmp(1400, 300));
    expect(r.margem).toEqual({ atual: 46.7, anterior: 60 });
    // The default rate is today's, the same for any period.
    expect(r.inadimplencia).toEqual({ taxa: 100, vencido: 5000, aVencer: 0, clientesVencidos: 3 });
    expect(r.recebido.valor).toEqual(cmp(0, 0));
  });

  it('follows the shop time zone: in Madrid (UTC+1) 9 March 23:30 in São Paulo is the 10th', async () => {
    await withSeller(t.db, seller.id, (tx) => tx.update(perfis).set({ fusoHorario: 'Europe/Madrid' }).where(eq(perfis.ownerId, seller.id)));
    const saved = clock;
    clock = new Date('2026-03-16T22:59:00Z'); // 23:59 in Madrid
    try {
      const r = await get(seller, '/api/relatorios/resumo?periodo=7');
      expect(r.periodo).toMatchObject({ de: '2026-03-10', ate: '2026-03-16', timeZone: 'Europe/Madrid' });
      // S5, S13, S1, S2, S3 — and not S14 (17 March 02:00 in Madrid).
      expect(r.vendas.quantidade.atual).toBe(5);
      expect(r.vendas.valor.atual).toBe(2000 + 500 + 2000 + 2000 + 500);
      const v = await get(seller, '/api/relatorios/vendas?periodo=7');
      expect(v.porDia.filter((d: { quantidade: number }) => d.quantidade > 0)).toEqual([
        { data: '2026-03-10', quantidade: 2, valor: 2500 },
        { data: '2026-03-11', quantidade: 1, valor: 2000 },
        { data: '2026-03-12', quantidade: 1, valor: 2000 },
        { data: '2026-03-14', quantidade: 1, valor: 500 },
      ]);
      const p = await get(seller, '/api/relatorios/produtos?periodo=7');
      expect(p.maisVendidosQuantidade.map((x: { nome: string; quantidade: number; valor: number }) => [x.nome, x.quantidade, x.valor])).toEqual([
        ['Feijão', 8, 4000],
        ['Arroz', 3, 3000],
      ]);
    } finally {
      clock = saved;
      await withSeller(t.db, seller.id, (tx) => tx.update(perfis).set({ fusoHorario: 'America/Sao_Paulo' }).where(eq(perfis.ownerId, seller.id)));
    }
  });

  it('shows another seller only their own figures', async () => {
    const r = await get(outro, '/api/relatorios/resumo?periodo=7');
    expect(r.vendas).toEqual({ quantidade: cmp(1, 0), valor: cmp(199_800, 0), ticketMedio: cmp(199_800, 0) });
    expect(r.recebido.porMetodo).toEqual([{ metodo: 'cartao', valor: cmp(5000, 0), quantidade: cmp(1, 0) }]);
    const mine = await get(seller, '/api/relatorios/resumo?periodo=7');
    expect(mine.recebido.porMetodo.map((m: { metodo: string }) => m.metodo)).not.toContain('cartao');
  });
});

describe('GET /api/relatorios/vendas', () => {
  it('gives every day, weekday and hour of the period in São Paulo time', async () => {
    const r = await get(seller, '/api/relatorios/vendas?periodo=7');
    expect(r.total).toEqual({ quantidade: cmp(5, 2), valor: cmp(6000, 3000) });
    expect(r.canceladas).toEqual({ quantidade: 1, valor: 3000 });
    expect(r.porDia).toEqual([
      { data: '2026-03-10', quantidade: 1, valor: 500 },
      { data: '2026-03-11', quantidade: 1, valor: 2000 },
      { data: '2026-03-12', quantidade: 1, valor: 2000 },
      // S3 at 23:30 stays on the 13th.
      { data: '2026-03-13', quantidade: 1, valor: 500 },
      { data: '2026-03-14', quantidade: 0, valor: 0 },
      { data: '2026-03-15', quantidade: 0, valor: 0 },
      { data: '2026-03-16', quantidade: 1, valor: 1000 },
    ]);
    expect(r.porForma).toEqual([
      { forma: 'vista', quantidade: cmp(4, 1), valor: cmp(4000, 2000) },
      { forma: 'fiado', quantidade: cmp(1, 1), valor: cmp(2000, 1000) },
    ]);
    expect(r.porHora).toHaveLength(24);
    expect(r.porHora.filter((h: { quantidade: number }) => h.quantidade > 0)).toEqual([
      { hora: 8, quantidade: 1, valor: 500 },
      { hora: 10, quantidade: 1, valor: 2000 },
      { hora: 15, quantidade: 1, valor: 2000 },
      { hora: 22, quantidade: 1, valor: 1000 },
      { hora: 23, quantidade: 1, valor: 500 },
    ]);
    const semana = Array.from({ length: 7 }, (_, d) => ({ diaSemana: d, quantidade: 0, valor: 0 }));
    for (const [data, valor] of [['2026-03-10', 500], ['2026-03-11', 2000], ['2026-03-12', 2000], ['2026-03-13', 500], ['2026-03-16', 1000]] as const) {
      semana[dow(data)]!.quantidade += 1;
      semana[dow(data)]!.valor += valor;
    }
    expect(r.porDiaSemana).toEqual(semana);
  });

  it('has every day of a 365-day period, the December sale among them', async () => {
    const r = await get(seller, '/api/relatorios/vendas?periodo=365');
    expect(r.porDia).toHaveLength(365);
    expect(r.porDia[0].data).toBe('2025-03-17');
    expect(r.porDia.find((d: { data: string }) => d.data === '2025-12-20')).toEqual({ data: '2025-12-20', quantidade: 1, valor: 1000 });
    expect(r.total.quantidade).toEqual(cmp(11, 0));
  });
});

describe('GET /api/relatorios/clientes', () => {
  it('lists the largest debts, the best customers of the period and the new ones', async () => {
    const r = await get(seller, '/api/relatorios/clientes?periodo=7');
    // Ana owes S8 300 + S6 1000 + S2 2000; Bruno S7 700; Dora S11 1000.
    expect(r.maioresSaldos).toEqual([
      { id: ids.ana, nome: 'Ana', ativo: true, saldoPendente: 3300 },
      { id: ids.dora, nome: 'Dora', ativo: true, saldoPendente: 1000 },
      { id: ids.bruno, nome: 'Bruno', ativo: true, saldoPendente: 700 },
    ]);
    // Bruno's S4 was cancelled: only S3 counts. Carla's S13 is in the period's first, partial UTC day.
    expect(r.maioresCompradores).toEqual([
      { id: ids.ana, nome: 'Ana', quantidade: 1, valor: 2000 },
      { id: ids.bruno, nome: 'Bruno', quantidade: 1, valor: 500 },
      { id: ids.carla, nome: 'Carla', quantidade: 1, valor: 500 },
    ]);
    expect(r.compradores).toEqual(cmp(3, 1));
    // Bruno (12 March) now; Carla (9 March 23:30 in São Paulo) before.
    expect(r.novos).toEqual(cmp(1, 1));
    expect(r.devedores).toEqual({ quantidade: 3, valor: 5000, desativados: { quantidade: 0, valor: 0 } });
  });
});

describe('GET /api/relatorios/produtos', () => {
  it('ranks products by units and revenue with their margin at the cost of each sale, and lists low stock', async () => {
    const r = await get(seller, '/api/relatorios/produtos?periodo=7');
    // Arroz: S1 2 (cost 6,00), S2 1 and S14 1 (cost 7,00). Feijão: S2 2, S3 1, S13 1.
    const arroz = { id: ids.p1, nome: 'Arroz', unidade: 'un', quantidade: 4, valor: 4000 };
    const feijao = { id: ids.p2, nome: 'Feijão', unidade: 'un', quantidade: 4, valor: 2000 };
    expect(r.unidades).toEqual(cmp(8, 5));
    expect(r.receita).toEqual(cmp(6000, 3000));
    expect(r.maisVendidosQuantidade).toEqual([arroz, feijao]);
    expect(r.maisVendidosValor).toEqual([arroz, feijao]);
    expect(r.margens).toEqual([
      { ...arroz, custo: 1200 + 700 + 700, lucro: 1400, margem: 35 },
      { ...feijao, custo: 800, lucro: 1200, margem: 60 },
    ]);
    expect(r.outros).toBeNull();
    expect(r.estoque).toEqual({
      baixo: 2,
      zerados: 1,
      itens: [
        { id: ids.sal, nome: 'Sal', unidade: 'un', estoqueAtual: 0, estoqueMinimo: 2 },
        { id: ids.cafe, nome: 'Café', unidade: 'un', estoqueAtual: 3, estoqueMinimo: 5 },
      ],
    });
  });

  it('counts the sale at 23:30 on the last day of the month in that month', async () => {
    const r = await get(seller, '/api/relatorios/produtos?mes=2026-02');
    expect(r.maisVendidosQuantidade).toEqual([
      { id: ids.p1, nome: 'Arroz', unidade: 'un', quantidade: 2, valor: 2000 },
      { id: ids.p2, nome: 'Feijão', unidade: 'un', quantidade: 2, valor: 1000 },
    ]);
    expect(r.unidades).toEqual(cmp(4, 1));
  });
});

describe('GET /api/relatorios/financeiro', () => {
  it('shows what was received by method, what is owed and its overdue ageing', async () => {
    const r = await get(seller, '/api/relatorios/financeiro?periodo=7');
    expect(r.recebido.valor).toEqual(cmp(1800, 200));
    expect(r.aReceber).toEqual({ saldoClientes: 5000, saldoDesativados: 0, vendasPendentes: 5000, vencido: 5000, vencidoDesativados: 0 });
    // 16 March, customer by customer: Ana (3300, since S8) and Bruno (700, since S7 — 28 Feb in São
    // Paulo, due 1 March; read in UTC it would be due 1 April) are 15 days late; Dora (1000) 74 days.
    expect(r.atraso).toEqual([
      { faixa: 'a_vencer', valor: 0, clientes: 0 },
      { faixa: '1_7', valor: 0, clientes: 0 },
      { faixa: '8_15', valor: 4000, clientes: 2 },
      { faixa: '16_30', valor: 0, clientes: 0 },
      { faixa: 'mais_30', valor: 1000, clientes: 1 },
    ]);
  });

  it('moves debts across the ageing buckets at their boundaries as the days pass', async () => {
    const saved = clock;
    const faixaDe = async (dia: string) => {
      clock = sp(`${dia} 12:00`);
      const r = await get(seller, '/api/relatorios/financeiro?periodo=7');
      return Object.fromEntries(r.atraso.filter((f: { valor: number }) => f.valor > 0).map((f: { faixa: string; valor: number }) => [f.faixa, f.valor]));
    };
    try {
      // Ana (3300) and Bruno (700) due 1 March; Dora (1000) due 1 January. A customer's whole debt
      // moves together, from their oldest open debt.
      expect(await faixaDe('2026-03-01')).toEqual({ a_vencer: 4000, mais_30: 1000 });
      expect(await faixaDe('2026-03-02')).toEqual({ '1_7': 4000, mais_30: 1000 });
      expect(await faixaDe('2026-03-08')).toEqual({ '1_7': 4000, mais_30: 1000 });
      expect(await faixaDe('2026-03-09')).toEqual({ '8_15': 4000, mais_30: 1000 });
      expect(await faixaDe('2026-03-17')).toEqual({ '16_30': 4000, mais_30: 1000 });
      expect(await faixaDe('2026-03-31')).toEqual({ '16_30': 4000, mais_30: 1000 });
      expect(await faixaDe('2026-04-01')).toEqual({ mais_30: 5000 });
    } finally {
      clock = saved;
    }
  });
});

describe('report periods', () => {
  it('refuses what is not 7/30/90/365 days or one of the last 24 months, with 400', async () => {
    for (const query of ['periodo=15', 'periodo=abc', 'mes=2026-13', 'mes=2026-3', 'mes=2024-03', 'mes=2026-04', 'periodo=7&mes=2026-02']) {
      const response = await seller.request({ method: 'GET', url: `/api/relatorios/resumo?${query}` });
      expect(response.statusCode, query).toBe(400);
      expect(response.json().code, query).toBe('VALIDATION');
    }
    const fora = await seller.request({ method: 'GET', url: '/api/relatorios/produtos?mes=2024-03' });
    expect(fora.json().issues).toEqual([{ path: 'mes', message: 'mesForaDoIntervalo' }]);
    // The 24th month back is still offered; the default is 30 days.
    expect((await get(seller, '/api/relatorios/vendas?mes=2024-04')).periodo.de).toBe('2024-04-01');
    expect((await get(seller, '/api/relatorios/vendas')).periodo).toMatchObject({ de: '2026-02-15', ate: '2026-03-16', dias: 30 });
  });

  it('answers only a signed-in seller', async () => {
    for (const aba of ['resumo', 'vendas', 'clientes', 'produtos', 'financeiro']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/relatorios/${aba}` });
      expect(response.statusCode).toBe(401);
    }
  });

  it("gives another seller none of the first seller's customers, products or debts", async () => {
    const clientes = await get(outro, '/api/relatorios/clientes?periodo=365');
    expect(clientes.maioresSaldos.map((c: { nome: string }) => c.nome)).toEqual(['Cliente do outro']);
    expect(clientes.maioresCompradores.map((c: { nome: string }) => c.nome)).toEqual(['Cliente do outro']);
    const produtosOutro = await get(outro, '/api/relatorios/produtos?periodo=365');
    expect(produtosOutro.margens.map((p: { nome: string }) => p.nome)).toEqual(['Arroz do outro']);
    expect(produtosOutro.estoque.itens).toEqual([]);
    const financeiro = await get(outro, '/api/relatorios/financeiro?periodo=365');
    expect(financeiro.aReceber).toEqual({ saldoClientes: 194_800, saldoDesativados: 0, vendasPendentes: 194_800, vencido: 0, vencidoDesativados: 0 });
  });
});

describe('payments from the customer page', () => {
  it('counts Mercado Pago payments (PIX and card) as "Pagamento online", net of what was refunded in the period', async () => {
    // Its own shop, paid today by the real clock: the portal credits payments at the moment they arrive.
    const saved = clock;
    clock = new Date();
    try {
      const loja = await createSeller(t);
      const owner = loja.id;
      const produto = await insertProduto(t, owner, { nome: 'Fubá', precoVenda: 1000, precoCusto: 400, estoqueAtual: 100 });
      const eva = await insertCliente(t, owner, { nome: 'Eva', limiteCredito: 1_000_000 });
      const run = <T>(work: Parameters<typeof withSeller<T>>[2]) => withSeller(t.db, owner, work);
      await run((tx) =>
        createVenda(tx, owner, { formaPagamento: 'fiado', clienteId: eva.id, itens: [{ produtoId: produto.id, quantidade: 5 }], observacoes: null, confirmarLimiteExcedido: false }, { notificar: false }),
      );
      // What the Mercado Pago webhook does once a payment is approved (and later refunded).
      const online = async (mpId: number, metodo: 'pix' | 'cartao', base: number, status: string) =>
        run(async (tx) => {
          const [registro] = await tx.insert(pagamentosOnline).values({ ownerId: owner, clienteId: eva.id, metodo, ...valoresPagamentoOnline(base, metodo), ambiente: 'sandbox' }).returning();
          return { registro: registro!, aplicado: await aplicarPagamentoMp(tx, owner, { id: mpId, status, valor: registro!.valorTotal, currency_id: 'BRL', external_reference: registro!.id }, { log: t.app.log }) };
        });
      const pix = await online(1001, 'pix', 1000, 'approved');
      expect(pix.aplicado?.status).toBe('aprovado');
      const cartao = await online(1002, 'cartao', 1500, 'approved');
      expect(cartao.aplicado?.status).toBe('aprovado');
      await run((tx) => registrarPagamento(tx, owner, eva.id, { valor: 200, metodo: 'dinheiro' }));

      const antes = await get(loja, '/api/relatorios/financeiro?periodo=7');
      expect(antes.recebido.valor).toEqual(cmp(2700, 0));
      expect(antes.recebido.porMetodo).toEqual([
        { metodo: 'dinheiro', valor: cmp(200, 0), quantidade: cmp(1, 0) },
        { metodo: 'online', valor: cmp(2500, 0), quantidade: cmp(2, 0) },
      ]);

      // The card payment is refunded: the money went back, so it was not received.
      const estorno = await run((tx) =>
        aplicarPagamentoMp(tx, owner, { id: 1002, status: 'refunded', valor: cartao.registro.valorTotal, currency_id: 'BRL', external_reference: cartao.registro.id }, { log: t.app.log }),
      );
      expect(estorno?.status).toBe('estornado');
      for (const aba of ['financeiro', 'resumo']) {
        const r = await get(loja, `/api/relatorios/${aba}?periodo=7`);
        expect(r.recebido.valor, aba).toEqual(cmp(1200, 0));
        expect(r.recebido.porMetodo, aba).toEqual([
          { metodo: 'dinheiro', valor: cmp(200, 0), quantidade: cmp(1, 0) },
          { metodo: 'online', valor: cmp(1000, 0), quantidade: cmp(2, 0) },
        ]);
      }
      // Nothing of it reaches the first seller.
      expect((await get(seller, '/api/relatorios/financeiro?periodo=7')).recebido.porMetodo.map((m: { metodo: string }) => m.metodo)).not.toContain('online');
    } finally {
      clock = saved;
    }
  });
});

describe('overdue, customer by customer, as Devedores says it (docs/decisions/027)', () => {
  /** What each customer above owes and since when (the shop's day of their oldest open debt). */
  const dividas = () => [
    { id: ids.dora!, saldoAtual: -1000, pendenteDesde: '2025-12-20', dataVencimento: null as string | null, promessa: null }, // S11
    { id: ids.ana!, saldoAtual: -3300, pendenteDesde: '2026-02-10', dataVencimento: null as string | null, promessa: null }, // S8, 300 of it open
    { id: ids.bruno!, saldoAtual: -700, pendenteDesde: '2026-02-28', dataVencimento: null as string | null, promessa: null }, // S7
  ];
  const definir = async (who: SellerSession, regra: Partial<RegraVencimento> & { tipo: RegraVencimento['tipo'] }) => {
    const response = await who.request({ method: 'PUT', url: '/api/cobranca/regra', payload: regra });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().regra as RegraVencimento;
  };
  /** Financeiro, Resumo and Devedores' cards on one day, against the shared verdicts. */
  const conferir = async (regra: RegraVencimento, dia: string, lista = dividas()) => {
    clock = sp(`${dia} 12:00`);
    const esperado = resumoDividas(lista.map((d) => situacaoDivida(d, regra, dia)));
    const financeiro = await get(seller, '/api/relatorios/financeiro?periodo=7');
    const contexto = `${JSON.stringify(regra)} ${dia}`;
    expect(financeiro.atraso, contexto).toEqual(esperado.porFaixa);
    expect(financeiro.aReceber.vencido, contexto).toBe(esperado.valorVencido);
    expect(financeiro.regraVencimento).toEqual(regra);
    const resumo = await get(seller, '/api/relatorios/resumo?periodo=30');
    expect(resumo.inadimplencia, contexto).toEqual({ taxa: esperado.inadimplencia, vencido: esperado.valorVencido, aVencer: esperado.aVencer, clientesVencidos: esperado.vencidos });
    const devedores = await get(seller, '/api/devedores?pageSize=1');
    expect(devedores.resumo, contexto).toMatchObject({ totalDevedores: esperado.devedores, dividasVencidas: esperado.vencidos, valorTotal: esperado.valor });
    return esperado;
  };

  it('ages every debt by the rule from its oldest open debt, however long the term, on any day', async () => {
    const saved = clock;
    // Another shop's rule must not reach this one.
    await definir(outro, { tipo: 'data_fixa', dataFixa: '2020-01-01' });
    try {
      const regras: Array<Partial<RegraVencimento> & { tipo: RegraVencimento['tipo'] }> = [
        { tipo: 'proximo_mes', diaVencimento: 10 },
        { tipo: 'proximo_mes', diaVencimento: 28 },
        { tipo: 'dias_fixos', diasPrazo: 7 },
        { tipo: 'dias_fixos', diasPrazo: 45 },
        { tipo: 'dias_fixos', diasPrazo: 365 },
        { tipo: 'data_fixa', dataFixa: null },
        { tipo: 'data_fixa', dataFixa: '2026-03-05' },
        { tipo: 'data_fixa', dataFixa: '2026-05-01' },
      ];
      for (const escolhida of regras) {
        const regra = await definir(seller, escolhida);
        for (const dia of ['2026-03-16', '2026-04-20', '2026-06-15', '2026-12-31', '2027-01-10']) await conferir(regra, dia);
      }
    } finally {
      clock = saved;
      await definir(seller, { tipo: 'proximo_mes', diaVencimento: 1 });
    }
  });

  it('gives the default rate of today, whatever the period: of what customers owe, the overdue part', async () => {
    try {
      // 45 days: Dora's debt was due 3 February; Ana's is due 27 March, Bruno's 14 April.
      let regra = await definir(seller, { tipo: 'dias_fixos', diasPrazo: 45 });
      expect((await conferir(regra, '2026-03-16')).inadimplencia).toBe(20);
      const mes = await get(seller, '/api/relatorios/resumo?mes=2026-02');
      expect(mes.inadimplencia).toEqual({ taxa: 20, vencido: 1000, aVencer: 4000, clientesVencidos: 1 });
      // 30 days: Ana's was due 12 March too.
      regra = await definir(seller, { tipo: 'dias_fixos', diasPrazo: 30 });
      expect((await conferir(regra, '2026-03-16')).inadimplencia).toBe(86);
    } finally {
      clock = sp('2026-03-16 23:59');
      await definir(seller, { tipo: 'proximo_mes', diaVencimento: 1 });
    }
  });

  it("counts a date agreed with a customer, an opening balance and a deactivated customer's debt", async () => {
    const regra = await definir(seller, { tipo: 'proximo_mes', diaVencimento: 1 });
    const owner = seller.id;
    try {
      clock = sp('2026-03-16 12:00');
      // Ana agreed to pay on 20 March: her 3300 is not overdue anywhere any more.
      const acordo = await seller.request({ method: 'PUT', url: `/api/devedores/${ids.ana}/cobranca`, payload: { observacoes: null, dataVencimento: '2026-03-20' } });
      expect(acordo.statusCode, acordo.body).toBe(200);
      // Eva's only debt is her balance from the paper notebook, entered on 10 February: due 1 March.
      const eva = await insertCliente(t, owner, { nome: 'Eva', limiteCredito: 1_000_000, createdAt: sp('2026-02-01 09:00') });
      clock = sp('2026-02-10 09:00');
      const ajuste = await seller.request({ method: 'POST', url: `/api/clientes/${eva.id}/ajustes`, payload: { tipo: 'debito', valor: 12_000, motivo: 'Saldo do caderno' } });
      expect(ajuste.statusCode, ajuste.body).toBe(201);
      const lista = [
        ...dividas().map((d) => (d.id === ids.ana ? { ...d, dataVencimento: '2026-03-20' } : d)),
        { id: eva.id, saldoAtual: -12_000, pendenteDesde: '2026-02-10', dataVencimento: null, promessa: null },
      ];
      const antes = await conferir(regra, '2026-03-16', lista);
      expect(antes).toMatchObject({ devedores: 4, vencidos: 3, valorVencido: 13_700, aVencer: 3300 });
      // Past the agreed date, Ana is late too.
      expect(await conferir(regra, '2026-03-21', lista)).toMatchObject({ vencidos: 4, valorVencido: 17_000 });

      // Dora is deactivated: out of Devedores, still owed in the reports, which say her part.
      clock = sp('2026-03-16 12:00');
      const desativar = await seller.request({ method: 'POST', url: `/api/clientes/${ids.dora}/desativar` });
      expect(desativar.statusCode, desativar.body).toBe(200);
      const financeiro = await get(seller, '/api/relatorios/financeiro?periodo=7');
      expect(financeiro.aReceber).toMatchObject({ vencido: 13_700, vencidoDesativados: 1000, saldoDesativados: 1000 });
      const devedores = await get(seller, '/api/devedores?pageSize=1');
      expect(devedores.resumo).toMatchObject({ totalDevedores: 3, dividasVencidas: 2 });
      expect((await seller.request({ method: 'POST', url: `/api/clientes/${ids.dora}/reativar` })).statusCode).toBe(200);
    } finally {
      clock = sp('2026-03-16 23:59');
    }
  });
});
