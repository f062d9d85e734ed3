import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { VendaDetalhe } from '@caderneta/shared';
import type { RelatorioProdutos, RelatorioResumo } from '@caderneta/shared/schemas/relatorios';
import { buildTestApp, createSeller, type SellerSession, type TestApp } from '../../../test/app';
import { insertCliente, insertProduto, ledgerSum, readCliente, readProduto } from '../../../test/fixtures';
import { itensVenda } from '../../db/schema';

/** Issue 35, part 2: loose lines — "R$ 12,50 of bread and milk, put it on my account". */
let t: TestApp;
let seller: SellerSession;
beforeAll(async () => {
  t = await buildTestApp();
  seller = await createSeller(t);
});
afterAll(() => t.close());

const vender = (body: Record<string, unknown>, who: SellerSession = seller) => who.request({ method: 'POST', url: '/api/vendas', payload: body });

describe('a loose line', () => {
  it('is a fiado sale of its value alone, in a shop without any product, on the customer’s account', async () => {
    const loja = await createSeller(t);
    const cliente = await insertCliente(t, loja.id, { nome: 'Seu Jorge', limiteCredito: 10_000 });
    const response = await vender({ formaPagamento: 'fiado', clienteId: cliente.id, itens: [{ valor: 1250, descricao: '  pão e leite ' }] }, loja);
    expect(response.statusCode, response.body).toBe(201);
    const venda = response.json() as VendaDetalhe;
    expect(venda).toMatchObject({ valorTotal: 1250, valorPago: 0, statusPagamento: 'pendente', clienteNome: 'Seu Jorge' });
    expect(venda.itens).toEqual([
      { id: expect.any(String), produtoId: null, produtoNome: 'pão e leite', unidade: 'un', quantidade: 1, precoUnitario: 1250, precoTabela: null, desconto: 0, descontoPercentual: null, descontoRateado: 0, subtotal: 1250 },
    ]);
    expect(await ledgerSum(t, cliente.id)).toBe(-1250);
    expect((await readCliente(t, cliente.id)).saldoAtual).toBe(-1250);
    // The detail reads back the same.
    const detalhe = (await loja.request({ method: 'GET', url: `/api/vendas/${venda.id}` })).json() as VendaDetalhe;
    expect(detalhe.itens).toEqual(venda.itens);

    // The customer's page shows it as a loose line.
    const { login } = (await loja.request({ method: 'GET', url: `/api/clientes/${cliente.id}` })).json() as { login: string };
    const pagina = (await t.app.inject({ method: 'GET', url: `/api/portal/${login}` })).json() as { pendentes: Array<{ itens: unknown[] }> };
    expect(pagina.pendentes[0]?.itens).toEqual([{ nome: 'pão e leite', avulso: true, unidade: 'un', quantidade: 1, precoUnitario: 1250, desconto: 0, subtotal: 1250 }]);

  });

  it('goes beside products in one sale: stock moves only for the products, the total is both', async () => {
    const pao = await insertProduto(t, seller.id, { nome: 'Pão', precoVenda: 90, precoCusto: 50, estoqueAtual: 100 });
    const response = await vender({ formaPagamento: 'vista', itens: [{ produtoId: pao.id, quantidade: 2 }, { valor: 500 }, { valor: 700, descricao: '' }] });
    expect(response.statusCode, response.body).toBe(201);
    const venda = response.json() as VendaDetalhe;
    expect(venda.valorTotal).toBe(180 + 500 + 700);
    expect(venda.itens.map((i) => [i.produtoId === null, i.produtoNome, i.subtotal]).sort()).toEqual([
      [false, 'Pão', 180],
      [true, '', 500],
      [true, '', 700],
    ]);
    expect((await readProduto(t, pao.id)).estoqueAtual).toBe(98);
    const linhas = await t.db.select().from(itensVenda).where(eq(itensVenda.vendaId, venda.id));
    expect(linhas.filter((l) => l.produtoId === null).map((l) => [l.custo, l.custoUnitario])).toEqual([
      [0, 0],
      [0, 0],
    ]);
    // Cancelling puts back the bread and nothing else.
    expect((await seller.request({ method: 'POST', url: `/api/vendas/${venda.id}/cancelar`, payload: { motivo: 'Cliente desistiu' } })).statusCode).toBe(200);
    expect((await readProduto(t, pao.id)).estoqueAtual).toBe(100);
  });

  it('is held to the customer’s credit limit like any fiado sale', async () => {
    const cliente = await insertCliente(t, seller.id, { nome: 'Limite Curto', limiteCredito: 1000 });
    const acima = await vender({ formaPagamento: 'fiado', clienteId: cliente.id, itens: [{ valor: 1500 }] });
    expect(acima.statusCode).toBe(409);
    expect(acima.json()).toMatchObject({ code: 'LIMITE_EXCEDIDO', details: { limite: 1000, disponivel: 1000 } });
    expect(await ledgerSum(t, cliente.id)).toBe(0);
    const confirmada = await vender({ formaPagamento: 'fiado', clienteId: cliente.id, itens: [{ valor: 1500 }], confirmarLimiteExcedido: true });
    expect(confirmada.statusCode).toBe(201);
    expect(confirmada.json()).toMatchObject({ limiteExcedidoConfirmado: true });

    const semFiado = await insertCliente(t, seller.id, { nome: 'Sem Fiado', limiteCredito: 0 });
    const recusada = await vender({ formaPagamento: 'fiado', clienteId: semFiado.id, itens: [{ valor: 100 }], confirmarLimiteExcedido: true });
    expect(recusada.json()).toMatchObject({ code: 'FIADO_NAO_PERMITIDO' });
  });

  it('refuses a value of nothing, less or too much, a line that is both, and a line that is neither', async () => {
    const pao = await insertProduto(t, seller.id, { precoVenda: 90, estoqueAtual: 10 });
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ valor: 0 }, 'itens.0.valor', 'valorAvulsoInvalido'],
      [{ valor: -100 }, 'itens.0.valor', 'valorAvulsoInvalido'],
      [{ valor: 12.5 }, 'itens.0.valor', 'valorAvulsoInvalido'],
      [{ valor: '1e3' }, 'itens.0.valor', 'valorAvulsoInvalido'],
      [{ valor: 1_000_000_001 }, 'itens.0.valor', 'tooLarge'],
      [{ valor: 100, descricao: 'x'.repeat(61) }, 'itens.0.descricao', 'tooLong'],
      [{ valor: 100, produtoId: pao.id, quantidade: 1 }, 'itens.0.valor', 'avulsoComProduto'],
      [{ descricao: 'sem valor' }, 'itens.0.produtoId', 'produtoObrigatorio'],
    ];
    for (const [item, path, message] of cases) {
      const response = await vender({ formaPagamento: 'vista', itens: [item] });
      expect(response.statusCode, JSON.stringify(item)).toBe(400);
      expect(response.json().issues, JSON.stringify(item)).toContainEqual({ path, message });
    }
    // Two loose lines of R$ 6 milhões: each is fine, the sale is above the largest.
    const grande = await vender({ formaPagamento: 'vista', itens: [{ valor: 600_000_000 }, { valor: 600_000_000 }] });
    expect(grande.statusCode).toBe(422);
    expect(grande.json()).toMatchObject({ code: 'TOTAL_VENDA_EXCEDIDO' });
    expect((await readProduto(t, pao.id)).estoqueAtual).toBe(10);
  });
});

