import type { Cliente, ClientesPage, Produto, ProdutosPage, VendaDetalhe } from '@caderneta/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockApi, renderApp, signedIn, type FakeRequest } from '@/test/utils';

/** Loose lines ("Avulso", issue 35 part 2): at the counter (F8) and as "Venda rápida" from a customer's card. */

// Typing into several fields takes a while on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const ARROZ = '11111111-1111-4111-8111-111111111111';
const JOSE = '33333333-3333-4333-8333-333333333333';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const arroz: Produto = {
  id: ARROZ,
  nome: 'Arroz 5kg',
  descricao: null,
  categoria: 'Mercearia',
  codigoBarras: '7891000100103',
  unidade: 'un',
  precoVenda: 2890,
  precoCusto: 2100,
  estoqueAtual: 10,
  estoqueMinimo: 5,
  ativo: true,
  estoqueBaixo: false,
  margem: 27.3,
  valorTotal: 28900,
  createdAt: '2025-03-01T12:00:00.000Z',
};

function cliente(overrides: Partial<Cliente> = {}): Cliente {
  return {
    id: JOSE,
    nome: 'José da Silva',
    telefone: '11987654321',
    email: null,
    endereco: null,
    limiteCredito: 100000,
    login: 'jose12345',
    ativo: true,
    saldoAtual: -2000,
    saldoPendente: 2000,
    dataVencimento: null,
    observacoes: null,
    avisos: null,
    createdAt: '2025-03-01T12:00:00.000Z',
    ...overrides,
  };
}

const clientesPage = (items: Cliente[]): ClientesPage => ({ items, total: items.length, page: 1, pageSize: 20, resumo: { total: items.length, ativos: items.length, comPendencias: 1 } });
const produtosPage = (items: Produto[]): ProdutosPage => ({ items, total: items.length, page: 1, pageSize: 100, resumo: { total: items.length, estoqueBaixo: 0, valorTotal: 0, margemMedia: 0 } });

/** The server's answer: the sale with the loose lines' values added up. */
function vendaCriada(request: FakeRequest): VendaDetalhe {
  const body = request.body as { formaPagamento: 'vista' | 'fiado'; clienteId?: string | null; itens: Array<{ valor?: number; produtoId?: string; quantidade?: number }> };
  const valorTotal = body.itens.reduce((sum, i) => sum + (i.valor ?? (i.quantidade ?? 0) * 2890), 0);
  return {
    id: '44444444-4444-4444-8444-444444444444',
    numeroVenda: 'V1741600000000',
    dataVenda: '2025-03-10T12:00:00.000Z',
    valorTotal,
    valorPago: 0,
    formaPagamento: body.formaPagamento,
    statusPagamento: body.formaPagamento === 'vista' ? 'pago' : 'pendente',
    observacoes: null,
    clienteId: body.clienteId ?? null,
    clienteNome: null,
    limiteExcedidoConfirmado: false,
    canceladaEm: null,
    itens: [],
    descontoTotal: 0,
    feitaOffline: false,
    alertas: [],
    atendente: null,
    desconto: 0,
    descontoPercentual: null,
  };
}

function balcao(catalogo: Produto[], extra: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    ...signedIn(),
    'GET /api/produtos': ({ query }) => {
      const busca = (query.get('busca') ?? '').trim().toLowerCase();
      return jsonResponse(200, produtosPage(catalogo.filter((p) => !busca || p.nome.toLowerCase().includes(busca) || p.codigoBarras === busca)));
    },
    'GET /api/clientes': () => jsonResponse(200, clientesPage([cliente()])),
    'POST /api/vendas': (request) => jsonResponse(201, vendaCriada(request)),
    'GET /api/vendas': () => jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 20, resumo: { totalVendas: 0, valorTotal: 0, vendasHoje: 0, pendentes: 0, canceladas: 0 } }),
    ...extra,
  });
  return { ...renderApp('/vendas/nova'), api };
}

const itensDaVenda = () => screen.getByRole('list', { name: 'Itens da venda' });
const resumo = () => screen.getByRole('region', { name: 'Resumo da venda' });

