import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { VendaDetalhe, VendasPage } from '@caderneta/shared';
import type { RelatorioProdutos, RelatorioResumo } from '@caderneta/shared/schemas/relatorios';
import { buildTestApp, createSeller, type SellerSession, type TestApp } from '../../../test/app';
import { insertCliente, insertProduto, ledgerSum, readProduto } from '../../../test/fixtures';
import { itensVenda, vendas } from '../../db/schema';

/** Issue 35, part 3: discounts and prices changed at the counter. */
let t: TestApp;
let seller: SellerSession;
beforeAll(async () => {
  t = await buildTestApp();
  seller = await createSeller(t);
});
afterAll(() => t.close());

const vender = (body: Record<string, unknown>, who: SellerSession = seller) => who.request({ method: 'POST', url: '/api/vendas', payload: body });
const linhaDe = (venda: VendaDetalhe, nome: string) => venda.itens.find((i) => i.produtoNome === nome)!;

describe('the shop’s sale: 0,350 kg de queijo + 2 pães + avulso R$ 5,00 − 10%', () => {
  it('charges R$ 15,27 on the customer’s account, shares the R$ 1,70 out over the lines, and every screen shows it', async () => {
    const loja = await createSeller(t);
    const queijo = await insertProduto(t, loja.id, { nome: 'Queijo Prato', unidade: 'kg', precoVenda: 2990, precoCusto: 2000, estoqueAtual: 5000 });
    const pao = await insertProduto(t, loja.id, { nome: 'Pão Francês', precoVenda: 75, precoCusto: 40, estoqueAtual: 100 });
    const cliente = await insertCliente(t, loja.id, { nome: 'Dona Maria', limiteCredito: 50_000 });
    const response = await vender(
      {
        formaPagamento: 'fiado',
        clienteId: cliente.id,
        itens: [
          { produtoId: queijo.id, quantidade: 350, unidade: 'kg' },
          { produtoId: pao.id, quantidade: 2 },
          { valor: 500, descricao: 'Avulso' },
        ],
        desconto: { tipo: 'percentual', valor: 10 },
      },
      loja,
    );
    expect(response.statusCode, response.body).toBe(201);
    const venda = response.json() as VendaDetalhe;
    // 10,47 + 1,50 + 5,00 = 16,97; 10 % of it is 1,697 → R$ 1,70; 16,97 − 1,70 = 15,27.
    expect(venda).toMatchObject({ valorTotal: 1527, desconto: 170, descontoPercentual: 10, descontoTotal: 170, statusPagamento: 'pendente' });
    // The share is in proportion to each line (1047 : 150 : 500 of 1697), the remainders by size.
    expect([linhaDe(venda, 'Queijo Prato'), linhaDe(venda, 'Pão Francês'), linhaDe(venda, 'Avulso')].map((l) => [l.descontoRateado, l.subtotal])).toEqual([
      [105, 942],
      [15, 135],
      [50, 450],
    ]);
    expect(venda.itens.reduce((s, i) => s + i.subtotal, 0)).toBe(venda.valorTotal);
    expect(linhaDe(venda, 'Queijo Prato')).toMatchObject({ precoUnitario: 2990, precoTabela: null, desconto: 0, descontoPercentual: null });
    expect(await ledgerSum(t, cliente.id)).toBe(-1527);
    expect((await readProduto(t, queijo.id)).estoqueAtual).toBe(5000 - 350);

    // The detail reads back what the answer said.
    const detalhe = (await loja.request({ method: 'GET', url: `/api/vendas/${venda.id}` })).json() as VendaDetalhe;
    expect(detalhe).toEqual(venda);
    // The sales list shows the discount beside the total.
    const lista = (await loja.request({ method: 'GET', url: '/api/vendas' })).json() as VendasPage;
    expect(lista.items[0]).toMatchObject({ id: venda.id, valorTotal: 1527, descontoTotal: 170 });

    // The customer's page: the lines at what they came to, the purchase's discount once.
    const { login } = (await loja.request({ method: 'GET', url: `/api/clientes/${cliente.id}` })).json() as { login: string };
    const pagina = (await t.app.inject({ method: 'GET', url: `/api/portal/${login}` })).json() as {
      pendentes: Array<{ valorTotal: number; desconto: number; itens: Array<{ nome: string; desconto: number; subtotal: number }> }>;
    };
    expect(pagina.pendentes[0]).toMatchObject({ valorTotal: 1527, desconto: 170 });
    expect(pagina.pendentes[0]!.itens.map((i) => [i.nome, i.desconto, i.subtotal]).sort()).toEqual([
      ['Avulso', 0, 500],
      ['Pão Francês', 0, 150],
      ['Queijo Prato', 0, 1047],
    ]);

    // Reports: "Descontos concedidos", and the products at what they sold for.
    const resumo = (await loja.request({ method: 'GET', url: '/api/relatorios/resumo?periodo=7' })).json() as RelatorioResumo;
    expect(resumo.descontos).toEqual({ atual: 170, anterior: 0 });
    expect(resumo.vendas.valor.atual).toBe(1527);
    expect(resumo.custo.atual).toBe(700 + 80);
    const produtos = (await loja.request({ method: 'GET', url: '/api/relatorios/produtos?periodo=7' })).json() as RelatorioProdutos;
    expect(produtos.receita.atual).toBe(942 + 135);
    expect(produtos.avulsas.atual).toBe(450);

    // Cancelled: the weight goes back to the gram, the discount leaves the report.
    expect((await loja.request({ method: 'POST', url: `/api/vendas/${venda.id}/cancelar`, payload: { motivo: 'Cliente desistiu' } })).statusCode).toBe(200);
    expect((await readProduto(t, queijo.id)).estoqueAtual).toBe(5000);
    expect(await ledgerSum(t, cliente.id)).toBe(0);
    const depois = (await loja.request({ method: 'GET', url: '/api/relatorios/resumo?periodo=7' })).json() as RelatorioResumo;
    expect(depois.descontos.atual).toBe(0);
  });
});