describe('the reports', () => {
  it('show loose lines as "Vendas avulsas", apart from the products, and in the sales totals', async () => {
    const loja = await createSeller(t);
    const cafe = await insertProduto(t, loja.id, { nome: 'Café', precoVenda: 1000, precoCusto: 600, estoqueAtual: 10 });
    expect((await vender({ formaPagamento: 'vista', itens: [{ produtoId: cafe.id, quantidade: 1 }, { valor: 350, descricao: 'bala' }] }, loja)).statusCode).toBe(201);
    expect((await vender({ formaPagamento: 'vista', itens: [{ valor: 1250 }] }, loja)).statusCode).toBe(201);
    const cancelada = (await vender({ formaPagamento: 'vista', itens: [{ valor: 9999 }] }, loja)).json() as VendaDetalhe;
    await loja.request({ method: 'POST', url: `/api/vendas/${cancelada.id}/cancelar`, payload: { motivo: 'Cliente desistiu' } });

    const produtos = (await loja.request({ method: 'GET', url: '/api/relatorios/produtos?periodo=7' })).json() as RelatorioProdutos;
    expect(produtos.receita.atual).toBe(1000);
    expect(produtos.avulsas).toEqual({ atual: 350 + 1250, anterior: 0 });
    expect(produtos.margens.map((m) => m.nome)).toEqual(['Café']);
    const resumo = (await loja.request({ method: 'GET', url: '/api/relatorios/resumo?periodo=7' })).json() as RelatorioResumo;
    expect(resumo.vendas.valor.atual).toBe(1000 + 350 + 1250);
    // A loose line has no cost: its value is all profit as far as the books know.
    expect(resumo.custo.atual).toBe(600);
  });
});

describe('another seller', () => {
  it('cannot sell on a customer of this shop, loose line or not', async () => {
    const cliente = await insertCliente(t, seller.id, { nome: 'Cliente Daqui' });
    const outro = await createSeller(t);
    const response = await vender({ formaPagamento: 'fiado', clienteId: cliente.id, itens: [{ valor: 100 }] }, outro);
    expect(response.statusCode).toBe(404);
    expect(await ledgerSum(t, cliente.id)).toBe(0);
  });
});
