import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Notificacao, Produto, VendaDetalhe } from '@caderneta/shared';
import type { RelatorioProdutos } from '@caderneta/shared/schemas/relatorios';
import { buildTestApp, createSeller, type SellerSession, type TestApp } from '../../../test/app';
import { insertCliente, insertProduto, readProduto } from '../../../test/fixtures';
import { itensVenda, vendas } from '../../db/schema';

/** Issue 35, part 1: products counted by weight or volume, sold in grams and millilitres. */
let t: TestApp;
let seller: SellerSession;
beforeAll(async () => {
  t = await buildTestApp();
  seller = await createSeller(t);
});
afterAll(() => t.close());

const vender = (body: Record<string, unknown>, who: SellerSession = seller) => who.request({ method: 'POST', url: '/api/vendas', payload: body });
const produtoBody = (extra: Record<string, unknown> = {}) => ({
  nome: `Queijo ${Math.random().toString(36).slice(2, 8)}`,
  precoVenda: 2990,
  precoCusto: 1990,
  unidade: 'kg',
  estoqueAtual: 2500,
  estoqueMinimo: 500,
  ...extra,
});

describe('a product counted by weight', () => {
  it('keeps its unit, its stock in grams and its stock value per kg', async () => {
    const response = await seller.request({ method: 'POST', url: '/api/produtos', payload: produtoBody({ nome: 'Queijo Minas' }) });
    expect(response.statusCode, response.body).toBe(201);
    const produto = response.json() as Produto;
    // 2,500 kg at R$ 29,90/kg.
    expect(produto).toMatchObject({ nome: 'Queijo Minas', unidade: 'kg', estoqueAtual: 2500, estoqueMinimo: 500, valorTotal: 7475, estoqueBaixo: false });
    const lista = (await seller.request({ method: 'GET', url: '/api/produtos?busca=Queijo%20Minas' })).json() as { items: Produto[] };
    expect(lista.items.map((p) => [p.unidade, p.estoqueAtual])).toEqual([['kg', 2500]]);
  });

  it('is "un" when a caller sends no unit, as every product was before units', async () => {
    const response = await seller.request({ method: 'POST', url: '/api/produtos', payload: { nome: 'Sabonete', precoVenda: 299, precoCusto: 150, estoqueAtual: 10 } });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toMatchObject({ unidade: 'un', estoqueAtual: 10, valorTotal: 2990 });
  });

  it('refuses a stock above what its unit allows, and an unknown unit', async () => {
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ unidade: 'un', estoqueAtual: 1_000_001 }, 'estoqueAtual', 'tooLarge'],
      [{ unidade: 'kg', estoqueAtual: 100_000_001 }, 'estoqueAtual', 'tooLarge'],
      [{ unidade: 'kg', estoqueMinimo: 100_000_001 }, 'estoqueMinimo', 'tooLarge'],
      [{ unidade: 'arroba' }, 'unidade', 'unidadeInvalida'],
      [{ estoqueAtual: 2.5 }, 'estoqueAtual', 'quantidadeInvalida'],
    ];
    for (const [extra, path, message] of cases) {
      const response = await seller.request({ method: 'POST', url: '/api/produtos', payload: produtoBody(extra) });
      expect(response.statusCode, JSON.stringify(extra)).toBe(400);
      expect(response.json().issues).toContainEqual({ path, message });
    }
    // 100.000 kg is the largest stock of a weighed product; 1.000.000 the largest of pieces.
    expect((await seller.request({ method: 'POST', url: '/api/produtos', payload: produtoBody({ estoqueAtual: 100_000_000 }) })).statusCode).toBe(201);
  });
});

