import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { MAX_ESTOQUE, MAX_ESTOQUE_GUARDADO, MAX_ITENS_VENDA, MAX_QUANTIDADE_ITEM, type VendaDetalhe, type VendasPage } from '@caderneta/shared';
import { buildTestApp, createSeller, type SellerSession, type TestApp } from '../../../test/app';
import { countRows, insertCliente, insertProduto, ledgerSum, readCliente, readProduto, readVenda } from '../../../test/fixtures';
import { withSeller } from '../../db/client';
import { itensVenda, lancamentos, notificacoes, perfis, vendas } from '../../db/schema';
import { cancelVenda, createVenda, MAX_ACHADAS_POR_ID } from './vendas.service';

let t: TestApp;
let seller: SellerSession;
beforeAll(async () => {
  t = await buildTestApp();
  seller = await createSeller(t);
});
afterAll(() => t.close());

const vender = (body: Record<string, unknown>, who: SellerSession = seller) => who.request({ method: 'POST', url: '/api/vendas', payload: body });
const listar = async (query: string, who: SellerSession = seller) => {
  const response = await who.request({ method: 'GET', url: `/api/vendas?${query}` });
  expect(response.statusCode).toBe(200);
  return response.json() as VendasPage;
};
const notificacoesDe = (ownerId: string, tipo: 'venda' | 'estoque_baixo' | 'devedor') =>
  t.db.select().from(notificacoes).where(and(eq(notificacoes.ownerId, ownerId), eq(notificacoes.tipo, tipo)));

describe('à vista sale', () => {
  it('is paid at once, takes prices and costs from the database and decrements the stock', async () => {
    const arroz = await insertProduto(t, seller.id, { nome: 'Arroz 5kg', precoVenda: 2890, precoCusto: 2100, estoqueAtual: 10 });
    const cafe = await insertProduto(t, seller.id, { nome: 'Café 500g', precoVenda: 1890, precoCusto: 1200, estoqueAtual: 4 });
    const response = await vender({
      formaPagamento: 'vista',
      // A total sent by the browser is ignored: the server works it out from the prices.
      itens: [
        { produtoId: arroz.id, quantidade: 2 },
        { produtoId: cafe.id, quantidade: 1 },
      ],
      valorTotal: 1,
      observacoes: '  Entregar amanhã  ',
    });
    expect(response.statusCode).toBe(201);
    const venda = response.json() as VendaDetalhe;
    expect(venda).toMatchObject({
      formaPagamento: 'vista',
      statusPagamento: 'pago',
      valorTotal: 2 * 2890 + 1890,
      valorPago: 2 * 2890 + 1890,
      clienteId: null,
      clienteNome: null,
      observacoes: 'Entregar amanhã',
      limiteExcedidoConfirmado: false,
    });
    expect(venda.numeroVenda).toMatch(/^V\d{13}$/);
    expect(Math.abs(Number(venda.numeroVenda.slice(1)) - Date.now())).toBeLessThan(60_000);
    expect(venda.itens.map((i) => [i.produtoNome, i.quantidade, i.precoUnitario, i.subtotal])).toEqual([
      ['Arroz 5kg', 2, 2890, 5780],
      ['Café 500g', 1, 1890, 1890],
    ]);
    const [itemArroz] = await t.db.select().from(itensVenda).where(and(eq(itensVenda.vendaId, venda.id), eq(itensVenda.produtoId, arroz.id)));
    expect(itemArroz?.custoUnitario).toBe(2100);
    expect((await readProduto(t, arroz.id)).estoqueAtual).toBe(8);
    expect((await readProduto(t, cafe.id)).estoqueAtual).toBe(3);
    const ledger = await t.db.select().from(lancamentos).where(eq(lancamentos.vendaId, venda.id));
    expect(ledger).toHaveLength(0);
    const avisos = await notificacoesDe(seller.id, 'venda');
    expect(avisos.some((n) => n.params.vendaId === venda.id && n.params.valor === venda.valorTotal)).toBe(true);
  });

  it('merges repeated lines of one product into one item', async () => {
    const leite = await insertProduto(t, seller.id, { nome: 'Leite 1L', precoVenda: 550, estoqueAtual: 10 });
    const response = await vender({
      formaPagamento: 'vista',
      itens: [
        { produtoId: leite.id, quantidade: 2 },
        { produtoId: leite.id, quantidade: 3 },
      ],
    });
    expect(response.statusCode).toBe(201);
    const venda = response.json() as VendaDetalhe;
    expect(venda.itens).toHaveLength(1);
    expect(venda.itens[0]).toMatchObject({ quantidade: 5, subtotal: 2750 });
    expect((await readProduto(t, leite.id)).estoqueAtual).toBe(5);
  });

  it('may name a customer without touching their ledger', async () => {
    const cliente = await insertCliente(t, seller.id, { nome: 'Ana Vista' });
    const produto = await insertProduto(t, seller.id);
    const response = await vender({ formaPagamento: 'vista', clienteId: cliente.id, itens: [{ produtoId: produto.id, quantidade: 1 }] });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ clienteNome: 'Ana Vista', statusPagamento: 'pago' });
    expect((await readCliente(t, cliente.id)).saldoAtual).toBe(0);
    expect(await ledgerSum(t, cliente.id)).toBe(0);
  });
});

