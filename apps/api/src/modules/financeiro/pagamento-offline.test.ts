import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, asc, eq } from 'drizzle-orm';
import {
  MAX_ADIANTAMENTO_OFFLINE_MS,
  MAX_ATRASO_OFFLINE_MS,
  MAX_VALOR_LANCAMENTO,
  type Extrato,
  type LancamentoResultado,
  type Recibo,
  type VendaDetalhe,
} from '@caderneta/shared';
import type { Dashboard } from '@caderneta/shared/schemas/dashboard';
import type { RelatorioFinanceiro, RelatorioResumo } from '@caderneta/shared/schemas/relatorios';
import { buildTestApp, createSeller, type SellerSession, type TestApp } from '../../../test/app';
import { testClock } from '../../../test/clock';
import { AGORA, diasAtras, offline } from '../../../test/offline';
import { countRows, insertCliente, ledgerSum, readCliente, readVenda } from '../../../test/fixtures';
import { checkInvariants, withAdmin } from '../../../test/invariants';
import { lancamentos, pagamentosPorDiaDaLoja } from '../../db/schema';

/*
 * A payment the counter queued while offline (issue 36, ADR 034): dated when the money was
 * received, everywhere that date is read; taken as online is; refused for what is malformed, not
 * the seller's, or outside the window.
 */
const clock = testClock(AGORA);

let t: TestApp;
let seller: SellerSession;
beforeAll(async () => {
  t = await buildTestApp({ clock });
  seller = await createSeller(t);
});
afterAll(() => t?.close());

const pagar = (clienteId: string, body: object, quem: SellerSession = seller) =>
  quem.request({ method: 'POST', url: `/api/clientes/${clienteId}/pagamentos`, payload: body });
const fiado = (clienteId: string, valor: number, quem: SellerSession = seller) =>
  quem.request({ method: 'POST', url: '/api/vendas', payload: { formaPagamento: 'fiado', clienteId, itens: [{ valor }] } });

/** Runs `escrever` with the server's clock at `quando` (an online write on a past day), then moves it back on. */
async function noDia<T>(quando: string, escrever: () => Promise<T>): Promise<T> {
  const volta = clock.now();
  clock.set(quando);
  try {
    return await escrever();
  } finally {
    clock.set(new Date(volta.getTime() + 1_000));
  }
}

