import type { VendaDetalhe, VendaListItem, VendasPage } from '@caderneta/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, jsonResponse, mockApi, renderApp, SELLER, signedIn, staff } from '@/test/utils';

const V1 = '11111111-1111-4111-8111-111111111111';
const V2 = '22222222-2222-4222-8222-222222222222';
/** Ana, a person of the shop (her account's id). */
const ANA = 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa';
/** GET /api/auditoria/autores: the shop's people, then the app's own authors. */
const AUTORES = [
  { tipo: 'pessoa', id: SELLER.user.id, nome: 'Maria da Silva' },
  { tipo: 'pessoa', id: ANA, nome: 'Ana Souza' },
  { tipo: 'sistema', id: null, nome: null },
  { tipo: 'mercado_pago', id: null, nome: null },
];

function venda(overrides: Partial<VendaListItem> = {}): VendaListItem {
  return {
    id: V1,
    numeroVenda: 'V1741600000000',
    dataVenda: '2025-03-10T15:30:00.000Z',
    valorTotal: 5000,
    valorPago: 2000,
    formaPagamento: 'fiado',
    statusPagamento: 'pendente',
    observacoes: 'Leva pra mãe',
    clienteId: 'c1',
    clienteNome: 'José da Silva',
    limiteExcedidoConfirmado: false,
    canceladaEm: null,
    descontoTotal: 0,
    feitaOffline: false,
    alertas: [],
    atendente: null,
    ...overrides,
  };
}

/** A sale's own fields of the detail, for one without a discount on the whole sale. */
const semDesconto = { desconto: 0, descontoPercentual: null } as const;

const page = (items: VendaListItem[], total = items.length, resumo: Partial<VendasPage['resumo']> = {}): VendasPage => ({
  items,
  total,
  page: 1,
  pageSize: 20,
  nextCursor: null,
  resumo: { totalVendas: 12, valorTotal: 123456, vendasHoje: 3, pendentes: 4500, canceladas: 0, ...resumo },
});

const listUrls = (api: ReturnType<typeof mockApi>) =>
  api.spy.mock.calls.map(([input]) => String(input)).filter((url) => url.startsWith('/api/vendas'));