describe('validation', () => {
  it('refuses a sale without items ("Adicione pelo menos um produto à venda")', async () => {
    const response = await vender({ formaPagamento: 'vista', itens: [] });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', issues: [{ path: 'itens', message: 'itensObrigatorios' }] });
  });

  it('refuses a fiado sale without a customer ("Cliente obrigatório")', async () => {
    const produto = await insertProduto(t, seller.id);
    const response = await vender({ formaPagamento: 'fiado', itens: [{ produtoId: produto.id, quantidade: 1 }] });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([{ path: 'clienteId', message: 'clienteObrigatorio' }]);
    expect((await readProduto(t, produto.id)).estoqueAtual).toBe(100);
  });

  it('refuses zero, negative and fractional quantities', async () => {
    const produto = await insertProduto(t, seller.id);
    for (const quantidade of [0, -1, 1.5]) {
      const response = await vender({ formaPagamento: 'vista', itens: [{ produtoId: produto.id, quantidade }] });
      expect(response.statusCode).toBe(400);
    }
    expect((await readProduto(t, produto.id)).estoqueAtual).toBe(100);
  });

  it('refuses a deactivated product and a deactivated customer', async () => {
    const inativo = await insertProduto(t, seller.id, { nome: 'Biscoito velho', ativo: false });
    const r1 = await vender({ formaPagamento: 'vista', itens: [{ produtoId: inativo.id, quantidade: 1 }] });
    expect(r1.statusCode).toBe(409);
    expect(r1.json()).toMatchObject({ code: 'PRODUTO_INATIVO', details: { produtoId: inativo.id } });

    const cliente = await insertCliente(t, seller.id, { ativo: false });
    const produto = await insertProduto(t, seller.id);
    const r2 = await vender({ formaPagamento: 'fiado', clienteId: cliente.id, itens: [{ produtoId: produto.id, quantidade: 1 }] });
    expect(r2.statusCode).toBe(409);
    expect(r2.json().code).toBe('CLIENTE_INATIVO');
    expect((await readProduto(t, produto.id)).estoqueAtual).toBe(100);
  });

  it('answers 404 for a product or customer that does not exist', async () => {
    const produto = await insertProduto(t, seller.id);
    const r1 = await vender({ formaPagamento: 'vista', itens: [{ produtoId: crypto.randomUUID(), quantidade: 1 }] });
    expect(r1.statusCode).toBe(404);
    const r2 = await vender({ formaPagamento: 'fiado', clienteId: crypto.randomUUID(), itens: [{ produtoId: produto.id, quantidade: 1 }] });
    expect(r2.statusCode).toBe(404);
    expect((await readProduto(t, produto.id)).estoqueAtual).toBe(100);
  });

  it('requires a session', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/vendas' });
    expect(response.statusCode).toBe(401);
  });
});