describe('an offline payment', () => {
  it('is dated when it was received: in its answer, the statement, the receipt, the reports and the dashboard', async () => {
    const loja = await createSeller(t);
    const cliente = await insertCliente(t, loja.id, { nome: 'Dona Cida' });
    const venda = (await noDia(diasAtras(5), () => fiado(cliente.id, 5_000, loja))).json() as VendaDetalhe;
    expect((await pagar(cliente.id, { valor: 1_000 }, loja)).statusCode).toBe(201);

    const feitaEm = diasAtras(3);
    const resposta = await pagar(cliente.id, { valor: 2_000, metodo: 'pix', ...offline(feitaEm) }, loja);
    expect(resposta.statusCode).toBe(201);
    const pago = resposta.json() as LancamentoResultado;
    expect(pago.lancamento).toMatchObject({ tipo: 'pagamento', valor: 2_000, metodo: 'pix', data: feitaEm });
    // Where the customer stands now.
    expect(pago.cliente.saldoAtual).toBe(-2_000);
    expect(pago.resultado).toEqual({ tipo: 'restante', valor: 2_000 });

    // The statement: in its place by date, with the balance right after it there.
    const extrato = (await loja.request({ method: 'GET', url: `/api/clientes/${cliente.id}/extrato` })).json() as Extrato;
    expect(extrato.items.map((i) => [i.tipo, i.valor, i.saldo])).toEqual([
      ['pagamento', 1_000, -2_000],
      ['pagamento', 2_000, -3_000],
      ['venda', -5_000, -5_000],
    ]);
    expect(Date.parse(extrato.items[1]!.data)).toBe(Date.parse(feitaEm));
    expect(extrato.items[2]!.numeroVenda).toBe(venda.numeroVenda);

    // The receipt: that day, and what was owed right after it.
    const recibo = (await loja.request({ method: 'GET', url: `/api/pagamentos/${pago.lancamento.id}/recibo` })).json() as Recibo;
    expect(Date.parse(recibo.data)).toBe(Date.parse(feitaEm));
    expect(recibo.saldoApos).toBe(-3_000);
    expect(recibo.texto).toContain('13/03/2026');

    // The reports: on the shop's day it was received.
    const dias = await t.db
      .select({ dia: pagamentosPorDiaDaLoja.dia, metodo: pagamentosPorDiaDaLoja.metodo, quantidade: pagamentosPorDiaDaLoja.quantidade, valor: pagamentosPorDiaDaLoja.valor })
      .from(pagamentosPorDiaDaLoja)
      .where(eq(pagamentosPorDiaDaLoja.ownerId, loja.id))
      .orderBy(asc(pagamentosPorDiaDaLoja.dia));
    expect(dias).toEqual([
      { dia: '2026-03-13', metodo: 'pix', quantidade: 1, valor: 2_000 },
      { dia: '2026-03-16', metodo: 'dinheiro', quantidade: 1, valor: 1_000 },
    ]);
    const financeiro = (await loja.request({ method: 'GET', url: '/api/relatorios/financeiro?periodo=7' })).json() as RelatorioFinanceiro;
    expect(financeiro.recebido.valor).toEqual({ atual: 3_000, anterior: 0 });
    expect(financeiro.recebido.porMetodo).toContainEqual({ metodo: 'pix', valor: { atual: 2_000, anterior: 0 }, quantidade: { atual: 1, anterior: 0 } });

    // The dashboard's latest activity: after today's payment, on its own day; no sale today.
    const painel = (await loja.request({ method: 'GET', url: '/api/dashboard' })).json() as Dashboard;
    expect(painel.atividades.map((a) => [a.tipo, a.valor])).toEqual([
      ['pagamento', 1_000],
      ['pagamento', 2_000],
      ['venda', 5_000],
    ]);
    expect(painel.atividades[1]!.data).toBe(feitaEm);
    expect(painel).toMatchObject({ vendasHoje: 0, valorVendasHoje: 0 });
  });

  it("falls in the month of the shop's day it was received, not of the UTC date", async () => {
    const loja = await createSeller(t);
    const cliente = await insertCliente(t, loja.id);
    // 22:30 on the 28th in São Paulo is already 1 March in UTC.
    const feitaEm = '2026-02-28T22:30:00-03:00';
    const resposta = await pagar(cliente.id, { valor: 4_200, ...offline(feitaEm) }, loja);
    expect(resposta.statusCode).toBe(201);
    expect(Date.parse(resposta.json().lancamento.data)).toBe(Date.parse(feitaEm));
    const mes = async (m: string) => ((await loja.request({ method: 'GET', url: `/api/relatorios/resumo?mes=${m}` })).json() as RelatorioResumo).recebido.valor.atual;
    expect(await mes('2026-02')).toBe(4_200);
    expect(await mes('2026-03')).toBe(0);
  });

  it('received between two sales pays the older first, and the debt then starts at the sale left open', async () => {
    const cliente = await insertCliente(t, seller.id);
    const a = (await noDia(diasAtras(5), () => fiado(cliente.id, 1_000))).json() as VendaDetalhe;
    const b = (await noDia(diasAtras(1), () => fiado(cliente.id, 1_000))).json() as VendaDetalhe;

    const primeiro = (await pagar(cliente.id, { valor: 1_500, ...offline(diasAtras(3)) })).json() as LancamentoResultado;
    expect(primeiro.vendasQuitadas).toEqual([a.numeroVenda]);
    expect(await readVenda(t, a.id)).toMatchObject({ valorPago: 1_000, statusPagamento: 'pago' });
    expect(await readVenda(t, b.id)).toMatchObject({ valorPago: 500, statusPagamento: 'pendente' });
    expect((await readCliente(t, cliente.id)).pendenteDesde?.toISOString()).toBe(b.dataVenda);

    // A sale made today, then a payment received before it (and before the payment above) arrives.
    const c = (await fiado(cliente.id, 1_000)).json() as VendaDetalhe;
    expect(c).toMatchObject({ valorPago: 0, statusPagamento: 'pendente' });
    const segundo = (await pagar(cliente.id, { valor: 700, ...offline(diasAtras(4)) })).json() as LancamentoResultado;
    expect(segundo.vendasQuitadas).toEqual([b.numeroVenda]);
    expect(await readVenda(t, b.id)).toMatchObject({ valorPago: 1_000, statusPagamento: 'pago' });
    expect(await readVenda(t, c.id)).toMatchObject({ valorPago: 200, statusPagamento: 'pendente' });
    expect(await readCliente(t, cliente.id)).toMatchObject({ saldoAtual: -800 });
    expect((await readCliente(t, cliente.id)).pendenteDesde?.toISOString()).toBe(c.dataVenda);

    // Paid off by one more from the day before yesterday: nothing pending, no debt start.
    const terceiro = (await pagar(cliente.id, { valor: 800, ...offline(diasAtras(2)) })).json() as LancamentoResultado;
    expect(terceiro).toMatchObject({ vendasQuitadas: [c.numeroVenda], resultado: { tipo: 'quitado' } });
    expect(await readCliente(t, cliente.id)).toMatchObject({ saldoAtual: 0, pendenteDesde: null, dataVencimento: null });
    expect(await ledgerSum(t, cliente.id)).toBe(0);
  });

  it('to a customer deactivated since is taken, as a payment online is', async () => {
    const cliente = await insertCliente(t, seller.id, { ativo: false });
    expect((await pagar(cliente.id, { valor: 300 })).statusCode).toBe(201);
    const resposta = await pagar(cliente.id, { valor: 500, ...offline() });
    expect(resposta.statusCode).toBe(201);
    expect(resposta.json().cliente.saldoAtual).toBe(800);
  });

  it('from a device clock a few minutes fast is dated when it arrived, never after', async () => {
    const cliente = await insertCliente(t, seller.id);
    const agora = clock.now().getTime();
    const resposta = await pagar(cliente.id, { valor: 100, ...offline(new Date(agora + MAX_ADIANTAMENTO_OFFLINE_MS - 60_000).toISOString()) });
    expect(resposta.statusCode).toBe(201);
    const data = Date.parse(resposta.json().lancamento.data);
    expect(data - agora).toBeGreaterThanOrEqual(0);
    expect(data - agora).toBeLessThan(1_000);
  });
});

