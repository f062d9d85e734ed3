import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { MAX_ADIANTAMENTO_OFFLINE_MS, MAX_ATRASO_OFFLINE_MS, type VendaDetalhe, type VendasPage } from '@caderneta/shared';
import type { Dashboard } from '@caderneta/shared/schemas/dashboard';
import type { RelatorioVendas } from '@caderneta/shared/schemas/relatorios';
import { buildTestApp, createSeller, type SellerSession, type TestApp } from '../../../test/app';
import { testClock } from '../../../test/clock';
import { AGORA, diasAtras, offline } from '../../../test/offline';
import { countRows, insertCliente, insertProduto, ledgerSum, readCliente, readProduto } from '../../../test/fixtures';
import { checkInvariants, withAdmin } from '../../../test/invariants';
import { lancamentos, notificacoes, vendas } from '../../db/schema';

/*
 * A sale the counter queued while offline (issue 36, ADR 034): recorded at the moment it was made,
 * accepted past what the seller could not check offline and flagged, refused for what is malformed
 * or not the seller's.
 */
const clock = testClock(AGORA);

let t: TestApp;
let seller: SellerSession;
beforeAll(async () => {
  t = await buildTestApp({ clock });
  seller = await createSeller(t);
});
afterAll(() => t?.close());

const vender = (body: object, quem: SellerSession = seller) => quem.request({ method: 'POST', url: '/api/vendas', payload: body });