describe('a line', () => {
  it('takes its own discount by value or percentage, and a changed price is kept with the catalogue’s beside it', async () => {
    const cafe = await insertProduto(t, seller.id, { nome: 'Café 500g', precoVenda: 1890, precoCusto: 1200, estoqueAtual: 10 });
    const arroz = await insertProduto(t, seller.id, { nome: 'Arroz 5kg', precoVenda: 2890, precoCusto: 2100, estoqueAtual: 10 });
    const response = await vender({
      formaPagamento: 'vista',
      itens: [
        { produtoId: cafe.id, quantidade: 2, desconto: { tipo: 'valor', valor: 280 } },
        { produtoId: arroz.id, quantidade: 1, precoUnitario: 2500, desconto: { tipo: 'percentual', valor: 5 } },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    const venda = response.json() as VendaDetalhe;
    expect(linhaDe(venda, 'Café 500g')).toMatchObject({ precoUnitario: 1890, precoTabela: null, desconto: 280, descontoPercentual: null, descontoRateado: 0, subtotal: 3500 });
    // 5 % of R$ 25,00 is R$ 1,25.
    expect(linhaDe(venda, 'Arroz 5kg')).toMatchObject({ precoUnitario: 2500, precoTabela: 2890, desconto: 125, descontoPercentual: 5, subtotal: 2375 });
    expect(venda).toMatchObject({ valorTotal: 3500 + 2375, valorPago: 3500 + 2375, desconto: 0, descontoPercentual: null, descontoTotal: 280 + 125 });
    // The cost is the goods' cost, whatever the price: the discount comes out of the profit.
    const [linha] = await t.db.select().from(itensVenda).where(eq(itensVenda.produtoId, arroz.id));
    expect(linha).toMatchObject({ custo: 2100, custoUnitario: 2100 });
    const [row] = await t.db.select().from(vendas).where(eq(vendas.id, venda.id));
    expect(row?.custoTotal).toBe(2 * 1200 + 2100);
  });

  it('of a product sold twice keeps its own discount: the stock is checked on both together', async () => {
    const leite = await insertProduto(t, seller.id, { nome: 'Leite', precoVenda: 500, precoCusto: 300, estoqueAtual: 5 });
    const demais = await vender({
      formaPagamento: 'vista',
      itens: [
        { produtoId: leite.id, quantidade: 3 },
        { produtoId: leite.id, quantidade: 3, desconto: { tipo: 'valor', valor: 100 } },
      ],
    });
    expect(demais.statusCode).toBe(409);
    expect(demais.json()).toMatchObject({ code: 'ESTOQUE_INSUFICIENTE', details: { disponivel: 5 } });

    const response = await vender({
      formaPagamento: 'vista',
      itens: [
        { produtoId: leite.id, quantidade: 1 },
        { produtoId: leite.id, quantidade: 2, desconto: { tipo: 'valor', valor: 100 } },
        { produtoId: leite.id, quantidade: 1 },
      ],
    });
    expect(response.statusCode, response.body).toBe(201);
    const venda = response.json() as VendaDetalhe;
    expect(venda.itens.map((i) => [i.quantidade, i.desconto, i.subtotal]).sort()).toEqual([
      [2, 0, 1000],
      [2, 100, 900],
    ]);
    expect((await readProduto(t, leite.id)).estoqueAtual).toBe(1);
  });
});

describe('a discount that does not fit', () => {
  it('is refused with where and why, and nothing is saved', async () => {
    const bala = await insertProduto(t, seller.id, { nome: 'Bala', precoVenda: 100, precoCusto: 50, estoqueAtual: 10 });
    const cliente = await insertCliente(t, seller.id, { nome: 'Sem Desconto', limiteCredito: 10_000 });
    const item = { produtoId: bala.id, quantidade: 2 };
    const cases: Array<[Record<string, unknown>, number, string, string]> = [
      [{ itens: [item, { ...item, desconto: { tipo: 'valor', valor: 201 } }] }, 400, 'itens.1.desconto', 'descontoAcimaDoValor'],
      [{ itens: [{ valor: 300, desconto: { tipo: 'valor', valor: 301 } }] }, 400, 'itens.0.desconto', 'descontoAcimaDoValor'],
      [{ itens: [item], desconto: { tipo: 'valor', valor: 201 } }, 400, 'desconto', 'descontoAcimaDoValor'],
      [{ itens: [item], desconto: { tipo: 'valor', valor: 200 } }, 400, 'desconto', 'vendaSemValor'],
      [{ itens: [item], desconto: { tipo: 'percentual', valor: 100 } }, 400, 'desconto', 'vendaSemValor'],
      [{ itens: [{ ...item, desconto: { tipo: 'percentual', valor: 100 } }] }, 400, 'desconto', 'vendaSemValor'],
      [{ itens: [item], desconto: { tipo: 'percentual', valor: 101 } }, 400, 'desconto.valor', 'descontoPercentualInvalido'],
      [{ itens: [item], desconto: { tipo: 'valor', valor: 0 } }, 400, 'desconto.valor', 'descontoInvalido'],
      [{ itens: [item], desconto: { tipo: 'valor', valor: -5 } }, 400, 'desconto.valor', 'descontoInvalido'],
      [{ itens: [item], desconto: { tipo: 'percentual', valor: 7.5 } }, 400, 'desconto.valor', 'descontoInvalido'],
      [{ itens: [item], desconto: { tipo: 'metade', valor: 1 } }, 400, 'desconto.tipo', 'descontoInvalido'],
      [{ itens: [{ ...item, precoUnitario: 0 }] }, 400, 'itens.0.precoUnitario', 'precoVendaInvalido'],
      [{ itens: [{ ...item, precoUnitario: 100_000_001 }] }, 400, 'itens.0.precoUnitario', 'tooLarge'],
      [{ itens: [{ valor: 300, precoUnitario: 200 }] }, 400, 'itens.0.valor', 'avulsoComProduto'],
    ];
    for (const [body, status, path, message] of cases) {
      const response = await vender({ formaPagamento: 'fiado', clienteId: cliente.id, ...body });
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      const issues = (response.json() as { issues: Array<{ path: string; message: string }> }).issues;
      expect(issues.find((i) => i.path === path)?.message ?? issues, JSON.stringify(body)).toEqual(message);
    }
    expect((await readProduto(t, bala.id)).estoqueAtual).toBe(10);
    expect(await ledgerSum(t, cliente.id)).toBe(0);
  });

  it('cannot let in a sale above the largest by discounting it: the lines before discounts are held to it', async () => {
    const response = await vender({ formaPagamento: 'vista', itens: [{ valor: 600_000_000 }, { valor: 600_000_000 }], desconto: { tipo: 'percentual', valor: 50 } });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'TOTAL_VENDA_EXCEDIDO' });
  });
});

describe('a fiado discount and the credit limit', () => {
  it('is checked on what the customer will owe, after the discount', async () => {
    const cliente = await insertCliente(t, seller.id, { nome: 'Limite Justo', limiteCredito: 900 });
    const response = await vender({ formaPagamento: 'fiado', clienteId: cliente.id, itens: [{ valor: 1000 }], desconto: { tipo: 'percentual', valor: 10 } });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ valorTotal: 900, limiteExcedidoConfirmado: false });
  });
});

describe('another seller', () => {
  it('sees none of this shop’s discounts in their reports', async () => {
    const outro = await createSeller(t);
    const resumo = (await outro.request({ method: 'GET', url: '/api/relatorios/resumo?periodo=7' })).json() as RelatorioResumo;
    expect(resumo.descontos).toEqual({ atual: 0, anterior: 0 });
    const mine = (await seller.request({ method: 'GET', url: '/api/relatorios/resumo?periodo=7' })).json() as RelatorioResumo;
    expect(mine.descontos.atual).toBeGreaterThan(0);
  });
});