describe('"Avulso" at the counter', () => {
  beforeAll(() => Promise.all([import('./components/nova-venda-form'), import('./components/avulso-dialog')]));

  it('F8 opens the form; "pão e leite" and 12,50 go in as "Avulso — pão e leite" R$ 12,50, each apart, and the sale sends { valor, descricao }', async () => {
    const { user, api } = balcao([arroz]);
    const busca = await screen.findByRole('combobox', { name: 'Buscar produto' });
    await waitFor(() => expect(busca).toHaveFocus());
    expect(screen.getByRole('button', { name: 'Avulso' })).toHaveAttribute('aria-keyshortcuts', 'F8');

    // A product first, from the search.
    await user.keyboard('7891000100103{Enter}');
    await within(await screen.findByRole('list', { name: 'Itens da venda' })).findByRole('listitem', { name: 'Arroz 5kg' });

    await user.keyboard('{F8}');
    let dialog = await screen.findByRole('dialog', { name: 'Valor avulso' });
    await user.type(within(dialog).getByLabelText('Descrição (opcional)'), 'pão e leite{Enter}');
    // Enter after the description goes on to the value.
    expect(within(dialog).getByLabelText('Valor')).toHaveFocus();
    await user.keyboard('12,50');
    expect(within(dialog).getByText('= R$ 12,50')).toBeInTheDocument();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const linha = within(itensDaVenda()).getByRole('listitem', { name: 'Avulso — pão e leite' });
    expect(linha).toHaveTextContent('R$ 12,50');
    // No quantity to change on a loose line; the focus is back in the product search.
    expect(within(linha).queryByRole('button', { name: /quantidade/ })).not.toBeInTheDocument();
    await waitFor(() => expect(busca).toHaveFocus());

    // The same again is a line of its own, never merged; one with no description is just "Avulso".
    await user.click(screen.getByRole('button', { name: 'Avulso' }));
    dialog = await screen.findByRole('dialog', { name: 'Valor avulso' });
    await user.type(within(dialog).getByLabelText('Descrição (opcional)'), 'pão e leite');
    await user.type(within(dialog).getByLabelText('Valor'), '12,50');
    await user.click(within(dialog).getByRole('button', { name: 'Adicionar à venda' }));
    await user.keyboard('{F8}');
    dialog = await screen.findByRole('dialog', { name: 'Valor avulso' });
    await user.type(within(dialog).getByLabelText('Valor'), '5{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(itensDaVenda()).getAllByRole('listitem', { name: 'Avulso — pão e leite' })).toHaveLength(2);
    expect(within(itensDaVenda()).getByRole('listitem', { name: 'Avulso' })).toHaveTextContent('R$ 5,00');
    expect(within(resumo()).getByText('R$ 58,90')).toBeInTheDocument();

    // Each is removed alone.
    await user.click(within(itensDaVenda()).getAllByRole('button', { name: 'Remover Avulso — pão e leite' })[0]!);
    expect(within(itensDaVenda()).getAllByRole('listitem', { name: 'Avulso — pão e leite' })).toHaveLength(1);
    expect(within(resumo()).getByText('R$ 46,40')).toBeInTheDocument();

    await user.keyboard('{F2}');
    expect(await screen.findByText('Venda registrada com sucesso!')).toBeInTheDocument();
    expect(api.calls('POST', '/api/vendas')[0]?.body).toMatchObject({
      formaPagamento: 'vista',
      itens: [{ produtoId: ARROZ, quantidade: 1, unidade: 'un' }, { valor: 1250, descricao: 'pão e leite' }, { valor: 500, descricao: null }],
    });
  });

  it('refuses an empty, zero, negative or "1e3" value with a message, and adds nothing', async () => {
    const { user } = balcao([arroz]);
    await screen.findByRole('combobox', { name: 'Buscar produto' });
    await user.keyboard('{F8}');
    const dialog = await screen.findByRole('dialog', { name: 'Valor avulso' });
    const valor = within(dialog).getByLabelText('Valor');
    for (const texto of ['', '0', '-5', '1e3']) {
      await user.clear(valor);
      if (texto) await user.type(valor, texto);
      await user.click(within(dialog).getByRole('button', { name: 'Adicionar à venda' }));
      expect(within(dialog).getByRole('alert')).toHaveTextContent('Informe um valor maior que zero, como 12,50. Nada foi adicionado.');
      expect(valor).toHaveAttribute('aria-invalid', 'true');
    }
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByText('Nenhum produto adicionado')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Finalizar Venda' })).toBeDisabled();
  });

  it('sells with no products in the shop: a fiado sale of only loose lines', async () => {
    const { user, api } = balcao([]);
    expect(await screen.findByRole('heading', { name: 'Nenhum produto cadastrado' }, { timeout: 15_000 })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Forma de pagamento'), 'Fiado');
    const select = screen.getByLabelText('Ou selecione da lista');
    await waitFor(() => expect(within(select).getByRole('option', { name: /José da Silva/ })).toBeInTheDocument());
    await user.selectOptions(select, JOSE);

    await user.click(screen.getByRole('button', { name: 'Avulso' }));
    const dialog = await screen.findByRole('dialog', { name: 'Valor avulso' });
    await user.type(within(dialog).getByLabelText('Descrição (opcional)'), 'pão e leite');
    await user.type(within(dialog).getByLabelText('Valor'), '12,50{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(itensDaVenda()).getByRole('listitem', { name: 'Avulso — pão e leite' })).toHaveTextContent('R$ 12,50');

    await user.click(screen.getByRole('button', { name: 'Finalizar Venda' }));
    expect(await screen.findByText('Venda registrada com sucesso!')).toBeInTheDocument();
    expect(api.calls('POST', '/api/vendas')[0]?.body).toMatchObject({ formaPagamento: 'fiado', clienteId: JOSE, itens: [{ valor: 1250, descricao: 'pão e leite' }] });
  });

  it('keeps loose lines in the draft across a reload, and still reads a draft written before them', async () => {
    const first = balcao([arroz]);
    await screen.findByRole('combobox', { name: 'Buscar produto' });
    await first.user.keyboard('{F8}');
    const dialog = await screen.findByRole('dialog', { name: 'Valor avulso' });
    await first.user.type(within(dialog).getByLabelText('Descrição (opcional)'), 'pão');
    await first.user.type(within(dialog).getByLabelText('Valor'), '3,25{Enter}');
    await within(await screen.findByRole('list', { name: 'Itens da venda' })).findByRole('listitem', { name: 'Avulso — pão' });
    first.unmount();

    const second = balcao([arroz]);
    expect(within(await screen.findByRole('list', { name: 'Itens da venda' })).getByRole('listitem', { name: 'Avulso — pão' })).toHaveTextContent('R$ 3,25');
    second.unmount();

    // A draft from before loose lines (no unit, no key on its items) is read as it was.
    window.sessionStorage.setItem(
      'caderneta.venda.u1',
      JSON.stringify({ forma: 'vista', cliente: null, observacoes: '', itens: [{ produtoId: ARROZ, nome: 'Arroz 5kg', precoVenda: 2890, estoque: 10, quantidade: 2 }] }),
    );
    balcao([arroz]);
    const itens = await screen.findByRole('list', { name: 'Itens da venda' });
    expect(within(itens).getByRole('status', { name: 'Quantidade de Arroz 5kg' })).toHaveTextContent('2');
  });

  it('lists F8 in the shortcuts\' help', async () => {
    const { user } = balcao([arroz]);
    await user.click(await screen.findByRole('button', { name: 'Atalhos do teclado' }));
    const dialog = await screen.findByRole('dialog', { name: 'Atalhos do teclado' });
    expect(within(dialog).getByText('F8').closest('dt')?.nextElementSibling).toHaveTextContent('Adiciona um valor avulso (sem produto)');
  });
});

describe('"Venda rápida" from a customer\'s card', () => {
  async function abrir(handlers: Parameters<typeof mockApi>[0] = {}, clientes = [cliente()]) {
    const api = mockApi({ ...signedIn(), 'GET /api/clientes': () => jsonResponse(200, clientesPage(clientes)), ...handlers });
    const app = renderApp('/clientes');
    await app.user.click(await screen.findByRole('button', { name: 'Mais ações para José da Silva' }, { timeout: 15_000 }));
    await app.user.click(await screen.findByRole('menuitem', { name: 'Venda rápida' }));
    const dialog = await screen.findByRole('dialog', { name: 'Venda rápida' });
    return { ...app, api, dialog };
  }

  it('sends a fiado sale of one loose line for the customer, says so and refreshes the balances', async () => {
    const { user, api, dialog } = await abrir({ 'POST /api/vendas': (request) => jsonResponse(201, vendaCriada(request)) });
    expect(within(dialog).getByText('Um valor fiado para José da Silva, sem escolher produtos.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Valor'), '12,50');
    await user.type(within(dialog).getByLabelText('Observação (opcional)'), 'pão e leite');
    const antes = api.calls('GET', '/api/clientes').length;
    await user.click(within(dialog).getByRole('button', { name: 'Registrar venda' }));
    expect(await screen.findByText('Venda registrada com sucesso!')).toBeInTheDocument();
    expect(screen.getByText('R$ 12,50 fiado para José da Silva.')).toBeInTheDocument();
    const body = api.calls('POST', '/api/vendas')[0]?.body as Record<string, unknown>;
    expect(body).toMatchObject({ formaPagamento: 'fiado', clienteId: JOSE, itens: [{ valor: 1250, descricao: 'pão e leite' }], confirmarLimiteExcedido: false });
    expect(body.chave).toMatch(UUID);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The customer's balance comes again from the server.
    await waitFor(() => expect(api.calls('GET', '/api/clientes').length).toBeGreaterThan(antes));
  });

  it('refuses a value that is not above zero, sending nothing', async () => {
    const { user, api, dialog } = await abrir();
    await user.type(within(dialog).getByLabelText('Valor'), '1e3');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar venda' }));
    expect(await screen.findByText('Valor inválido')).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Valor')).toHaveAttribute('aria-invalid', 'true');
    expect(api.calls('POST', '/api/vendas')).toHaveLength(0);
  });

  it('past the credit limit (LIMITE_EXCEDIDO), shows the limit and sends again confirmed', async () => {
    const { user, api, dialog } = await abrir({
      'POST /api/vendas': (request) =>
        (request.body as { confirmarLimiteExcedido: boolean }).confirmarLimiteExcedido
          ? jsonResponse(201, vendaCriada(request))
          : jsonResponse(409, { code: 'LIMITE_EXCEDIDO', message: 'x', details: { limite: 100000, disponivel: 500, saldoPendente: 99500 } }),
    });
    await user.type(within(dialog).getByLabelText('Valor'), '12,50');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar venda' }));
    const aviso = await screen.findByRole('alertdialog');
    expect(aviso).toHaveTextContent('R$ 5,00');
    expect(aviso).toHaveTextContent('R$ 12,50');
    await user.click(within(aviso).getByRole('button', { name: 'Vender Mesmo Assim' }));
    expect(await screen.findByText('Venda registrada com sucesso!')).toBeInTheDocument();
    const [primeira, segunda] = api.calls('POST', '/api/vendas').map((c) => c.body as Record<string, unknown>);
    expect(primeira).toMatchObject({ confirmarLimiteExcedido: false, itens: [{ valor: 1250, descricao: null }] });
    expect(segunda).toMatchObject({ formaPagamento: 'fiado', clienteId: JOSE, confirmarLimiteExcedido: true, itens: [{ valor: 1250, descricao: null }] });
    // A retry of the same entry: the same key.
    expect(segunda?.chave).toBe(primeira?.chave);
  });

  it('says when the customer may not buy on credit (FIADO_NAO_PERMITIDO)', async () => {
    const { user, dialog } = await abrir({ 'POST /api/vendas': () => jsonResponse(409, { code: 'FIADO_NAO_PERMITIDO', message: 'x' }) });
    await user.type(within(dialog).getByLabelText('Valor'), '5');
    await user.click(within(dialog).getByRole('button', { name: 'Registrar venda' }));
    expect(await screen.findByText('Venda fiada não permitida')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Venda rápida' })).toBeInTheDocument();
  });

  it('is not offered for an inactive customer', async () => {
    mockApi({ ...signedIn(), 'GET /api/clientes': () => jsonResponse(200, clientesPage([cliente({ ativo: false })])) });
    const { user } = renderApp('/clientes');
    await user.click(await screen.findByRole('button', { name: 'Mais ações para José da Silva' }, { timeout: 15_000 }));
    expect(await screen.findByRole('menuitem', { name: 'Reativar cliente' })).toBeInTheDocument();
    expect(screen.queryByRole('menuitem', { name: 'Venda rápida' })).not.toBeInTheDocument();
  });
});