describe('stock', () => {
  it('refuses more than the stock with 409 ESTOQUE_INSUFICIENTE and saves nothing', async () => {
    const cliente = await insertCliente(t, seller.id);
    const ok = await insertProduto(t, seller.id, { estoqueAtual: 50 });
    const pouco = await insertProduto(t, seller.id, { nome: 'Feijão 1kg', estoqueAtual: 3 });
    const vendasAntes = await countRows(t, vendas, seller.id);
    const response = await vender({
      formaPagamento: 'fiado',
      clienteId: cliente.id,
      itens: [
        { produtoId: ok.id, quantidade: 5 },
        { produtoId: pouco.id, quantidade: 2 },
        { produtoId: pouco.id, quantidade: 2 },
      ],
    });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'ESTOQUE_INSUFICIENTE',
      details: { produtoId: pouco.id, produtoNome: 'Feijão 1kg', disponivel: 3 },
    });
    expect(await countRows(t, vendas, seller.id)).toBe(vendasAntes);
    expect((await readProduto(t, ok.id)).estoqueAtual).toBe(50);
    expect((await readProduto(t, pouco.id)).estoqueAtual).toBe(3);
    expect(await ledgerSum(t, cliente.id)).toBe(0);
  });

  it('sells the last units down to exactly zero', async () => {
    const produto = await insertProduto(t, seller.id, { estoqueAtual: 3 });
    const response = await vender({ formaPagamento: 'vista', itens: [{ produtoId: produto.id, quantidade: 3 }] });
    expect(response.statusCode).toBe(201);
    expect((await readProduto(t, produto.id)).estoqueAtual).toBe(0);
  });

  it('raises "Estoque Baixo" once, when the sale crosses the minimum', async () => {
    const produto = await insertProduto(t, seller.id, { nome: 'Açúcar 1kg', estoqueAtual: 8, estoqueMinimo: 5 });
    const baixos = async () => (await notificacoesDe(seller.id, 'estoque_baixo')).filter((n) => n.params.produtoId === produto.id);
    await vender({ formaPagamento: 'vista', itens: [{ produtoId: produto.id, quantidade: 2 }] });
    expect(await baixos()).toHaveLength(0);
    await vender({ formaPagamento: 'vista', itens: [{ produtoId: produto.id, quantidade: 2 }] });
    expect((await baixos()).map((n) => n.params)).toEqual([{ produtoId: produto.id, nome: 'Açúcar 1kg', quantidade: 4, unidade: 'un' }]);
    await vender({ formaPagamento: 'vista', itens: [{ produtoId: produto.id, quantidade: 1 }] });
    expect(await baixos()).toHaveLength(1);
  });
});

