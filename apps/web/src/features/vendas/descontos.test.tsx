import type { Produto, ProdutosPage, VendaDetalhe } from '@caderneta/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockApi, renderApp, signedIn, type FakeRequest } from '@/test/utils';

/** Discounts and changed prices at the counter (issue 35, part 3). */

// Typing into several fields takes a while on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const QUEIJO = '55555555-5555-4555-8555-555555555555';
const PAO = '66666666-6666-4666-8666-666666666666';

function produto(overrides: Partial<Produto>): Produto {
  return {
    id: QUEIJO,
    nome: 'Queijo Minas',
    descricao: null,
    categoria: 'Frios',
    codigoBarras: '7891000000011',
    unidade: 'kg',
    precoVenda: 2990,
    precoCusto: 2000,
    estoqueAtual: 2500,
    estoqueMinimo: 500,
    ativo: true,
    estoqueBaixo: false,
    margem: 33.1,
    valorTotal: 7475,
    createdAt: '2025-03-01T12:00:00.000Z',
    ...overrides,
  };
}

/** R$ 29,90/kg; R$ 0,75 a bread. */
const catalogo = [produto({}), produto({ id: PAO, nome: 'Pão Francês', codigoBarras: '7891000000028', unidade: 'un', precoVenda: 75, estoqueAtual: 100 })];
const produtosPage = (items: Produto[]): ProdutosPage => ({ items, total: items.length, page: 1, pageSize: 100, resumo: { total: items.length, estoqueBaixo: 0, valorTotal: 0, margemMedia: 0 } });

function vendaCriada(request: FakeRequest): VendaDetalhe {
  const body = request.body as { formaPagamento: 'vista' | 'fiado' };
  return {
    id: '44444444-4444-4444-8444-444444444444',
    numeroVenda: 'V1741600000000',
    dataVenda: '2025-03-10T12:00:00.000Z',
    valorTotal: 1433,
    valorPago: 1433,
    formaPagamento: body.formaPagamento,
    statusPagamento: 'pago',
    observacoes: null,
    clienteId: null,
    clienteNome: null,
    limiteExcedidoConfirmado: false,
    canceladaEm: null,
    descontoTotal: 264,
    feitaOffline: false,
    alertas: [],
    atendente: null,
    desconto: 159,
    descontoPercentual: 10,
    itens: [],
  };
}

function balcao(extra: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    ...signedIn(),
    'GET /api/produtos': ({ query }) => {
      const busca = (query.get('busca') ?? '').trim().toLowerCase();
      return jsonResponse(200, produtosPage(catalogo.filter((p) => !busca || p.nome.toLowerCase().includes(busca) || p.codigoBarras === busca)));
    },
    'GET /api/clientes': () => jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 100, resumo: { total: 0, ativos: 0, comPendencias: 0 } }),
    'POST /api/vendas': (request) => jsonResponse(201, vendaCriada(request)),
    'GET /api/vendas': () => jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 20, resumo: { totalVendas: 0, valorTotal: 0, vendasHoje: 0, pendentes: 0, canceladas: 0 } }),
    ...extra,
  });
  return { ...renderApp('/vendas/nova'), api };
}

const itensDaVenda = () => screen.getByRole('list', { name: 'Itens da venda' });
const resumo = () => screen.getByRole('region', { name: 'Resumo da venda' });
const linha = (nome: string) => within(itensDaVenda()).getByRole('listitem', { name: nome });

/** Scans (types) a code with its "n*" into the product search: the item goes in. */
async function escanear(user: ReturnType<typeof balcao>['user'], texto: string, nome: string) {
  const busca = await screen.findByRole('combobox', { name: 'Buscar produto' });
  await waitFor(() => expect(busca).toHaveFocus());
  await user.keyboard(`${texto}{Enter}`);
  await within(await screen.findByRole('list', { name: 'Itens da venda' })).findByRole('listitem', { name: nome });
}

/** 0,350 kg of cheese (R$ 10,47) and 2 breads (R$ 1,50). */
async function queijoEPaes(user: ReturnType<typeof balcao>['user']) {
  await escanear(user, '0,350*7891000000011', 'Queijo Minas');
  await escanear(user, '2*7891000000028', 'Pão Francês');
}