describe('an offline payment is refused', () => {
  it('when feitaEm is not a date-time, or outside the window around the server clock, and nothing is posted', async () => {
    const cliente = await insertCliente(t, seller.id);
    const agora = clock.now().getTime();
    const casos = [
      ['2026-03-15', 'feitaEmInvalida'],
      ['ontem', 'feitaEmInvalida'],
      [new Date(agora + MAX_ADIANTAMENTO_OFFLINE_MS + 60_000).toISOString(), 'feitaEmNoFuturo'],
      [new Date(agora - MAX_ATRASO_OFFLINE_MS - 60_000).toISOString(), 'feitaEmAntiga'],
    ] as const;
    for (const [feitaEm, message] of casos) {
      const response = await pagar(cliente.id, { valor: 1_000, chave: crypto.randomUUID(), ...offline(feitaEm) });
      expect({ feitaEm, status: response.statusCode, code: response.json().code }).toEqual({ feitaEm, status: 400, code: 'VALIDATION' });
      expect(response.json().issues).toEqual([{ path: 'offline.feitaEm', message }]);
    }
    expect(await ledgerSum(t, cliente.id)).toBe(0);
    // Just inside both ends; an offset other than Z is read as the instant it names.
    for (const feitaEm of [new Date(agora - MAX_ATRASO_OFFLINE_MS + 60_000).toISOString(), '2026-03-16T09:00:00-03:00']) {
      const response = await pagar(cliente.id, { valor: 1_000, ...offline(feitaEm) });
      expect(response.statusCode).toBe(201);
      expect(Date.parse(response.json().lancamento.data)).toBe(Date.parse(feitaEm));
    }
  });

  it("for another seller's customer, an unknown one or past the maximum, with the same answer as online", async () => {
    const dono = await createSeller(t);
    const intruso = await createSeller(t);
    const clienteDoDono = await insertCliente(t, dono.id);
    const proprio = await insertCliente(t, intruso.id);
    const tentativas = [
      [clienteDoDono.id, { valor: 1_000 }],
      [crypto.randomUUID(), { valor: 1_000 }],
      [proprio.id, { valor: MAX_VALOR_LANCAMENTO + 1 }],
    ] as const;
    for (const [clienteId, corpo] of tentativas) {
      const online = await pagar(clienteId, corpo, intruso);
      const off = await pagar(clienteId, { ...corpo, chave: crypto.randomUUID(), ...offline() }, intruso);
      expect(off.statusCode).toBeGreaterThanOrEqual(400);
      expect([off.statusCode, off.json()]).toEqual([online.statusCode, online.json()]);
    }
    expect((await readCliente(t, clienteDoDono.id)).saldoAtual).toBe(0);
    expect(await countRows(t, lancamentos, intruso.id)).toBe(0);
    expect(await countRows(t, lancamentos, dono.id)).toBe(0);
  });
});