describe('/vendas', () => {
  it('asks for the first page while the session is still being checked, and once', async () => {
    const me = deferred<Response>();
    const api = mockApi({ ...signedIn(), 'GET /api/me': () => me.promise, 'GET /api/vendas': () => jsonResponse(200, page([venda()], 1)) });
    renderApp('/vendas');
    await waitFor(() => expect(api.calls('GET', '/api/vendas')).toHaveLength(1));
    me.resolve(jsonResponse(200, SELLER));
    expect(await screen.findByText('V1741600000000')).toBeInTheDocument();
    expect(api.calls('GET', '/api/vendas')).toHaveLength(1);
  });

  it('opened with filters, asks for the filtered list only', async () => {
    const api = mockApi({ ...signedIn(), 'GET /api/vendas': () => jsonResponse(200, page([venda()], 1)) });
    renderApp('/vendas?status=pendente');
    expect(await screen.findByText('V1741600000000')).toBeInTheDocument();
    expect(listUrls(api)).toEqual([expect.stringContaining('status=pendente')]);
  });

  it('asks for the next page right after the last sale shown (the server\'s cursor)', async () => {
    let calls = 0;
    const api = mockApi({
      ...signedIn(),
      'GET /api/vendas': () =>
        calls++ === 0
          ? jsonResponse(200, { ...page([venda()], 40), nextCursor: 'MTc0MTYwMDAwMDAwMDAwMC4xMTE' })
          : jsonResponse(200, { ...page([venda({ id: V2, numeroVenda: 'V1741500000000' })], 40), page: 2 }),
    });
    renderApp('/vendas');
    expect(await screen.findByText('V1741600000000')).toBeInTheDocument();
    (await screen.findByRole('button', { name: /Próxima/ })).click();
    expect(await screen.findByText('V1741500000000')).toBeInTheDocument();
    expect(listUrls(api).at(-1)).toContain('cursor=MTc0MTYwMDAwMDAwMDAwMC4xMTE');
    expect(listUrls(api).at(-1)).toContain('page=2');
  });

  it('says how many cancelled sales the list holds that the cards leave out, with thousands separators', async () => {
    mockApi({ ...signedIn(), 'GET /api/vendas': () => jsonResponse(200, page([venda()], 1236, { totalVendas: 1234, canceladas: 2 })) });
    renderApp('/vendas');
    // 1.234 counted + 2 cancelled = 1.236 listed.
    expect(await screen.findByText('1.236 vendas encontradas (incluindo 2 canceladas, que ficam fora dos totais)')).toBeInTheDocument();
    const total = screen.getByRole('group', { name: 'Total de Vendas' });
    expect(within(total).getByText('1.234')).toBeInTheDocument();
    expect(within(total).getByText('Sem as canceladas')).toBeInTheDocument();
  });

  it('says "1 venda encontrada" in the singular and nothing about cancelled ones when there are none', async () => {
    mockApi({ ...signedIn(), 'GET /api/vendas': () => jsonResponse(200, page([venda()], 1, { totalVendas: 1 })) });
    renderApp('/vendas');
    expect(await screen.findByText('1 venda encontrada')).toBeInTheDocument();
    expect(screen.queryByText(/incluindo/)).not.toBeInTheDocument();
  });

  it('shows the loading text, then the four cards and each row as in the spec', async () => {
    const answer = deferred<Response>();
    mockApi({ ...signedIn(), 'GET /api/vendas': () => answer.promise });
    renderApp('/vendas');
    expect(await screen.findByText('Carregando vendas...')).toBeInTheDocument();
    answer.resolve(
      jsonResponse(
        200,
        page([
          venda(),
          venda({ id: V2, numeroVenda: 'V1741500000000', formaPagamento: 'vista', statusPagamento: 'pago', valorPago: 990, valorTotal: 990, clienteId: null, clienteNome: null, observacoes: null }),
          venda({ id: '33333333-3333-4333-8333-333333333333', numeroVenda: 'V1741400000000', statusPagamento: 'cancelado', valorPago: 0 }),
        ]),
      ),
    );

    expect(await screen.findByText('3 vendas encontradas')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Total de Vendas' })).getByText('12')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Valor Total' })).getByText('R$ 1.234,56')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Vendas Hoje' })).getByText('3')).toBeInTheDocument();
    const pendentes = screen.getByRole('group', { name: 'Pendentes' });
    expect(within(pendentes).getByText('R$ 45,00')).toBeInTheDocument();
    expect(within(pendentes).getByText('A receber')).toBeInTheDocument();

    const fiado = screen.getByRole('listitem', { name: 'V1741600000000' });
    expect(within(fiado).getByText('Pendente')).toBeInTheDocument();
    expect(within(fiado).getByText('José da Silva')).toBeInTheDocument();
    expect(within(fiado).getByText('10/03/2025, 12:30')).toBeInTheDocument();
    expect(within(fiado).getByText('Leva pra mãe')).toBeInTheDocument();
    expect(within(fiado).getByText('R$ 50,00')).toBeInTheDocument();
    expect(within(fiado).getByText('Fiado')).toBeInTheDocument();
    expect(within(fiado).getByText('Falta receber R$ 30,00')).toBeInTheDocument();

    const vista = screen.getByRole('listitem', { name: 'V1741500000000' });
    expect(within(vista).getByText('Pago')).toBeInTheDocument();
    expect(within(vista).getByText('Cliente não informado')).toBeInTheDocument();
    expect(within(vista).getByText('À vista')).toBeInTheDocument();

    const cancelada = screen.getByRole('listitem', { name: 'V1741400000000' });
    expect(within(cancelada).getByText('Cancelado')).toBeInTheDocument();
    expect(within(cancelada).queryByRole('button', { name: /Cancelar venda/ })).not.toBeInTheDocument();
  });

  it('searches and filters on the server, keeping the filters in the URL', async () => {
    const api = mockApi({ ...signedIn(), 'GET /api/vendas': () => jsonResponse(200, page([venda()])) });
    const { user, router } = renderApp('/vendas');
    await screen.findByRole('listitem', { name: 'V1741600000000' });

    await user.type(screen.getByRole('searchbox', { name: 'Buscar vendas' }), 'josé');
    await waitFor(() => expect(listUrls(api)).toContain('/api/vendas?busca=jos%C3%A9&pageSize=20'));
    await user.selectOptions(screen.getByLabelText('Status'), 'Pendente');
    await user.selectOptions(screen.getByLabelText('Forma de pagamento'), 'Fiado');
    await waitFor(() => expect(listUrls(api)).toContain('/api/vendas?busca=jos%C3%A9&status=pendente&forma=fiado&pageSize=20'));
    // Typed as dd/mm/aaaa in pt-BR; the slashes come by themselves.
    await user.type(screen.getByLabelText('De'), '01032025');
    expect(screen.getByLabelText('De')).toHaveValue('01/03/2025');
    await waitFor(() => expect(listUrls(api).at(-1)).toContain('de=2025-03-01'));
    expect(router.state.location.search).toContain('status=pendente');

    await user.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    // The page follows the URL once the router has finished the navigation (its loaders).
    await waitFor(() => expect(screen.getByLabelText('De')).toHaveValue(''));
    expect(screen.getByRole('searchbox', { name: 'Buscar vendas' })).toHaveValue('');
    expect(screen.getByLabelText('Status')).toHaveValue('');
    expect(screen.queryByRole('button', { name: 'Limpar filtros' })).not.toBeInTheDocument();
  });

  it('shows the dates of the URL as dd/mm/aaaa and refuses an impossible date without filtering by it', async () => {
    const api = mockApi({ ...signedIn(), 'GET /api/vendas': () => jsonResponse(200, page([venda()])) });
    const { user } = renderApp('/vendas?de=2025-03-01');
    await screen.findByRole('listitem', { name: 'V1741600000000' });
    expect(screen.getByLabelText('De')).toHaveValue('01/03/2025');
    expect(screen.getByLabelText('De')).toHaveAttribute('placeholder', 'dd/mm/aaaa');
    expect(screen.getByLabelText('De')).not.toHaveAttribute('type', 'date');

    await user.type(screen.getByLabelText('Até'), '31022025');
    expect(await screen.findByText('Data inválida')).toBeInTheDocument();
    expect(screen.getByLabelText('Até')).toHaveAttribute('aria-invalid', 'true');
    expect(listUrls(api).some((url) => url.includes('ate='))).toBe(false);

    await user.clear(screen.getByLabelText('Até'));
    await user.type(screen.getByLabelText('Até'), '28022025');
    expect(await screen.findByText('A data não pode ser antes de 01/03/2025')).toBeInTheDocument();
    expect(listUrls(api).some((url) => url.includes('ate='))).toBe(false);
  });

  it('offers the first sale when there is none, and says when filters find nothing', async () => {
    mockApi({ ...signedIn(), 'GET /api/vendas': () => jsonResponse(200, page([])) });
    const { user } = renderApp('/vendas');
    expect(await screen.findByRole('heading', { name: 'Nenhuma venda registrada' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Registrar Primeira Venda' })).toHaveAttribute('href', '/vendas/nova');
    await user.selectOptions(screen.getByLabelText('Status'), 'Pago');
    expect(await screen.findByRole('heading', { name: 'Nenhuma venda encontrada' })).toBeInTheDocument();
  });

  it('opens a sale with its items and a link to its history', async () => {
    const detalhe: VendaDetalhe = {
      ...semDesconto,
      ...venda(),
      itens: [
        { id: 'i1', produtoId: 'p1', produtoNome: 'Arroz 5kg', unidade: 'un', quantidade: 1, precoUnitario: 2890, precoTabela: null, desconto: 0, descontoPercentual: null, descontoRateado: 0, subtotal: 2890 },
        { id: 'i2', produtoId: 'p2', produtoNome: 'Café 500g', unidade: 'un', quantidade: 2, precoUnitario: 1055, precoTabela: null, desconto: 0, descontoPercentual: null, descontoRateado: 0, subtotal: 2110 },
      ],
    };
    mockApi({ ...signedIn(), 'GET /api/vendas': () => jsonResponse(200, page([venda()])), [`GET /api/vendas/${V1}`]: () => jsonResponse(200, detalhe) });
    const { user } = renderApp('/vendas');
    await user.click(await screen.findByRole('button', { name: 'Detalhes da venda V1741600000000' }));
    const dialog = await screen.findByRole('dialog', { name: 'Venda V1741600000000' });
    const cafe = await within(dialog).findByRole('row', { name: /Café 500g/ });
    expect(within(cafe).getByText('R$ 10,55')).toBeInTheDocument();
    expect(within(cafe).getByText('R$ 21,10')).toBeInTheDocument();
    expect(within(dialog).getByText('R$ 50,00')).toBeInTheDocument();
    expect(within(dialog).getByText('R$ 20,00')).toBeInTheDocument();
    // Who made it, who cancelled it and why: the sale's own history.
    expect(within(dialog).getByRole('link', { name: 'Histórico da venda' })).toHaveAttribute('href', `/historico?registro=venda&registroId=${V1}`);
  });

  it('says who made a sale ("Atendido por"): in its row and in its details; an older sale names nobody', async () => {
    const daAna = venda({ atendente: 'Ana Souza' });
    const detalhe: VendaDetalhe = { ...semDesconto, ...daAna, itens: [] };
    mockApi({
      ...signedIn(),
      'GET /api/vendas': () => jsonResponse(200, page([daAna, venda({ id: V2, numeroVenda: 'V1741500000000' })])),
      'GET /api/auditoria/autores': () => jsonResponse(200, AUTORES),
      [`GET /api/vendas/${V1}`]: () => jsonResponse(200, detalhe),
    });
    const { user } = renderApp('/vendas');
    const row = await screen.findByRole('listitem', { name: 'V1741600000000' });
    expect(within(row).getByText('Atendido por Ana Souza')).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'V1741500000000' })).queryByText(/Atendido por/)).not.toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Detalhes da venda V1741600000000' }));
    const dialog = await screen.findByRole('dialog', { name: 'Venda V1741600000000' });
    const termo = await within(dialog).findByText('Atendido por');
    expect(termo.tagName).toBe('DT');
    expect(termo.nextElementSibling).toHaveTextContent('Ana Souza');
  });

  it('lists one person\'s sales ("Atendente", among the shop\'s people), kept in the URL like the other filters', async () => {
    const api = mockApi({
      ...signedIn(),
      'GET /api/vendas': () => jsonResponse(200, page([venda({ atendente: 'Ana Souza' })])),
      'GET /api/auditoria/autores': () => jsonResponse(200, AUTORES),
    });
    const { user, router } = renderApp('/vendas');
    await screen.findByRole('listitem', { name: 'V1741600000000' });
    const atendente = screen.getByLabelText('Atendente');
    expect(atendente).toHaveValue('');
    // The shop's people only: not "Sistema" or "Mercado Pago".
    await waitFor(() => expect(within(atendente).getAllByRole('option').map((o) => o.textContent)).toEqual(['Todos', 'Maria da Silva', 'Ana Souza']));

    await user.selectOptions(atendente, 'Ana Souza');
    await waitFor(() => expect(listUrls(api).at(-1)).toBe(`/api/vendas?atendente=${ANA}&pageSize=20`));
    expect(router.state.location.search).toBe(`?atendente=${ANA}`);
    expect(atendente).toHaveValue(ANA);

    await user.click(screen.getByRole('button', { name: 'Limpar filtros' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() => expect(screen.getByLabelText('Atendente')).toHaveValue(''));
  });

  it('opened with an Atendente in the URL, asks for that person\'s sales only', async () => {
    const api = mockApi({ ...signedIn(), 'GET /api/vendas': () => jsonResponse(200, page([venda()])), 'GET /api/auditoria/autores': () => jsonResponse(200, AUTORES) });
    renderApp(`/vendas?atendente=${ANA}`);
    await screen.findByRole('listitem', { name: 'V1741600000000' });
    expect(listUrls(api)).toEqual([`/api/vendas?atendente=${ANA}&pageSize=20`]);
    await waitFor(() => expect(screen.getByLabelText('Atendente')).toHaveDisplayValue('Ana Souza'));
  });

  it('offers no Atendente filter to someone who does not look after the team (no `equipe`), and filters by none', async () => {
    const api = mockApi({ ...signedIn(staff('caixa')), 'GET /api/vendas': () => jsonResponse(200, page([venda()])) });
    renderApp(`/vendas?atendente=${ANA}`);
    await screen.findByRole('listitem', { name: 'V1741600000000' });
    expect(screen.queryByLabelText('Atendente')).not.toBeInTheDocument();
    expect(listUrls(api)).toEqual(['/api/vendas?pageSize=20']);
    expect(api.calls('GET', '/api/auditoria/autores')).toEqual([]);
  });

  it('shows a weighed item as "0,350 kg × R$ 29,90/kg" with its value, beside one sold by the unit', async () => {
    const detalhe: VendaDetalhe = {
      ...semDesconto,
      ...venda({ valorTotal: 3937 }),
      itens: [
        { id: 'i1', produtoId: 'p1', produtoNome: 'Queijo Minas', unidade: 'kg', quantidade: 350, precoUnitario: 2990, precoTabela: null, desconto: 0, descontoPercentual: null, descontoRateado: 0, subtotal: 1047 },
        { id: 'i2', produtoId: 'p2', produtoNome: 'Arroz 5kg', unidade: 'un', quantidade: 1, precoUnitario: 2890, precoTabela: null, desconto: 0, descontoPercentual: null, descontoRateado: 0, subtotal: 2890 },
      ],
    };
    mockApi({ ...signedIn(), 'GET /api/vendas': () => jsonResponse(200, page([venda()])), [`GET /api/vendas/${V1}`]: () => jsonResponse(200, detalhe) });
    const { user } = renderApp('/vendas');
    await user.click(await screen.findByRole('button', { name: 'Detalhes da venda V1741600000000' }));
    const dialog = await screen.findByRole('dialog', { name: 'Venda V1741600000000' });
    const queijo = await within(dialog).findByRole('row', { name: /Queijo Minas/ });
    const [quantidade, preco, valor] = within(queijo).getAllByRole('cell');
    expect(quantidade).toHaveTextContent('0,350 kg');
    expect(preco).toHaveTextContent('R$ 29,90/kg');
    expect(valor).toHaveTextContent('R$ 10,47');
    const arroz = within(dialog).getByRole('row', { name: /Arroz 5kg/ });
    // By the unit, the price stays as it was; the quantity says its unit.
    expect(within(arroz).getAllByRole('cell').map((c) => c.textContent?.replace(/\s+/g, ' ').trim())).toEqual(['1 un ×', 'R$ 28,90', 'R$ 28,90']);
    expect(within(dialog).getByText('R$ 39,37')).toBeInTheDocument();
  });

  it('shows a loose line as "Avulso — pão e leite" (or just "Avulso") with its value, no quantity × price', async () => {
    const detalhe: VendaDetalhe = {
      ...semDesconto,
      ...venda({ valorTotal: 4640 }),
      itens: [
        { id: 'i1', produtoId: 'p2', produtoNome: 'Arroz 5kg', unidade: 'un', quantidade: 1, precoUnitario: 2890, precoTabela: null, desconto: 0, descontoPercentual: null, descontoRateado: 0, subtotal: 2890 },
        { id: 'i2', produtoId: null, produtoNome: 'pão e leite', unidade: 'un', quantidade: 1, precoUnitario: 1250, precoTabela: null, desconto: 0, descontoPercentual: null, descontoRateado: 0, subtotal: 1250 },
        { id: 'i3', produtoId: null, produtoNome: '', unidade: 'un', quantidade: 1, precoUnitario: 500, precoTabela: null, desconto: 0, descontoPercentual: null, descontoRateado: 0, subtotal: 500 },
      ],
    };
    mockApi({ ...signedIn(), 'GET /api/vendas': () => jsonResponse(200, page([venda()])), [`GET /api/vendas/${V1}`]: () => jsonResponse(200, detalhe) });
    const { user } = renderApp('/vendas');
    await user.click(await screen.findByRole('button', { name: 'Detalhes da venda V1741600000000' }));
    const dialog = await screen.findByRole('dialog', { name: 'Venda V1741600000000' });
    const texto = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent?.replace(/\s+/g, ' ').trim());
    const comDescricao = await within(dialog).findByRole('row', { name: /^Avulso — pão e leite/ });
    expect(texto(comDescricao)).toEqual(['', '', 'R$ 12,50']);
    expect(texto(within(dialog).getByRole('row', { name: /^Avulso R\$/ }))).toEqual(['', '', 'R$ 5,00']);
    expect(within(dialog).queryByText(/1 un ×.*R\$ 12,50/)).not.toBeInTheDocument();
    expect(within(dialog).getByText('R$ 46,40')).toBeInTheDocument();
  });

  it('shows a sale\'s discounts: under the total in the list, and on its lines and its total in the receipt', async () => {
    // Cheese 10 % off its R$ 10,47; bread sold at R$ 0,70 (catalogue R$ 0,75); the sale 10 % off R$ 15,82.
    const item = { precoTabela: null, desconto: 0, descontoPercentual: null, descontoRateado: 0 };
    const detalhe: VendaDetalhe = {
      ...venda({ valorTotal: 1424, descontoTotal: 263 }),
      desconto: 158,
      descontoPercentual: 10,
      itens: [
        { ...item, id: 'i1', produtoId: 'p1', produtoNome: 'Queijo Minas', unidade: 'kg', quantidade: 350, precoUnitario: 2990, desconto: 105, descontoPercentual: 10, descontoRateado: 94, subtotal: 848 },
        { ...item, id: 'i2', produtoId: 'p2', produtoNome: 'Pão Francês', unidade: 'un', quantidade: 2, precoUnitario: 70, precoTabela: 75, descontoRateado: 14, subtotal: 126 },
        { ...item, id: 'i3', produtoId: null, produtoNome: '', unidade: 'un', quantidade: 1, precoUnitario: 500, descontoRateado: 50, subtotal: 450 },
      ],
    };
    mockApi({
      ...signedIn(),
      'GET /api/vendas': () => jsonResponse(200, page([venda({ valorTotal: 1424, descontoTotal: 263 }), venda({ id: V2, numeroVenda: 'V1741500000000' })])),
      [`GET /api/vendas/${V1}`]: () => jsonResponse(200, detalhe),
    });
    const { user } = renderApp('/vendas');
    const row = await screen.findByRole('listitem', { name: 'V1741600000000' });
    expect(within(row).getByText('Desconto R$ 2,63')).toBeInTheDocument();
    expect(within(screen.getByRole('listitem', { name: 'V1741500000000' })).queryByText(/Desconto/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Detalhes da venda V1741600000000' }));
    const dialog = await screen.findByRole('dialog', { name: 'Venda V1741600000000' });
    const texto = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => c.textContent?.replace(/\s+/g, ' ').trim());
    const queijo = await within(dialog).findByRole('row', { name: /Queijo Minas/ });
    // Each line after its own discount; the sale's comes off their subtotal below.
    expect(within(queijo).getByRole('rowheader')).toHaveTextContent('Queijo MinasDesconto −10% (−R$ 1,05)');
    expect(texto(queijo)).toEqual(['0,350 kg ×', 'R$ 29,90/kg', 'R$ 9,42']);
    expect(texto(within(dialog).getByRole('row', { name: /Pão Francês/ }))).toEqual(['2 un ×', 'R$ 0,70tabela R$ 0,75', 'R$ 1,40']);
    expect(texto(within(dialog).getByRole('row', { name: /^Avulso/ }))).toEqual(['', '', 'R$ 5,00']);
    const total = (nome: string) => within(dialog).getByRole('rowheader', { name: nome }).nextElementSibling;
    expect(total('Subtotal')).toHaveTextContent('R$ 15,82');
    expect(total('Desconto na venda (10%)')).toHaveTextContent('−R$ 1,58');
    expect(total('Total')).toHaveTextContent('R$ 14,24');
  });

  it('cancels a sale after confirmation, with its reason, and reloads the list', async () => {
    let cancelled = false;
    const resposta = deferred<Response>();
    const api = mockApi({
      ...signedIn(),
      'GET /api/vendas': () => jsonResponse(200, page([venda(cancelled ? { statusPagamento: 'cancelado', valorPago: 0 } : {})])),
      [`POST /api/vendas/${V1}/cancelar`]: () => {
        cancelled = true;
        return resposta.promise;
      },
    });
    const { user } = renderApp('/vendas');
    await user.click(await screen.findByRole('button', { name: 'Cancelar venda V1741600000000' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancelar a venda V1741600000000?' });
    expect(within(dialog).getByText(/O débito de R\$ 50,00 sai da conta de José da Silva/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Voltar' }));
    expect(api.calls('POST', `/api/vendas/${V1}/cancelar`)).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Cancelar venda V1741600000000' }));
    const confirmacao = await screen.findByRole('alertdialog');
    expect(within(confirmacao).getByText('Fica registrado no Histórico da loja, com o seu nome.')).toBeInTheDocument();
    await user.type(within(confirmacao).getByLabelText('Motivo do cancelamento'), 'Cliente desistiu da compra');
    await user.click(within(confirmacao).getByRole('button', { name: 'Cancelar Venda' }));
    // While the server works, the dialog waits: no second click, no way out.
    expect(await within(confirmacao).findByRole('button', { name: 'Cancelando...' })).toBeDisabled();
    expect(within(confirmacao).getByRole('button', { name: 'Voltar' })).toBeDisabled();
    resposta.resolve(jsonResponse(200, { ...venda({ statusPagamento: 'cancelado' }), ...semDesconto, itens: [] }));

    expect(await screen.findByText('Venda cancelada')).toBeInTheDocument();
    expect(api.calls('POST', `/api/vendas/${V1}/cancelar`).map((r) => r.body)).toEqual([{ motivo: 'Cliente desistiu da compra' }]);
    const row = await screen.findByRole('listitem', { name: 'V1741600000000' });
    await waitFor(() => expect(within(row).getByText('Cancelado')).toBeInTheDocument());
  });

  it('refuses a cancellation without a reason before asking the server, and shows the server\'s refusal under the field', async () => {
    const api = mockApi({
      ...signedIn(),
      'GET /api/vendas': () => jsonResponse(200, page([venda()])),
      [`POST /api/vendas/${V1}/cancelar`]: () =>
        jsonResponse(400, { code: 'VALIDATION', message: 'Dados inválidos', issues: [{ path: 'motivo', message: 'motivoCancelamentoObrigatorio' }] }),
    });
    const { user } = renderApp('/vendas');
    await user.click(await screen.findByRole('button', { name: 'Cancelar venda V1741600000000' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Cancelar a venda V1741600000000?' });
    const motivo = within(dialog).getByLabelText('Motivo do cancelamento');

    await user.click(within(dialog).getByRole('button', { name: 'Cancelar Venda' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Informe o motivo do cancelamento (ao menos 3 letras).');
    expect(motivo).toHaveAttribute('aria-invalid', 'true');
    // Spaces around two letters are still no reason.
    await user.type(motivo, '  ok  {Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Informe o motivo do cancelamento (ao menos 3 letras).');
    expect(api.calls('POST', `/api/vendas/${V1}/cancelar`)).toHaveLength(0);

    await user.clear(motivo);
    await user.type(motivo, 'Erro de digitação');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar Venda' }));
    await waitFor(() => expect(api.calls('POST', `/api/vendas/${V1}/cancelar`)).toHaveLength(1));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Informe o motivo do cancelamento (ao menos 3 letras).');
    expect(await screen.findByText('Erro ao cancelar venda')).toBeInTheDocument();
    expect(screen.getByRole('alertdialog', { name: 'Cancelar a venda V1741600000000?' })).toBeInTheDocument();
  });

  it('toasts "Erro ao carregar vendas" when the list cannot load', async () => {
    mockApi({ ...signedIn(), 'GET /api/vendas': () => jsonResponse(400, { code: 'VALIDATION', message: 'x' }) });
    renderApp('/vendas');
    expect(await screen.findAllByText('Erro ao carregar vendas')).not.toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });

  it('loads the list again on "Tentar novamente"', async () => {
    let fail = true;
    mockApi({ ...signedIn(), 'GET /api/vendas': () => (fail ? jsonResponse(400, { code: 'VALIDATION', message: 'x' }) : jsonResponse(200, page([venda()]))) });
    const { user } = renderApp('/vendas');
    const alert = await screen.findByRole('alert');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('listitem', { name: 'V1741600000000' })).toBeInTheDocument();
  });

  it('offers "Tentar novamente" in the sale details when they cannot load', async () => {
    let fail = true;
    mockApi({
      ...signedIn(),
      'GET /api/vendas': () => jsonResponse(200, page([venda()])),
      [`GET /api/vendas/${V1}`]: () => (fail ? jsonResponse(404, { code: 'NOT_FOUND', message: 'x' }) : jsonResponse(200, { ...venda(), ...semDesconto, itens: [] })),
    });
    const { user } = renderApp('/vendas');
    await user.click(await screen.findByRole('button', { name: 'Detalhes da venda V1741600000000' }));
    const dialog = await screen.findByRole('dialog', { name: 'Venda V1741600000000' });
    const alert = await within(dialog).findByRole('alert');
    expect(within(alert).getByText('Erro ao carregar a venda')).toBeInTheDocument();
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() => expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument());
    expect(within(dialog).getByText('Leva pra mãe')).toBeInTheDocument();
  });
});