describe('fiado sale', () => {
  it('is pending and debits the customer ledger', async () => {
    const cliente = await insertCliente(t, seller.id, { nome: 'Bruno Fiado' });
    const produto = await insertProduto(t, seller.id, { precoVenda: 1250 });
    const response = await vender({ formaPagamento: 'fiado', clienteId: cliente.id, itens: [{ produtoId: produto.id, quantidade: 4 }] });
    expect(response.statusCode).toBe(201);
    const venda = response.json() as VendaDetalhe;
    expect(venda).toMatchObject({ statusPagamento: 'pendente', valorTotal: 5000, valorPago: 0, clienteNome: 'Bruno Fiado' });
    const atualizado = await readCliente(t, cliente.id);
    expect(atualizado.saldoAtual).toBe(-5000);
    expect(atualizado.saldoPendente).toBe(5000);
    const entries = await t.db.select().from(lancamentos).where(eq(lancamentos.clienteId, cliente.id));
    expect(entries).toEqual([expect.objectContaining({ tipo: 'venda', valor: -5000, vendaId: venda.id, criadoPor: seller.id })]);
  });

  it('is paid at once from credit the customer holds, fully or in part', async () => {
    const cliente = await insertCliente(t, seller.id);
    const produto = await insertProduto(t, seller.id, { precoVenda: 3000 });
    await seller.request({ method: 'POST', url: `/api/clientes/${cliente.id}/pagamentos`, payload: { valor: 5000 } });
    const primeira = (await vender({ formaPagamento: 'fiado', clienteId: cliente.id, itens: [{ produtoId: produto.id, quantidade: 1 }] })).json();
    expect(primeira).toMatchObject({ statusPagamento: 'pago', valorPago: 3000 });
    const segunda = (await vender({ formaPagamento: 'fiado', clienteId: cliente.id, itens: [{ produtoId: produto.id, quantidade: 1 }] })).json();
    expect(segunda).toMatchObject({ statusPagamento: 'pendente', valorPago: 2000 });
    expect((await readCliente(t, cliente.id)).saldoAtual).toBe(-1000);
  });

  it('asks for confirmation past the credit limit, then records it', async () => {
    const cliente = await insertCliente(t, seller.id, { limiteCredito: 10_000 });
    const produto = await insertProduto(t, seller.id, { precoVenda: 4000 });
    const item = [{ produtoId: produto.id, quantidade: 2 }];
    expect((await vender({ formaPagamento: 'fiado', clienteId: cliente.id, itens: item })).statusCode).toBe(201);

    const refused = await vender({ formaPagamento: 'fiado', clienteId: cliente.id, itens: item });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'LIMITE_EXCEDIDO', details: { limite: 10_000, disponivel: 2000, saldoPendente: 8000 } });
    expect((await readCliente(t, cliente.id)).saldoAtual).toBe(-8000);
    expect((await readProduto(t, produto.id)).estoqueAtual).toBe(98);

    const confirmed = await vender({ formaPagamento: 'fiado', clienteId: cliente.id, itens: item, confirmarLimiteExcedido: true });
    expect(confirmed.statusCode).toBe(201);
    expect(confirmed.json()).toMatchObject({ limiteExcedidoConfirmado: true });
    expect((await readCliente(t, cliente.id)).saldoAtual).toBe(-16_000);
  });

  it('takes a sale up to exactly the limit without asking', async () => {
    const cliente = await insertCliente(t, seller.id, { limiteCredito: 5000 });
    const produto = await insertProduto(t, seller.id, { precoVenda: 2500 });
    const response = await vender({ formaPagamento: 'fiado', clienteId: cliente.id, itens: [{ produtoId: produto.id, quantidade: 2 }] });
    expect(response.statusCode).toBe(201);
    expect(response.json().limiteExcedidoConfirmado).toBe(false);
  });

  it('treats limit 0 as "no fiado" unless credit covers the sale', async () => {
    const cliente = await insertCliente(t, seller.id, { limiteCredito: 0 });
    const produto = await insertProduto(t, seller.id, { precoVenda: 1000 });
    const item = [{ produtoId: produto.id, quantidade: 1 }];
    const refused = await vender({ formaPagamento: 'fiado', clienteId: cliente.id, itens: item });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'FIADO_NAO_PERMITIDO', message: expect.stringContaining('não compra fiado'), details: { cliente: cliente.nome } });
    // A confirmation cannot override "no fiado"; nothing was written.
    const confirmed = await vender({ formaPagamento: 'fiado', clienteId: cliente.id, itens: item, confirmarLimiteExcedido: true });
    expect(confirmed.statusCode).toBe(409);
    expect(confirmed.json()).toMatchObject({ code: 'FIADO_NAO_PERMITIDO' });
    expect((await readCliente(t, cliente.id)).saldoAtual).toBe(0);
    expect((await readProduto(t, produto.id)).estoqueAtual).toBe(100);
    await seller.request({ method: 'POST', url: `/api/clientes/${cliente.id}/pagamentos`, payload: { valor: 1000 } });
    const covered = await vender({ formaPagamento: 'fiado', clienteId: cliente.id, itens: item });
    expect(covered.statusCode).toBe(201);
    expect(covered.json()).toMatchObject({ statusPagamento: 'pago', limiteExcedidoConfirmado: false });
  });

  it('notifies "devedor" when the sale puts the customer in debt, if the seller wants it', async () => {
    const other = await createSeller(t);
    await withSeller(t.db, other.id, (tx) => tx.update(perfis).set({ notificacoes: { devedor: true } }).where(eq(perfis.ownerId, other.id)));
    const cliente = await insertCliente(t, other.id, { nome: 'Carla' });
    const produto = await insertProduto(t, other.id, { precoVenda: 700 });
    const item = [{ produtoId: produto.id, quantidade: 1 }];
    await vender({ formaPagamento: 'fiado', clienteId: cliente.id, itens: item }, other);
    await vender({ formaPagamento: 'fiado', clienteId: cliente.id, itens: item }, other);
    expect((await notificacoesDe(other.id, 'devedor')).map((n) => n.params)).toEqual([{ clienteId: cliente.id, nome: 'Carla', valor: 700 }]);
    // Default preferences (debtors off): nothing.
    const cliente2 = await insertCliente(t, seller.id);
    await vender({ formaPagamento: 'fiado', clienteId: cliente2.id, itens: [{ produtoId: (await insertProduto(t, seller.id)).id, quantidade: 1 }] });
    expect(await notificacoesDe(seller.id, 'devedor')).toHaveLength(0);
  });
});