async function abrirAjuste(user: ReturnType<typeof balcao>['user'], nome: string) {
  await user.click(within(linha(nome)).getByRole('button', { name: `Desconto ou preço de ${nome}` }));
  return screen.findByRole('dialog', { name: 'Desconto e preço' });
}

describe('discounts at the counter', () => {
  beforeAll(() => Promise.all([import('./components/nova-venda-form'), import('./components/desconto-dialog')]));

  it('gives a line 10 % and the sale 10 % (F6, "10%"), shows the server\'s total and sends the discounts only where set', async () => {
    const { user, api } = balcao();
    await queijoEPaes(user);

    let dialog = await abrirAjuste(user, 'Queijo Minas');
    expect(within(dialog).getByText(/^Queijo Minas: mude o preço/)).toBeInTheDocument();
    // The price field starts at the catalogue's, per kg, and has the focus.
    expect(within(dialog).getByLabelText('Preço por kg')).toHaveValue('29,90');
    expect(within(dialog).getByLabelText('Preço por kg')).toHaveFocus();
    await user.click(within(dialog).getByRole('radio', { name: 'Porcentagem (%)' }));
    await user.type(within(dialog).getByLabelText('Desconto'), '10');
    expect(within(dialog).getByText('Valor do item').nextElementSibling).toHaveTextContent('R$ 9,42');
    await user.click(within(dialog).getByRole('button', { name: 'Aplicar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const queijo = linha('Queijo Minas');
    expect(within(queijo).getByText('0,350 kg × R$ 29,90/kg = R$ 10,47')).toBeInTheDocument();
    expect(within(queijo).getByText('Desconto −10% (−R$ 1,05)')).toBeInTheDocument();
    expect(within(queijo).getByText('R$ 9,42')).toBeInTheDocument();
    // The line without a discount reads as it always did.
    expect(within(linha('Pão Francês')).getByText('2 un × R$ 0,75')).toBeInTheDocument();

    // F6: the sale's discount; a "%" typed after the number makes it a percentage.
    expect(within(resumo()).getByRole('button', { name: 'Desconto na venda' })).toHaveAttribute('aria-keyshortcuts', 'F6');
    await user.keyboard('{F6}');
    dialog = await screen.findByRole('dialog', { name: 'Desconto na venda' });
    expect(within(dialog).getByLabelText('Desconto')).toHaveFocus();
    await user.keyboard('10%');
    expect(within(dialog).getByRole('radio', { name: 'Porcentagem (%)' })).toBeChecked();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    // R$ 11,97 − 1,05 = 10,92 of lines; 10 % of it is R$ 1,09; R$ 9,83 to pay.
    const dl = within(resumo());
    expect(dl.getByText('Subtotal').nextElementSibling).toHaveTextContent('R$ 11,97');
    expect(dl.getByText('Desconto nos itens').nextElementSibling).toHaveTextContent('−R$ 1,05');
    expect(dl.getByText('Desconto na venda (10%)').nextElementSibling).toHaveTextContent('−R$ 1,09');
    expect(dl.getByText('R$ 9,83')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Finalizar Venda' }));
    expect(await screen.findByText('Venda registrada com sucesso!')).toBeInTheDocument();
    const body = api.calls('POST', '/api/vendas')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({
      itens: [
        { produtoId: QUEIJO, quantidade: 350, unidade: 'kg', desconto: { tipo: 'percentual', valor: 10 } },
        { produtoId: PAO, quantidade: 2, unidade: 'un' },
      ],
      desconto: { tipo: 'percentual', valor: 10 },
    });
    const [, pao] = body.itens as Array<Record<string, unknown>>;
    expect(pao).not.toHaveProperty('desconto');
    expect(pao).not.toHaveProperty('precoUnitario');
  });

  it('sells at a changed price with the catalogue\'s beside it and sends the price; "Usar preço de tabela" goes back to it', async () => {
    const { user, api } = balcao();
    await escanear(user, '2*7891000000028', 'Pão Francês');
    let dialog = await abrirAjuste(user, 'Pão Francês');
    expect(within(dialog).getByText('Preço de tabela: R$ 0,75')).toBeInTheDocument();
    let preco = within(dialog).getByLabelText('Preço unitário');
    await user.clear(preco);
    await user.type(preco, '0,60{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(linha('Pão Francês')).getByText('2 un × R$ 0,60 (tabela R$ 0,75)')).toBeInTheDocument();
    expect(within(resumo()).getByText('R$ 1,20')).toBeInTheDocument();

    dialog = await abrirAjuste(user, 'Pão Francês');
    preco = within(dialog).getByLabelText('Preço unitário');
    expect(preco).toHaveValue('0,60');
    await user.click(within(dialog).getByRole('button', { name: 'Usar preço de tabela' }));
    expect(preco).toHaveValue('0,75');
    await user.clear(preco);
    await user.type(preco, '0,70{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(linha('Pão Francês')).getByText('2 un × R$ 0,70 (tabela R$ 0,75)')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Finalizar Venda' }));
    expect(await screen.findByText('Venda registrada com sucesso!')).toBeInTheDocument();
    expect(api.calls('POST', '/api/vendas')[0]?.body).toMatchObject({ itens: [{ produtoId: PAO, quantidade: 2, precoUnitario: 70 }] });
    expect(api.calls('POST', '/api/vendas')[0]?.body).not.toHaveProperty('desconto');
  });

  it('refuses what is not a price, not a discount, or a discount above the line, and changes nothing', async () => {
    const { user } = balcao();
    await escanear(user, '2*7891000000028', 'Pão Francês');
    const dialog = await abrirAjuste(user, 'Pão Francês');
    const preco = within(dialog).getByLabelText('Preço unitário');
    const desconto = within(dialog).getByLabelText('Desconto');
    const aplicar = within(dialog).getByRole('button', { name: 'Aplicar' });

    await user.clear(preco);
    await user.type(preco, 'abc');
    await user.click(aplicar);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Por favor, insira um preço de venda válido.');
    expect(preco).toHaveAttribute('aria-invalid', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Usar preço de tabela' }));
    expect(preco).toHaveValue('0,75');

    // R$ 2,00 off a line of R$ 1,50.
    await user.type(desconto, '2,00');
    await user.click(aplicar);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('O desconto passa do valor.');
    expect(desconto).toHaveAttribute('aria-invalid', 'true');
    expect(desconto).toHaveFocus();
    for (const [texto, mensagem] of [
      ['150', 'Informe uma porcentagem inteira de 1 a 100.'],
      ['2,5', 'Informe uma porcentagem inteira de 1 a 100.'],
      ['0', 'Informe um desconto maior que zero.'],
    ] as const) {
      await user.click(within(dialog).getByRole('radio', { name: 'Porcentagem (%)' }));
      await user.clear(desconto);
      await user.type(desconto, texto);
      await user.click(aplicar);
      expect(within(dialog).getByRole('alert')).toHaveTextContent(mensagem);
    }
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(linha('Pão Francês')).not.toHaveTextContent('Desconto');
    expect(within(resumo()).getByText('R$ 1,50')).toBeInTheDocument();
  });

  it('refuses a sale discount above the sale, or one that leaves it worth nothing; removes one', async () => {
    const { user } = balcao();
    await escanear(user, '2*7891000000028', 'Pão Francês');
    await user.click(within(resumo()).getByRole('button', { name: 'Desconto na venda' }));
    let dialog = await screen.findByRole('dialog', { name: 'Desconto na venda' });
    const desconto = within(dialog).getByLabelText('Desconto');
    await user.type(desconto, '1,51{Enter}');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('O desconto passa do valor.');
    await user.clear(desconto);
    await user.type(desconto, '100%{Enter}');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Com os descontos, a venda ficaria sem valor.');
    await user.click(within(dialog).getByRole('radio', { name: 'Valor' }));
    await user.clear(desconto);
    await user.type(desconto, '0,50');
    expect(within(dialog).getByText('R$ 1,00')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(resumo()).getByText('Desconto na venda', { selector: 'dt' }).nextElementSibling).toHaveTextContent('−R$ 0,50');
    expect(within(resumo()).getByText('R$ 1,00')).toBeInTheDocument();

    await user.keyboard('{F6}');
    dialog = await screen.findByRole('dialog', { name: 'Desconto na venda' });
    expect(within(dialog).getByLabelText('Desconto')).toHaveValue('0,50');
    await user.click(within(dialog).getByRole('button', { name: 'Remover desconto' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(resumo()).queryByText('Desconto na venda', { selector: 'dt' })).not.toBeInTheDocument();
    expect(within(resumo()).getByText('R$ 1,50')).toBeInTheDocument();
  });

  it('says on the line and in the summary when a value discount no longer fits after the quantity went down, and sends nothing', async () => {
    const { user, api } = balcao();
    await escanear(user, '4*7891000000028', 'Pão Francês');
    const dialog = await abrirAjuste(user, 'Pão Francês');
    await user.type(within(dialog).getByLabelText('Desconto'), '2,00{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(linha('Pão Francês')).getByText('Desconto −R$ 2,00')).toBeInTheDocument();
    expect(within(resumo()).getByText('R$ 1,00')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Diminuir quantidade de Pão Francês' }));
    await user.click(screen.getByRole('button', { name: 'Diminuir quantidade de Pão Francês' }));
    expect(within(linha('Pão Francês')).getByText('O desconto passa do valor.')).toBeInTheDocument();
    expect(within(resumo()).getByRole('alert')).toHaveTextContent('O desconto de Pão Francês passa do valor do item. Mude o desconto ou a quantidade.');
    expect(within(resumo()).getByText('—')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Finalizar Venda' }));
    expect(await screen.findByText('Desconto inválido')).toBeInTheDocument();
    expect(api.calls('POST', '/api/vendas')).toHaveLength(0);

    // The line's discount removed, the sale goes.
    const ajuste = await abrirAjuste(user, 'Pão Francês');
    await user.click(within(ajuste).getByRole('button', { name: 'Remover desconto' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(resumo()).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(resumo()).getByText('R$ 1,50')).toBeInTheDocument();
  });

  it('says which line\'s discount the server refused, and why', async () => {
    const { user } = balcao({
      'POST /api/vendas': () => jsonResponse(400, { code: 'VALIDATION', message: 'x', issues: [{ path: 'itens.1.desconto', message: 'descontoAcimaDoValor' }] }),
    });
    await queijoEPaes(user);
    const dialog = await abrirAjuste(user, 'Pão Francês');
    await user.type(within(dialog).getByLabelText('Desconto'), '1,00{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await user.keyboard('{F2}');
    expect(await screen.findByText('Desconto inválido')).toBeInTheDocument();
    expect(screen.getByText('Pão Francês: O desconto passa do valor.')).toBeInTheDocument();
    // The cart is still there, as typed.
    expect(within(linha('Pão Francês')).getByText('Desconto −R$ 1,00')).toBeInTheDocument();
  });

  it('keeps the discounts and the changed price in the draft across a reload', async () => {
    const first = balcao();
    await queijoEPaes(first.user);
    const dialog = await abrirAjuste(first.user, 'Pão Francês');
    const preco = within(dialog).getByLabelText('Preço unitário');
    await first.user.clear(preco);
    await first.user.type(preco, '0,70');
    await first.user.type(within(dialog).getByLabelText('Desconto'), '0,10{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await first.user.keyboard('{F6}');
    await first.user.type(within(await screen.findByRole('dialog', { name: 'Desconto na venda' })).getByLabelText('Desconto'), '5%{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    first.unmount();

    balcao();
    const pao = within(await screen.findByRole('list', { name: 'Itens da venda' })).getByRole('listitem', { name: 'Pão Francês' });
    expect(within(pao).getByText('2 un × R$ 0,70 (tabela R$ 0,75) = R$ 1,40')).toBeInTheDocument();
    expect(within(pao).getByText('Desconto −R$ 0,10')).toBeInTheDocument();
    // R$ 10,47 + 1,30 = 11,77; 5 % is R$ 0,59: R$ 11,18.
    expect(within(resumo()).getByText('Desconto na venda (5%)').nextElementSibling).toHaveTextContent('−R$ 0,59');
    expect(within(resumo()).getByText('R$ 11,18')).toBeInTheDocument();
  });

  it('lists F6 in the shortcuts\' help', async () => {
    const { user } = balcao();
    await user.click(await screen.findByRole('button', { name: 'Atalhos do teclado' }));
    const dialog = await screen.findByRole('dialog', { name: 'Atalhos do teclado' });
    expect(within(dialog).getByText('F6').closest('dt')?.nextElementSibling).toHaveTextContent('Dá um desconto na venda toda');
  });
});