describe('a sale by weight', () => {
  it('charges 0,350 kg × R$ 29,90/kg = R$ 10,47, takes 350 g from the stock and records the cost the same way', async () => {
    const queijo = await insertProduto(t, seller.id, { nome: 'Queijo Prato', unidade: 'kg', precoVenda: 2990, precoCusto: 1990, estoqueAtual: 2500 });
    const pao = await insertProduto(t, seller.id, { nome: 'Pão Francês', precoVenda: 90, precoCusto: 50, estoqueAtual: 100 });
    const cliente = await insertCliente(t, seller.id, { nome: 'Dona Rosa' });
    const response = await vender({
      formaPagamento: 'fiado',
      clienteId: cliente.id,
      itens: [
        { produtoId: queijo.id, quantidade: 350 },
        { produtoId: pao.id, quantidade: 2 },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    const venda = response.json() as VendaDetalhe;
    expect(venda.valorTotal).toBe(1047 + 180);
    expect(venda.itens.map((i) => [i.produtoNome, i.unidade, i.quantidade, i.precoUnitario, i.subtotal])).toEqual([
      ['Pão Francês', 'un', 2, 90, 180],
      ['Queijo Prato', 'kg', 350, 2990, 1047],
    ]);
    expect((await readProduto(t, queijo.id)).estoqueAtual).toBe(2150);
    // 350 × 1990 / 1000 = 696,5 → 697: the same rounding as the price.
    const itens = await t.db.select().from(itensVenda).where(eq(itensVenda.vendaId, venda.id));
    expect(itens.map((i) => [i.unidade, i.custo]).sort()).toEqual([
      ['kg', 697],
      ['un', 100],
    ]);
    const [row] = await t.db.select({ custoTotal: vendas.custoTotal }).from(vendas).where(eq(vendas.id, venda.id));
    expect(row?.custoTotal).toBe(797);

    // The customer's page shows the line with its unit and unit price.
    const { login } = (await seller.request({ method: 'GET', url: `/api/clientes/${cliente.id}` })).json() as { login: string };
    const pagina = (await t.app.inject({ method: 'GET', url: `/api/portal/${login}` })).json() as { pendentes: Array<{ itens: unknown[] }> };
    expect(pagina.pendentes[0]?.itens).toHaveLength(2);
    expect(pagina.pendentes[0]?.itens).toEqual(
      expect.arrayContaining([
        { nome: 'Pão Francês', avulso: false, unidade: 'un', quantidade: 2, precoUnitario: 90, desconto: 0, subtotal: 180 },
        { nome: 'Queijo Prato', avulso: false, unidade: 'kg', quantidade: 350, precoUnitario: 2990, desconto: 0, subtotal: 1047 },
      ]),
    );

    // The report counts grams of cheese apart from loaves: "units sold" are the pieces.
    const relatorio = (await seller.request({ method: 'GET', url: '/api/relatorios/produtos?periodo=7' })).json() as RelatorioProdutos;
    const linha = relatorio.margens.find((m) => m.nome === 'Queijo Prato');
    expect(linha).toMatchObject({ unidade: 'kg', quantidade: 350, valor: 1047, custo: 697, lucro: 350 });
    expect(relatorio.maisVendidosQuantidade.find((m) => m.nome === 'Pão Francês')).toMatchObject({ unidade: 'un', quantidade: 2 });
    expect(relatorio.unidades.atual).toBe(2);

    // Cancelling puts back exactly the 350 g.
    const cancelada = await seller.request({ method: 'POST', url: `/api/vendas/${venda.id}/cancelar`, payload: { motivo: 'Cliente desistiu' } });
    expect(cancelada.statusCode, cancelada.body).toBe(200);
    expect((await readProduto(t, queijo.id)).estoqueAtual).toBe(2500);
    expect((await readProduto(t, pao.id)).estoqueAtual).toBe(100);
  });

  it('refuses a quantity above its product unit’s maximum on that line, and keeps everything as it was', async () => {
    const queijo = await insertProduto(t, seller.id, { unidade: 'kg', precoVenda: 100, estoqueAtual: 100_000_000 });
    const pao = await insertProduto(t, seller.id, { precoVenda: 1, estoqueAtual: 1_000_000 });
    const cases: Array<[Array<{ produtoId: string; quantidade: number }>, string]> = [
      // 10.001 loaves: the schema takes it (1.000 kg in grams is more), the product's unit does not.
      [[{ produtoId: queijo.id, quantidade: 1 }, { produtoId: pao.id, quantidade: 10_001 }], 'itens.1.quantidade'],
      // 1.000,001 kg.
      [[{ produtoId: queijo.id, quantidade: 1_000_001 }], 'itens.0.quantidade'],
    ];
    for (const [itens, path] of cases) {
      const response = await vender({ formaPagamento: 'vista', itens });
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json().issues).toContainEqual({ path, message: 'tooLarge' });
    }
    expect((await readProduto(t, queijo.id)).estoqueAtual).toBe(100_000_000);
    expect((await readProduto(t, pao.id)).estoqueAtual).toBe(1_000_000);
    // A fraction of a gram, or of a loaf, is not a quantity.
    const fracao = await vender({ formaPagamento: 'vista', itens: [{ produtoId: pao.id, quantidade: 2.5 }] });
    expect(fracao.statusCode).toBe(400);
    expect(fracao.json().issues).toContainEqual({ path: 'itens.0.quantidade', message: 'quantidadeItemInvalida' });
    // 1.000 kg is allowed.
    expect((await vender({ formaPagamento: 'vista', itens: [{ produtoId: queijo.id, quantidade: 1_000_000 }] })).statusCode).toBe(201);
  });

  it('refuses a line counted in another unit than the product has now (it changed while in the cart)', async () => {
    const produto = await insertProduto(t, seller.id, { unidade: 'kg', precoVenda: 1000, estoqueAtual: 10_000 });
    const response = await vender({ formaPagamento: 'vista', itens: [{ produtoId: produto.id, quantidade: 2, unidade: 'un' }] });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toContainEqual({ path: 'itens.0.unidade', message: 'unidadeMudou' });
    expect((await readProduto(t, produto.id)).estoqueAtual).toBe(10_000);
    expect((await vender({ formaPagamento: 'vista', itens: [{ produtoId: produto.id, quantidade: 2, unidade: 'kg' }] })).statusCode).toBe(201);
  });

  it('says how much is left with its unit when the stock is short', async () => {
    const queijo = await insertProduto(t, seller.id, { nome: 'Queijo Coalho', unidade: 'kg', precoVenda: 3500, estoqueAtual: 300 });
    const response = await vender({ formaPagamento: 'vista', itens: [{ produtoId: queijo.id, quantidade: 350 }] });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({
      code: 'ESTOQUE_INSUFICIENTE',
      message: 'Estoque insuficiente — Disponível: 0,300 kg',
      details: { produtoId: queijo.id, unidade: 'kg', disponivel: 300 },
    });
  });

  it('raises the low-stock notification with the unit', async () => {
    const queijo = await insertProduto(t, seller.id, { nome: 'Mussarela Fatiada', unidade: 'kg', precoVenda: 4000, estoqueAtual: 1000, estoqueMinimo: 500 });
    expect((await vender({ formaPagamento: 'vista', itens: [{ produtoId: queijo.id, quantidade: 600 }] })).statusCode).toBe(201);
    const avisos = (await seller.request({ method: 'GET', url: '/api/notificacoes?pageSize=50' })).json() as { items: Notificacao[] };
    expect(avisos.items.find((n) => n.tipo === 'estoque_baixo' && n.params.nome === 'Mussarela Fatiada')?.params).toMatchObject({ quantidade: 400, unidade: 'kg' });
  });
});

describe('changing a product’s unit', () => {
  const editar = (p: { id: string }, extra: Record<string, unknown>, who: SellerSession = seller) =>
    who.request({ method: 'PUT', url: `/api/produtos/${p.id}`, payload: produtoBody({ nome: `Editado ${p.id.slice(0, 6)}`, ...extra }) });

  it('is free before the first sale, and between units of the same kind after it', async () => {
    const novo = await insertProduto(t, seller.id, { unidade: 'un', estoqueAtual: 10 });
    const pesado = await editar(novo, { unidade: 'kg', estoqueAtual: 10_000 });
    expect(pesado.statusCode, pesado.body).toBe(200);
    expect(pesado.json()).toMatchObject({ unidade: 'kg', estoqueAtual: 10_000 });

    const caixa = await insertProduto(t, seller.id, { unidade: 'un', estoqueAtual: 10 });
    expect((await vender({ formaPagamento: 'vista', itens: [{ produtoId: caixa.id, quantidade: 1 }] })).statusCode).toBe(201);
    const emCaixas = await editar(caixa, { unidade: 'cx', estoqueAtual: 9 });
    expect(emCaixas.statusCode, emCaixas.body).toBe(200);
    expect(emCaixas.json()).toMatchObject({ unidade: 'cx' });
  });

  it('from a piece to a weight is refused once it was sold, with nothing changed', async () => {
    const vendido = await insertProduto(t, seller.id, { nome: 'Queijo por Peça', unidade: 'un', estoqueAtual: 10 });
    const venda = (await vender({ formaPagamento: 'vista', itens: [{ produtoId: vendido.id, quantidade: 1 }] })).json() as VendaDetalhe;
    // A cancelled sale still counts: its lines were recorded in pieces.
    await seller.request({ method: 'POST', url: `/api/vendas/${venda.id}/cancelar`, payload: { motivo: 'Cliente desistiu' } });
    const response = await editar(vendido, { unidade: 'kg', estoqueAtual: 5000 });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'UNIDADE_COM_VENDAS', details: { unidade: 'un' }, issues: [{ path: 'unidade', message: 'unidadeComVendas' }] });
    expect(await readProduto(t, vendido.id)).toMatchObject({ nome: 'Queijo por Peça', unidade: 'un', estoqueAtual: 10 });
  });

  it('of another seller’s product is not found, whatever its sales', async () => {
    const alheio = await insertProduto(t, seller.id, { unidade: 'un', estoqueAtual: 10 });
    const outro = await createSeller(t);
    expect((await editar(alheio, { unidade: 'kg' }, outro)).statusCode).toBe(404);
    const [item] = await t.db.select().from(itensVenda).where(and(eq(itensVenda.ownerId, outro.id)));
    expect(item).toBeUndefined();
    expect((await readProduto(t, alheio.id)).unidade).toBe('un');
  });
});