describe('sale number', () => {
  it('takes the next millisecond when two sales share one', async () => {
    const produto = await insertProduto(t, seller.id);
    const at = new Date('2025-03-10T12:00:00.123Z');
    const make = () =>
      withSeller(t.db, seller.id, (tx) => createVenda(tx, seller.id, { formaPagamento: 'vista', itens: [{ produtoId: produto.id, quantidade: 1 }], observacoes: null, confirmarLimiteExcedido: false }, { at }));
    const a = await make();
    const b = await make();
    expect(a.numeroVenda).toBe(`V${at.getTime()}`);
    expect(b.numeroVenda).toBe(`V${at.getTime() + 1}`);
    expect(b.dataVenda).toBe(at.toISOString());
  });
});

describe('cancelling a sale', () => {
  it('restores the stock, reverses the ledger and keeps the sale visible as cancelled', async () => {
    const cliente = await insertCliente(t, seller.id);
    const produto = await insertProduto(t, seller.id, { precoVenda: 1500, estoqueAtual: 10 });
    const venda = (await vender({ formaPagamento: 'fiado', clienteId: cliente.id, itens: [{ produtoId: produto.id, quantidade: 4 }] })).json() as VendaDetalhe;
    expect((await readProduto(t, produto.id)).estoqueAtual).toBe(6);

    const response = await seller.request({ method: 'POST', url: `/api/vendas/${venda.id}/cancelar`, payload: { motivo: 'Cliente desistiu' } });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ statusPagamento: 'cancelado', valorPago: 0 });
    expect(response.json().canceladaEm).toEqual(expect.any(String));
    expect((await readProduto(t, produto.id)).estoqueAtual).toBe(10);
    expect((await readCliente(t, cliente.id)).saldoAtual).toBe(0);
    const entries = await t.db.select().from(lancamentos).where(eq(lancamentos.vendaId, venda.id));
    expect(entries.map((e) => [e.tipo, e.valor]).sort()).toEqual([
      ['estorno', 6000],
      ['venda', -6000],
    ]);

    const again = await seller.request({ method: 'POST', url: `/api/vendas/${venda.id}/cancelar`, payload: { motivo: 'Cliente desistiu' } });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('VENDA_JA_CANCELADA');
    expect((await readProduto(t, produto.id)).estoqueAtual).toBe(10);

    const list = await listar(`status=cancelado&busca=${venda.numeroVenda}`);
    expect(list.items.map((v) => [v.id, v.statusPagamento])).toEqual([[venda.id, 'cancelado']]);
  });

  it('refuses to take a stock past the largest a shop can hold, changing nothing; typing the stock back down lets it through', async () => {
    const produto = await insertProduto(t, seller.id, { nome: 'Prego 1kg', precoVenda: 100, estoqueAtual: MAX_ESTOQUE });
    const itens = Array.from({ length: MAX_ITENS_VENDA }, () => ({ produtoId: produto.id, quantidade: MAX_QUANTIDADE_ITEM }));
    const vendidas: VendaDetalhe[] = [];
    for (let i = 0; i < 2; i++) {
      const venda = await vender({ formaPagamento: 'vista', itens: itens.slice(0, MAX_ITENS_VENDA / 4) });
      expect(venda.statusCode, venda.body).toBe(201);
      vendidas.push(venda.json() as VendaDetalhe);
    }
    // Stock typed back to the maximum after each sale, as a shop restocking would.
    await t.db.execute(sql`update produtos set estoque_atual = ${MAX_ESTOQUE_GUARDADO - MAX_ESTOQUE / 2} where id = ${produto.id}`);
    const primeira = await seller.request({ method: 'POST', url: `/api/vendas/${vendidas[0]!.id}/cancelar`, payload: { motivo: 'Cliente desistiu' } });
    expect(primeira.statusCode, primeira.body).toBe(200);
    expect((await readProduto(t, produto.id)).estoqueAtual).toBe(MAX_ESTOQUE_GUARDADO);

    const segunda = await seller.request({ method: 'POST', url: `/api/vendas/${vendidas[1]!.id}/cancelar`, payload: { motivo: 'Cliente desistiu' } });
    expect(segunda.statusCode).toBe(409);
    expect(segunda.json()).toMatchObject({ code: 'ESTOQUE_ACIMA_DO_MAXIMO', details: { produtoId: produto.id, produtoNome: 'Prego 1kg', maximo: MAX_ESTOQUE_GUARDADO } });
    expect((await readProduto(t, produto.id)).estoqueAtual).toBe(MAX_ESTOQUE_GUARDADO);
    expect((await readVenda(t, vendidas[1]!.id)).statusPagamento).toBe('pago');

    const corrigido = await seller.request({ method: 'PUT', url: `/api/produtos/${produto.id}`, payload: { nome: 'Prego 1kg', precoVenda: 100, precoCusto: 0, estoqueAtual: MAX_ESTOQUE, estoqueMinimo: 0 } });
    expect(corrigido.statusCode, corrigido.body).toBe(200);
    expect((await seller.request({ method: 'POST', url: `/api/vendas/${vendidas[1]!.id}/cancelar`, payload: { motivo: 'Cliente desistiu' } })).statusCode).toBe(200);
    expect((await readProduto(t, produto.id)).estoqueAtual).toBe(MAX_ESTOQUE + (MAX_ITENS_VENDA / 4) * MAX_QUANTIDADE_ITEM);
  });

  it('cancels an à vista sale: stock back, no ledger entry', async () => {
    const produto = await insertProduto(t, seller.id, { estoqueAtual: 5 });
    const venda = (await vender({ formaPagamento: 'vista', itens: [{ produtoId: produto.id, quantidade: 5 }] })).json() as VendaDetalhe;
    const response = await seller.request({ method: 'POST', url: `/api/vendas/${venda.id}/cancelar`, payload: { motivo: 'Cliente desistiu' } });
    expect(response.json()).toMatchObject({ statusPagamento: 'cancelado' });
    expect((await readProduto(t, produto.id)).estoqueAtual).toBe(5);
    expect(await t.db.select().from(lancamentos).where(eq(lancamentos.vendaId, venda.id))).toHaveLength(0);
  });

  it('gives what was paid on the cancelled sale to the next pending sale, then as credit', async () => {
    const cliente = await insertCliente(t, seller.id);
    const produto = await insertProduto(t, seller.id, { precoVenda: 10_000 });
    const item = [{ produtoId: produto.id, quantidade: 1 }];
    const v1 = (await vender({ formaPagamento: 'fiado', clienteId: cliente.id, itens: item })).json() as VendaDetalhe;
    const v2 = (await vender({ formaPagamento: 'fiado', clienteId: cliente.id, itens: item })).json() as VendaDetalhe;
    await seller.request({ method: 'POST', url: `/api/clientes/${cliente.id}/pagamentos`, payload: { valor: 13000 } });
    expect(await readVenda(t, v1.id)).toMatchObject({ statusPagamento: 'pago', valorPago: 10_000 });
    expect(await readVenda(t, v2.id)).toMatchObject({ statusPagamento: 'pendente', valorPago: 3000 });

    // Cancelling the paid sale frees R$ 100: it pays the rest of v2 (R$ 70) and R$ 30 is credit.
    await seller.request({ method: 'POST', url: `/api/vendas/${v1.id}/cancelar`, payload: { motivo: 'Cliente desistiu' } });
    expect(await readVenda(t, v1.id)).toMatchObject({ statusPagamento: 'cancelado', valorPago: 0 });
    expect(await readVenda(t, v2.id)).toMatchObject({ statusPagamento: 'pago', valorPago: 10_000 });
    expect((await readCliente(t, cliente.id)).saldoAtual).toBe(3000);
    expect(await ledgerSum(t, cliente.id)).toBe(3000);
  });
});