describe('an offline sale', () => {
  it('that took more than the stock is recorded, takes the stock to 0 and says what was missing', async () => {
    const produto = await insertProduto(t, seller.id, { nome: 'Pão francês', estoqueAtual: 2, precoVenda: 100 });
    const body = { formaPagamento: 'vista', itens: [{ produtoId: produto.id, quantidade: 5 }] };
    // Online it would be refused.
    expect((await vender(body)).json().code).toBe('ESTOQUE_INSUFICIENTE');

    const feitaEm = diasAtras(2);
    const response = await vender({ ...body, ...offline(feitaEm) });
    expect(response.statusCode).toBe(201);
    const venda = response.json() as VendaDetalhe;
    expect(venda).toMatchObject({ valorTotal: 500, dataVenda: feitaEm, feitaOffline: true, statusPagamento: 'pago' });
    expect(venda.alertas).toEqual([{ tipo: 'estoque', produtoId: produto.id, produtoNome: 'Pão francês', unidade: 'un', faltou: 3 }]);
    expect((await readProduto(t, produto.id)).estoqueAtual).toBe(0);

    // The detail and the list say the same.
    const detalhe = (await seller.request({ method: 'GET', url: `/api/vendas/${venda.id}` })).json() as VendaDetalhe;
    expect(detalhe).toEqual(venda);
    const lista = (await seller.request({ method: 'GET', url: '/api/vendas?pageSize=100' })).json() as VendasPage;
    expect(lista.items.find((v) => v.id === venda.id)).toMatchObject({ feitaOffline: true, alertas: venda.alertas });

    // Cancelling it gives back only what left the stock.
    const cancelada = await seller.request({ method: 'POST', url: `/api/vendas/${venda.id}/cancelar`, payload: { motivo: 'Cliente desistiu' } });
    expect(cancelada.statusCode).toBe(200);
    expect((await readProduto(t, produto.id)).estoqueAtual).toBe(2);
  });

  it('of a product with enough stock carries no alert; an online sale is never offline', async () => {
    const produto = await insertProduto(t, seller.id, { estoqueAtual: 10 });
    const off = (await vender({ formaPagamento: 'vista', itens: [{ produtoId: produto.id, quantidade: 3 }], ...offline() })).json() as VendaDetalhe;
    expect(off).toMatchObject({ feitaOffline: true, alertas: [] });
    const on = (await vender({ formaPagamento: 'vista', itens: [{ produtoId: produto.id, quantidade: 3 }] })).json() as VendaDetalhe;
    expect(on).toMatchObject({ feitaOffline: false, alertas: [] });
    expect((await readProduto(t, produto.id)).estoqueAtual).toBe(4);
  });

  it('adds up the lines of one product before comparing with the stock, in the product stored steps', async () => {
    const queijo = await insertProduto(t, seller.id, { nome: 'Queijo', unidade: 'kg', estoqueAtual: 700, precoVenda: 4_000 });
    const response = await vender({
      formaPagamento: 'vista',
      itens: [
        { produtoId: queijo.id, quantidade: 500, unidade: 'kg' },
        { produtoId: queijo.id, quantidade: 400, unidade: 'kg', desconto: { tipo: 'valor', valor: 100 } },
      ],
      ...offline(),
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().alertas).toEqual([{ tipo: 'estoque', produtoId: queijo.id, produtoNome: 'Queijo', unidade: 'kg', faltou: 200 }]);
    expect((await readProduto(t, queijo.id)).estoqueAtual).toBe(0);
  });

  it('on fiado past the credit limit, or to a customer who does not buy fiado, is recorded and flagged', async () => {
    const produto = await insertProduto(t, seller.id, { estoqueAtual: 100, precoVenda: 3_000 });
    const apertado = await insertCliente(t, seller.id, { limiteCredito: 5_000 });
    const body = { formaPagamento: 'fiado', clienteId: apertado.id, itens: [{ produtoId: produto.id, quantidade: 2 }] };
    expect((await vender(body)).json().code).toBe('LIMITE_EXCEDIDO');
    const acima = await vender({ ...body, ...offline() });
    expect(acima.statusCode).toBe(201);
    expect(acima.json()).toMatchObject({ alertas: [{ tipo: 'limite' }], statusPagamento: 'pendente', valorPago: 0 });
    expect((await readCliente(t, apertado.id)).saldoAtual).toBe(-6_000);
    expect(await ledgerSum(t, apertado.id)).toBe(-6_000);

    const bloqueado = await insertCliente(t, seller.id, { limiteCredito: 0 });
    const semFiado = { formaPagamento: 'fiado', clienteId: bloqueado.id, itens: [{ produtoId: produto.id, quantidade: 1 }] };
    expect((await vender(semFiado)).json().code).toBe('FIADO_NAO_PERMITIDO');
    const aceito = await vender({ ...semFiado, ...offline() });
    expect(aceito.statusCode).toBe(201);
    expect(aceito.json().alertas).toEqual([{ tipo: 'bloqueado' }]);
    expect((await readCliente(t, bloqueado.id)).saldoAtual).toBe(-3_000);
  });

  it('of a product deactivated since is recorded without an alert; a customer deactivated since is flagged', async () => {
    const produto = await insertProduto(t, seller.id, { estoqueAtual: 10, ativo: false });
    const cliente = await insertCliente(t, seller.id, { ativo: false });
    const body = { formaPagamento: 'fiado', clienteId: cliente.id, itens: [{ produtoId: produto.id, quantidade: 1 }] };
    expect((await vender(body)).statusCode).toBe(409);
    const response = await vender({ ...body, ...offline() });
    expect(response.statusCode).toBe(201);
    expect(response.json().alertas).toEqual([{ tipo: 'clienteInativo' }]);
    expect((await readProduto(t, produto.id)).estoqueAtual).toBe(9);
  });

  it('takes its place among the customer sales: the credit that covered a later sale covers it first', async () => {
    const produto = await insertProduto(t, seller.id, { estoqueAtual: 100, precoVenda: 1_000 });
    const cliente = await insertCliente(t, seller.id);
    const depois = (await vender({ formaPagamento: 'fiado', clienteId: cliente.id, itens: [{ produtoId: produto.id, quantidade: 1 }] })).json() as VendaDetalhe;
    expect((await seller.request({ method: 'POST', url: `/api/clientes/${cliente.id}/pagamentos`, payload: { valor: 500 } })).statusCode).toBe(201);
    const antes = (await vender({ formaPagamento: 'fiado', clienteId: cliente.id, itens: [{ produtoId: produto.id, quantidade: 1 }], ...offline(diasAtras(3)) })).json() as VendaDetalhe;
    expect(antes).toMatchObject({ valorPago: 500, statusPagamento: 'pendente' });
    const lida = (await seller.request({ method: 'GET', url: `/api/vendas/${depois.id}` })).json() as VendaDetalhe;
    expect(lida).toMatchObject({ valorPago: 0, statusPagamento: 'pendente' });
    expect((await readCliente(t, cliente.id)).saldoAtual).toBe(-1_500);
    // The debt is as old as its oldest open sale: the offline one.
    expect((await readCliente(t, cliente.id)).pendenteDesde?.toISOString()).toBe(antes.dataVenda);
  });

  it('falls on the day it was made in the reports and the sales list', async () => {
    const outro = await createSeller(t);
    const produto = await insertProduto(t, outro.id, { estoqueAtual: 1, precoVenda: 2_500, precoCusto: 1_000 });
    const feitaEm = diasAtras(3);
    const dia = feitaEm.slice(0, 10);
    const venda = (await vender({ formaPagamento: 'vista', itens: [{ produtoId: produto.id, quantidade: 2 }], ...offline(feitaEm) }, outro)).json() as VendaDetalhe;
    expect(venda.alertas).toHaveLength(1);

    const relatorio = (await outro.request({ method: 'GET', url: '/api/relatorios/vendas?periodo=7' })).json() as RelatorioVendas;
    expect(relatorio.porDia.find((d) => d.data === dia)).toEqual({ data: dia, quantidade: 1, valor: 5_000 });
    expect(relatorio.porDia.filter((d) => d.data !== dia).every((d) => d.quantidade === 0)).toBe(true);
    expect(relatorio.total.quantidade.atual).toBe(1);

    const doDia = (await outro.request({ method: 'GET', url: `/api/vendas?de=${dia}&ate=${dia}` })).json() as VendasPage;
    expect(doDia.items.map((v) => v.id)).toEqual([venda.id]);
    expect(doDia.resumo).toMatchObject({ totalVendas: 1, valorTotal: 5_000, vendasHoje: 0 });
    const hoje = AGORA.slice(0, 10);
    const deHoje = (await outro.request({ method: 'GET', url: `/api/vendas?de=${hoje}&ate=${hoje}` })).json() as VendasPage;
    expect(deHoje.total).toBe(0);
    // The dashboard's "today" leaves it out; one made offline ten minutes ago is today's.
    const painel = async () => (await outro.request({ method: 'GET', url: '/api/dashboard' })).json() as Dashboard;
    expect(await painel()).toMatchObject({ vendasHoje: 0, valorVendasHoje: 0 });
    const avulsa = await vender({ formaPagamento: 'vista', itens: [{ valor: 700 }], ...offline(new Date(Date.parse(AGORA) - 600_000).toISOString()) }, outro);
    expect(avulsa.statusCode).toBe(201);
    expect(await painel()).toMatchObject({ vendasHoje: 1, valorVendasHoje: 700 });
  });

  it('tells the owner in its "venda" notification that it came offline and what it arrived past', async () => {
    const produto = await insertProduto(t, seller.id, { estoqueAtual: 0 });
    const venda = (await vender({ formaPagamento: 'vista', itens: [{ produtoId: produto.id, quantidade: 1 }], ...offline() })).json() as VendaDetalhe;
    const [aviso] = await t.db
      .select({ params: notificacoes.params })
      .from(notificacoes)
      .where(and(eq(notificacoes.ownerId, seller.id), eq(notificacoes.tipo, 'venda'), sql`${notificacoes.params} ->> 'vendaId' = ${venda.id}`));
    expect(aviso?.params).toMatchObject({ offline: 1, alertas: 'estoque' });
  });
});

describe('an offline sale is still refused', () => {
  it('when feitaEm is not a date-time, or outside the window around the server clock', async () => {
    const produto = await insertProduto(t, seller.id, { estoqueAtual: 100 });
    const body = { formaPagamento: 'vista', itens: [{ produtoId: produto.id, quantidade: 1 }] };
    const agora = clock.now().getTime();
    const casos = [
      ['2026-03-15', 'feitaEmInvalida'],
      ['ontem', 'feitaEmInvalida'],
      [new Date(agora + MAX_ADIANTAMENTO_OFFLINE_MS + 60_000).toISOString(), 'feitaEmNoFuturo'],
      [new Date(agora - MAX_ATRASO_OFFLINE_MS - 60_000).toISOString(), 'feitaEmAntiga'],
    ] as const;
    for (const [feitaEm, message] of casos) {
      const response = await vender({ ...body, ...offline(feitaEm) });
      expect({ feitaEm, status: response.statusCode, code: response.json().code }).toEqual({ feitaEm, status: 400, code: 'VALIDATION' });
      expect(response.json().issues).toEqual([{ path: 'offline.feitaEm', message }]);
    }
    // Just inside both ends; an offset other than Z is read as the instant it names.
    for (const feitaEm of [new Date(agora - MAX_ATRASO_OFFLINE_MS + 60_000).toISOString(), '2026-03-16T09:00:00-03:00']) {
      const response = await vender({ ...body, ...offline(feitaEm) });
      expect(response.statusCode).toBe(201);
      expect(Date.parse(response.json().dataVenda)).toBe(Date.parse(feitaEm));
    }
    // A device clock a few minutes fast: accepted, and dated when it arrived, never after it.
    const adiantada = await vender({ ...body, ...offline(new Date(agora + MAX_ADIANTAMENTO_OFFLINE_MS - 60_000).toISOString()) });
    expect(adiantada.statusCode).toBe(201);
    expect(Date.parse(adiantada.json().dataVenda) - agora).toBeGreaterThanOrEqual(0);
    expect(Date.parse(adiantada.json().dataVenda) - agora).toBeLessThan(1_000);
  });

  it('dated a little ahead by a fast device clock is still older than the customer sales recorded after it arrived', async () => {
    const produto = await insertProduto(t, seller.id, { estoqueAtual: 100, precoVenda: 1_000 });
    const cliente = await insertCliente(t, seller.id);
    expect((await seller.request({ method: 'POST', url: `/api/clientes/${cliente.id}/pagamentos`, payload: { valor: 500 } })).statusCode).toBe(201);
    const adiantada = (await vender({ formaPagamento: 'fiado', clienteId: cliente.id, itens: [{ produtoId: produto.id, quantidade: 1 }], ...offline(new Date(clock.now().getTime() + 240_000).toISOString()) })).json() as VendaDetalhe;
    const depois = (await vender({ formaPagamento: 'fiado', clienteId: cliente.id, itens: [{ produtoId: produto.id, quantidade: 1 }] })).json() as VendaDetalhe;
    expect(Date.parse(adiantada.dataVenda)).toBeLessThan(Date.parse(depois.dataVenda));
    // The credit stays on the older sale, as the oldest-first rule says.
    expect(adiantada.valorPago).toBe(500);
    expect(((await seller.request({ method: 'GET', url: `/api/vendas/${adiantada.id}` })).json() as VendaDetalhe).valorPago).toBe(500);
    expect(depois.valorPago).toBe(0);
  });

  it('for an unknown product, or past the sale maximum, as online', async () => {
    const caro = await insertProduto(t, seller.id, { estoqueAtual: 0, precoVenda: 100_000_000 });
    const acima = await vender({ formaPagamento: 'vista', itens: [{ produtoId: caro.id, quantidade: 11 }], ...offline() });
    expect([acima.statusCode, acima.json().code]).toEqual([422, 'TOTAL_VENDA_EXCEDIDO']);
    const desconhecido = await vender({ formaPagamento: 'vista', itens: [{ produtoId: crypto.randomUUID(), quantidade: 1 }], ...offline() });
    expect(desconhecido.statusCode).toBe(404);
    expect((await readProduto(t, caro.id)).estoqueAtual).toBe(0);
  });

  it("for another seller's customer or product, with the same answer as online, and nothing changes", async () => {
    const dono = await createSeller(t);
    const intruso = await createSeller(t);
    const produtoDoDono = await insertProduto(t, dono.id, { estoqueAtual: 1 });
    const clienteDoDono = await insertCliente(t, dono.id);
    const proprio = await insertProduto(t, intruso.id, { estoqueAtual: 5 });
    const tentativas = [
      { formaPagamento: 'vista', itens: [{ produtoId: produtoDoDono.id, quantidade: 3 }] },
      { formaPagamento: 'vista', itens: [{ produtoId: proprio.id, quantidade: 1 }, { produtoId: produtoDoDono.id, quantidade: 1 }] },
      { formaPagamento: 'fiado', clienteId: clienteDoDono.id, itens: [{ produtoId: proprio.id, quantidade: 1 }] },
    ];
    for (const tentativa of tentativas) {
      const online = await vender(tentativa, intruso);
      const off = await vender({ ...tentativa, ...offline() }, intruso);
      expect(off.statusCode).toBe(404);
      expect(off.json()).toEqual(online.json());
    }
    expect((await readProduto(t, produtoDoDono.id)).estoqueAtual).toBe(1);
    expect((await readProduto(t, proprio.id)).estoqueAtual).toBe(5);
    expect((await readCliente(t, clienteDoDono.id)).saldoAtual).toBe(0);
    expect(await countRows(t, vendas, intruso.id)).toBe(0);
    expect(await countRows(t, lancamentos, intruso.id)).toBe(0);
  });
});

const clientePglite = () => (t.db as unknown as { $client: { query<T>(text: string, params?: unknown[]): Promise<{ rows: T[] }> } }).$client;

describe('after offline sales', () => {
  it('every invariant holds on what this file wrote, stock conserved with the shortfalls', async () => {
    const produto = await insertProduto(t, seller.id, { estoqueAtual: 4, precoVenda: 300 });
    const cliente = await insertCliente(t, seller.id, { limiteCredito: 500 });
    const linha = (quantidade: number) => [{ produtoId: produto.id, quantidade }];
    expect((await vender({ formaPagamento: 'vista', itens: linha(3) })).statusCode).toBe(201);
    expect((await vender({ formaPagamento: 'fiado', clienteId: cliente.id, itens: linha(4), ...offline(diasAtras(5)) })).json().alertas).toHaveLength(2);
    const cancelada = (await vender({ formaPagamento: 'vista', itens: linha(2), ...offline(diasAtras(4)) })).json() as VendaDetalhe;
    expect((await seller.request({ method: 'POST', url: `/api/vendas/${cancelada.id}/cancelar`, payload: { motivo: 'Cliente desistiu' } })).statusCode).toBe(200);
    expect((await seller.request({ method: 'POST', url: `/api/clientes/${cliente.id}/pagamentos`, payload: { valor: 700 } })).statusCode).toBe(201);
    expect((await vender({ formaPagamento: 'fiado', clienteId: cliente.id, itens: [{ valor: 900 }], ...offline(diasAtras(6)) })).json().alertas).toEqual([{ tipo: 'limite' }]);
    expect((await readProduto(t, produto.id)).estoqueAtual).toBe(0);

    // Every seller's rows: PGlite's own client here; in api-pg, the server's admin connection (past RLS).
    const estoqueInicial = new Map([[produto.id, 4]]);
    const violacoes =
      t.database.kind === 'pglite'
        ? await checkInvariants(async <T,>(text: string, params?: unknown[]) => (await clientePglite().query<T>(text, params)).rows, { estoqueInicial })
        : await withAdmin((t.database as { url?: string }).url!, (query) => checkInvariants(query, { estoqueInicial }));
    expect(violacoes).toEqual([]);
  });
});