describe('an offline payment sent again', () => {
  it('with its key is posted once and answered with the first payment, even once its feitaEm is out of the window', async () => {
    const cliente = await insertCliente(t, seller.id);
    const venda = (await noDia(diasAtras(6), () => fiado(cliente.id, 1_000))).json() as VendaDetalhe;
    expect((await fiado(cliente.id, 2_500)).statusCode).toBe(201);
    const corpo = { valor: 1_000, metodo: 'cartao', chave: crypto.randomUUID(), ...offline(diasAtras(2)) };
    const primeiro = (await pagar(cliente.id, corpo)).json() as LancamentoResultado;
    expect(primeiro).toMatchObject({ vendasQuitadas: [venda.numeroVenda], cliente: { saldoAtual: -2_500 } });

    const repetido = await pagar(cliente.id, corpo);
    expect(repetido.statusCode).toBe(201);
    const segundo = repetido.json() as LancamentoResultado;
    expect(segundo.lancamento).toEqual(primeiro.lancamento);
    expect(segundo.vendasQuitadas).toEqual(primeiro.vendasQuitadas);
    // The balance right after it in the statement, as its receipt says.
    const recibo = (await seller.request({ method: 'GET', url: `/api/pagamentos/${primeiro.lancamento.id}/recibo` })).json() as Recibo;
    expect(segundo.cliente.saldoAtual).toBe(recibo.saldoApos);
    expect(recibo.saldoApos).toBe(0);

    // A queue that sends it again a month later, or with another date: the key is looked up first.
    const tarde = await noDia(new Date(Date.parse(AGORA) + 31 * 86_400_000).toISOString(), () => pagar(cliente.id, corpo));
    expect([tarde.statusCode, tarde.json().lancamento.id]).toEqual([201, primeiro.lancamento.id]);
    const noFuturo = await pagar(cliente.id, { ...corpo, ...offline(new Date(Date.parse(AGORA) + 86_400_000).toISOString()) });
    expect([noFuturo.statusCode, noFuturo.json().lancamento.id]).toEqual([201, primeiro.lancamento.id]);

    const pagamentos = await t.db
      .select({ id: lancamentos.id })
      .from(lancamentos)
      .where(and(eq(lancamentos.clienteId, cliente.id), eq(lancamentos.tipo, 'pagamento')));
    expect(pagamentos.map((p) => p.id)).toEqual([primeiro.lancamento.id]);
    expect(await ledgerSum(t, cliente.id)).toBe(-2_500);
  });

  it('several times at once with one key is posted once, every answer the same payment', async () => {
    const cliente = await insertCliente(t, seller.id);
    expect((await fiado(cliente.id, 3_000)).statusCode).toBe(201);
    const corpo = { valor: 3_000, chave: crypto.randomUUID(), ...offline(diasAtras(1)) };
    const respostas = await Promise.all([pagar(cliente.id, corpo), pagar(cliente.id, corpo), pagar(cliente.id, corpo)]);
    expect(respostas.map((r) => r.statusCode)).toEqual([201, 201, 201]);
    expect(new Set(respostas.map((r) => (r.json() as LancamentoResultado).lancamento.id)).size).toBe(1);
    expect(await ledgerSum(t, cliente.id)).toBe(0);
  });
});

const clientePglite = () => (t.db as unknown as { $client: { query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }> } }).$client;

describe('after offline payments', () => {
  it('every invariant holds on what this file wrote', async () => {
    const cliente = await insertCliente(t, seller.id);
    expect((await noDia(diasAtras(8), () => fiado(cliente.id, 900))).statusCode).toBe(201);
    expect((await pagar(cliente.id, { valor: 400, metodo: 'transferencia', ...offline(diasAtras(10)) })).statusCode).toBe(201);
    expect((await fiado(cliente.id, 700)).statusCode).toBe(201);
    expect((await pagar(cliente.id, { valor: 1_000, ...offline(diasAtras(7)) })).statusCode).toBe(201);
    expect(await readCliente(t, cliente.id)).toMatchObject({ saldoAtual: -200 });

    // Every seller's rows: PGlite's own client here; in api-pg, the server's admin connection (past RLS).
    const violacoes =
      t.database.kind === 'pglite'
        ? await checkInvariants(async <T,>(text: string, params?: unknown[]) => (await clientePglite().query<T>(text, params)).rows)
        : await withAdmin((t.database as { url?: string }).url!, (query) => checkInvariants(query));
    expect(violacoes).toEqual([]);
  });
});