describe('atomicity', () => {
  it('leaves no sale, no stock change and no ledger entry when the last write of the sale fails', async () => {
    const other = await createSeller(t);
    const cliente = await insertCliente(t, other.id);
    const produto = await insertProduto(t, other.id, { estoqueAtual: 10 });
    // A failure injected after the sale, its items, the stock and the ledger are written: the
    // 'venda' notification is the transaction's very last insert.
    await t.db.execute(sql`
      create or replace function test_falha_notificacao() returns trigger language plpgsql as $$
      begin
        if new.tipo = 'venda' and new.owner_id = ${sql.raw(`'${other.id}'`)} then raise exception 'falha injetada'; end if;
        return new;
      end $$`);
    await t.db.execute(sql`create trigger test_falha after insert on notificacoes for each row execute function test_falha_notificacao()`);
    try {
      const response = await vender({ formaPagamento: 'fiado', clienteId: cliente.id, itens: [{ produtoId: produto.id, quantidade: 3 }] }, other);
      expect(response.statusCode).toBe(500);
    } finally {
      await t.db.execute(sql`drop trigger test_falha on notificacoes`);
    }
    expect(await countRows(t, vendas, other.id)).toBe(0);
    expect(await t.db.select().from(itensVenda).where(eq(itensVenda.ownerId, other.id))).toHaveLength(0);
    expect((await readProduto(t, produto.id)).estoqueAtual).toBe(10);
    expect(await countRows(t, lancamentos, other.id)).toBe(0);
    expect((await readCliente(t, cliente.id)).saldoAtual).toBe(0);

    // And with the fault gone, the same sale goes through.
    const ok = await vender({ formaPagamento: 'fiado', clienteId: cliente.id, itens: [{ produtoId: produto.id, quantidade: 3 }] }, other);
    expect(ok.statusCode).toBe(201);
  });
});

describe('sales list', () => {
  let other: SellerSession;
  const ids: Record<string, string> = {};
  beforeAll(async () => {
    other = await createSeller(t);
    const joao = await insertCliente(t, other.id, { nome: 'João Conceição' });
    const maria = await insertCliente(t, other.id, { nome: 'Maria Souza' });
    const produto = await insertProduto(t, other.id, { precoVenda: 1000, estoqueAtual: 1000 });
    const at = (iso: string) => new Date(iso);
    const mk = (forma: 'vista' | 'fiado', clienteId: string | null, quantidade: number, when: Date, observacoes: string | null = null) =>
      withSeller(t.db, other.id, (tx) =>
        createVenda(tx, other.id, { formaPagamento: forma, clienteId, itens: [{ produtoId: produto.id, quantidade }], observacoes, confirmarLimiteExcedido: false }, { at: when, notificar: false }),
      );
    // São Paulo is UTC−3: 2025-01-10T02:30Z is still 9 January in the shop.
    ids.a = (await mk('vista', null, 1, at('2025-01-10T02:30:00Z'))).id;
    ids.b = (await mk('fiado', joao.id, 2, at('2025-01-10T15:00:00Z'), 'leva pra mãe')).id;
    ids.c = (await mk('fiado', maria.id, 3, at('2025-01-11T12:00:00Z'))).id;
    ids.d = (await mk('vista', maria.id, 4, new Date(Date.now() - 1000))).id;
    ids.e = (await mk('fiado', joao.id, 5, new Date())).id;
    await withSeller(t.db, other.id, (tx) => cancelVenda(tx, other.id, ids.c!));
  });

  it('lists newest first with the summary cards computed over the matching sales', async () => {
    const page = await listar('', other);
    expect(page.items.map((v) => v.id)).toEqual([ids.e, ids.d, ids.c, ids.b, ids.a]);
    expect(page.total).toBe(5);
    // Cancelled sale c (R$ 30) is listed but not counted, and the page says how many were left out.
    expect(page.resumo).toEqual({ totalVendas: 4, valorTotal: 12_000, vendasHoje: 2, pendentes: 7000, canceladas: 1 });
    expect(page.resumo.totalVendas + page.resumo.canceladas).toBe(page.total);
    expect(page.items[3]).toMatchObject({ clienteNome: 'João Conceição', observacoes: 'leva pra mãe', formaPagamento: 'fiado' });
    expect(page.items[4]).toMatchObject({ clienteNome: null, formaPagamento: 'vista', statusPagamento: 'pago' });
  });

  it('searches sale number, customer name (ignoring case and accents) and observation', async () => {
    expect((await listar(`busca=${encodeURIComponent('JOÃO conceição')}`, other)).items.map((v) => v.id)).toEqual([ids.e, ids.b]);
    expect((await listar(`busca=${encodeURIComponent('PRA MAE')}`, other)).items.map((v) => v.id)).toEqual([ids.b]);
    expect((await listar(`busca=${encodeURIComponent('Mãe')}`, other)).items.map((v) => v.id)).toEqual([ids.b]);
    const numero = (await listar('', other)).items.find((v) => v.id === ids.a)!.numeroVenda;
    expect((await listar(`busca=${numero.slice(0, 9)}`, other)).items.map((v) => v.id)).toContain(ids.a);
    expect((await listar(`busca=${numero}`, other)).items.map((v) => v.id)).toEqual([ids.a]);
    expect((await listar('busca=%25', other)).items).toEqual([]);
  });

  it("never finds another shop's sales, by number, observation or customer", async () => {
    const intruder = await createSeller(t);
    const numero = (await listar('', other)).items.find((v) => v.id === ids.a)!.numeroVenda;
    for (const busca of [numero, 'mae', 'joao', 'maria', numero.slice(1, 8)]) {
      const page = await listar(`busca=${encodeURIComponent(busca)}`, intruder);
      expect(page, busca).toMatchObject({ items: [], total: 0, resumo: { totalVendas: 0, valorTotal: 0, canceladas: 0 } });
    }
  });

  it(`finds a term in more than ${MAX_ACHADAS_POR_ID} sale numbers by going back in time, still counting and adding up every one`, async () => {
    const loja = await createSeller(t);
    const quantas = MAX_ACHADAS_POR_ID + 50;
    // Numbers V1…ZQ…: every sale matches "zq"; the newest is the one with the highest n.
    await t.db.execute(sql`
      insert into vendas (owner_id, numero_venda, data_venda, valor_total, valor_pago, forma_pagamento, status_pagamento)
      select ${loja.id}, 'VZQ' || n, now() - (${quantas} - n) * interval '1 minute', 100, 100, 'vista', 'pago'
      from generate_series(1, ${quantas}) n`);
    const page = await listar('busca=zq&pageSize=3', loja);
    expect(page.items.map((v) => v.numeroVenda)).toEqual([`VZQ${quantas}`, `VZQ${quantas - 1}`, `VZQ${quantas - 2}`]);
    expect(page.total).toBe(quantas);
    expect(page.resumo).toMatchObject({ totalVendas: quantas, valorTotal: quantas * 100, canceladas: 0 });
    // A term in few of them is looked up by id, with the same answers.
    const one = await listar(`busca=vzq${quantas - 7}`, loja);
    expect(one.items.map((v) => v.numeroVenda)).toEqual([`VZQ${quantas - 7}`]);
    expect(one.total).toBe(1);
  });

  it('filters by status, payment form and period in the shop time zone', async () => {
    expect((await listar('status=pendente', other)).items.map((v) => v.id)).toEqual([ids.e, ids.b]);
    expect((await listar('forma=vista', other)).items.map((v) => v.id)).toEqual([ids.d, ids.a]);
    expect((await listar('de=2025-01-09&ate=2025-01-09', other)).items.map((v) => v.id)).toEqual([ids.a]);
    expect((await listar('de=2025-01-10&ate=2025-01-11', other)).items.map((v) => v.id)).toEqual([ids.c, ids.b]);
    const filtered = await listar('forma=fiado&de=2025-01-01&ate=2025-01-31', other);
    expect(filtered.resumo).toEqual({ totalVendas: 1, valorTotal: 2000, vendasHoje: 0, pendentes: 2000, canceladas: 1 });
  });

  it('paginates on the server', async () => {
    const first = await listar('pageSize=2&page=1', other);
    const third = await listar('pageSize=2&page=3', other);
    expect(first).toMatchObject({ total: 5, page: 1, pageSize: 2 });
    expect(first.items.map((v) => v.id)).toEqual([ids.e, ids.d]);
    expect(third.items.map((v) => v.id)).toEqual([ids.a]);
    expect((await other.request({ method: 'GET', url: '/api/vendas?pageSize=500' })).statusCode).toBe(400);
  });

  it('shows one sale with its items', async () => {
    const response = await other.request({ method: 'GET', url: `/api/vendas/${ids.b}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: ids.b, valorTotal: 2000, itens: [{ quantidade: 2, precoUnitario: 1000, subtotal: 2000 }] });
    expect((await other.request({ method: 'GET', url: `/api/vendas/${crypto.randomUUID()}` })).statusCode).toBe(404);
    expect((await other.request({ method: 'GET', url: '/api/vendas/nao-e-um-id' })).statusCode).toBe(400);
  });
});
