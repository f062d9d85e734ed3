import type { Cliente, ClientesPage, Produto, ProdutosPage, VendaDetalhe } from '@caderneta/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, jsonResponse, mockApi, renderApp, SELLER, signedIn, type FakeRequest } from '@/test/utils';
import { enviarSaida, itensDaSaida } from '@/offline/saida';

const ARROZ = '11111111-1111-4111-8111-111111111111';
const LEITE = '22222222-2222-4222-8222-222222222222';
const JOSE = '33333333-3333-4333-8333-333333333333';
const QUEIJO = '55555555-5555-4555-8555-555555555555';

function produto(overrides: Partial<Produto>): Produto {
  return {
    id: ARROZ,
    nome: 'Arroz 5kg',
    descricao: null,
    categoria: 'Mercearia',
    codigoBarras: null,
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
    ...overrides,
  };
}

function cliente(overrides: Partial<Cliente> = {}): Cliente {
  return {
    id: JOSE,
    nome: 'José da Silva',
    telefone: '11987654321',
    email: null,
    endereco: null,
    limiteCredito: 10000,
    login: 'jose12345',
    ativo: true,
    saldoAtual: -8000,
    saldoPendente: 8000,
    dataVencimento: null,
    observacoes: null,
    avisos: null,
    createdAt: '2025-03-01T12:00:00.000Z',
    ...overrides,
  };
}

const produtos: ProdutosPage = {
  items: [produto({}), produto({ id: LEITE, nome: 'Leite 1L', precoVenda: 550, estoqueAtual: 3 })],
  total: 2,
  page: 1,
  pageSize: 100,
  resumo: { total: 2, estoqueBaixo: 0, valorTotal: 0, margemMedia: 0 },
};
const clientes = (items: Cliente[]): ClientesPage => ({ items, total: items.length, page: 1, pageSize: 100, resumo: { total: 1, ativos: 0, comPendencias: 1 } });

function vendaCriada(request: FakeRequest): VendaDetalhe {
  const body = request.body as { formaPagamento: 'vista' | 'fiado'; clienteId?: string | null };
  return {
    id: '44444444-4444-4444-8444-444444444444',
    numeroVenda: 'V1741600000000',
    dataVenda: '2025-03-10T12:00:00.000Z',
    valorTotal: 6330,
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

function setup(extra: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    ...signedIn(),
    'GET /api/produtos': () => jsonResponse(200, produtos),
    'GET /api/clientes': () => jsonResponse(200, clientes([cliente()])),
    'POST /api/vendas': (request) => jsonResponse(201, vendaCriada(request)),
    'GET /api/vendas': () => jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 20, resumo: { totalVendas: 0, valorTotal: 0, vendasHoje: 0, pendentes: 0, canceladas: 0 } }),
    ...extra,
  });
  const app = renderApp('/vendas/nova');
  return { ...app, api };
}

async function addProduct(user: ReturnType<typeof setup>['user'], option: RegExp, quantidade?: string) {
  const select = await screen.findByLabelText('Produto');
  await waitFor(() => expect(within(select).getByRole('option', { name: option })).toBeInTheDocument());
  await user.selectOptions(select, within(select).getByRole('option', { name: option }));
  if (quantidade !== undefined) {
    const input = screen.getByLabelText('Quantidade');
    await user.clear(input);
    if (quantidade) await user.type(input, quantidade);
  }
  await user.click(screen.getByRole('button', { name: 'Adicionar' }));
}

const resumo = () => screen.getByRole('region', { name: 'Resumo da venda' });

describe('/vendas/nova', () => {
  it('keeps "Finalizar Venda" disabled until a product is added; "Cancelar" goes to /vendas', async () => {
    const { user, router } = setup();
    const finalizar = await screen.findByRole('button', { name: 'Finalizar Venda' }, { timeout: 5000 });
    expect(finalizar).toBeDisabled();
    expect(screen.getByText('Nenhum produto adicionado')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Adicionar' })).toBeDisabled();

    await addProduct(user, /Arroz 5kg — R\$ 28,90/);
    expect(finalizar).toBeEnabled();

    // With items in the cart, "Cancelar" asks first; "Continuar venda" keeps everything.
    await user.click(within(resumo()).getByRole('button', { name: 'Cancelar' }));
    let dialog = await screen.findByRole('alertdialog', { name: 'Descartar esta venda?' });
    expect(within(dialog).getByText('O item adicionado será descartado.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Continuar venda' }));
    expect(router.state.location.pathname).toBe('/vendas/nova');
    expect(screen.getByRole('list', { name: 'Itens da venda' })).toHaveTextContent('Arroz 5kg');

    await user.click(within(resumo()).getByRole('button', { name: 'Cancelar' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Descartar esta venda?' });
    await user.click(within(dialog).getByRole('button', { name: 'Descartar venda' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/vendas'));
    expect(window.sessionStorage.getItem('caderneta.venda.u1')).toBeNull();
  });

  it('leaves at once on "Cancelar" when the cart is empty', async () => {
    const { user, router } = setup();
    await screen.findByRole('region', { name: 'Resumo da venda' });
    await user.click(within(resumo()).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/vendas'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('keeps the cart, payment form, customer and note across a reload, per seller, until the sale is made', async () => {
    const first = setup();
    await first.user.selectOptions(await screen.findByLabelText('Forma de pagamento'), 'Fiado');
    const select = screen.getByLabelText('Ou selecione da lista');
    await waitFor(() => expect(within(select).getByRole('option', { name: /José da Silva/ })).toBeInTheDocument());
    await first.user.selectOptions(select, JOSE);
    await addProduct(first.user, /Leite 1L/, '2');
    await first.user.type(screen.getByLabelText('Observações'), 'Entregar amanhã');
    first.unmount();
    const chave = (JSON.parse(window.sessionStorage.getItem('caderneta.venda.u1')!) as { chave: string }).chave;
    expect(chave).toMatch(/^[0-9a-f-]{36}$/);

    // The page is opened again in the same tab.
    const { user, api } = setup();
    const itens = await screen.findByRole('list', { name: 'Itens da venda' });
    expect(itens).toHaveTextContent('Leite 1L');
    expect(screen.getByLabelText('Forma de pagamento')).toHaveValue('fiado');
    expect(within(resumo()).getByText('José da Silva')).toBeInTheDocument();
    expect(within(resumo()).getByText('R$ 11,00')).toBeInTheDocument();
    expect(screen.getByLabelText('Observações')).toHaveValue('Entregar amanhã');
    // Another seller signing in on this tab starts from an empty cart.
    expect(window.sessionStorage.getItem('caderneta.venda.outro')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Finalizar Venda' }));
    expect(await screen.findByText('Venda registrada com sucesso!')).toBeInTheDocument();
    // The cart kept its key across the reload: a sale sent before the reload is not recorded again.
    expect((api.calls('POST', '/api/vendas')[0]?.body as { chave: string }).chave).toBe(chave);
    expect(api.calls('POST', '/api/vendas')[0]?.body).toMatchObject({ clienteId: JOSE, itens: [{ produtoId: LEITE, quantidade: 2 }], observacoes: 'Entregar amanhã' });
    expect(window.sessionStorage.getItem('caderneta.venda.u1')).toBeNull();
  });

  it('takes a barcode scanner: the code and Enter add one unit, the next scan another; a name found alone is selected; nothing found is said', async () => {
    const catalogo = [produto({ codigoBarras: '7891000100103' }), produto({ id: LEITE, nome: 'Leite 1L', precoVenda: 550, estoqueAtual: 3, codigoBarras: '7896005800010' })];
    const { user } = setup({
      'GET /api/produtos': ({ query }) => {
        const busca = (query.get('busca') ?? '').trim().toLowerCase();
        const items = catalogo.filter((p) => !busca || p.nome.toLowerCase().includes(busca) || p.codigoBarras === busca);
        return jsonResponse(200, { ...produtos, items, total: items.length });
      },
    });
    const busca = await screen.findByLabelText('Buscar produto');
    // A scanner types faster than the search waits for typing to stop.
    await user.type(busca, '7896005800010{Enter}');
    const itens = await screen.findByRole('list', { name: 'Itens da venda' });
    expect(within(itens).getByRole('listitem', { name: 'Leite 1L' })).toBeInTheDocument();
    expect(busca).toHaveValue('');
    expect(busca).toHaveFocus();
    expect(screen.getByText('Leite 1L adicionado à venda.')).toBeInTheDocument();
    await user.type(busca, '7896005800010{Enter}');
    await waitFor(() => expect(within(itens).getByRole('status', { name: 'Quantidade de Leite 1L' })).toHaveTextContent('2'));

    // A code no active product has: said under the search, which keeps it to be corrected.
    await user.type(busca, '7890000000000{Enter}');
    expect(await screen.findByText('Nenhum produto ativo com “7890000000000” no nome, na categoria ou no código de barras.')).toBeInTheDocument();
    expect(busca).toHaveValue('7890000000000');
    expect(busca).toHaveAccessibleDescription('Nenhum produto ativo com “7890000000000” no nome, na categoria ou no código de barras.');

    // A name that finds one product: selected, the focus on its quantity.
    await user.clear(busca);
    await user.type(busca, 'arroz{Enter}');
    await waitFor(() => expect(screen.getByLabelText('Quantidade')).toHaveFocus());
    expect(screen.getByLabelText('Produto')).toHaveDisplayValue(/Arroz 5kg/);
    expect(within(itens).queryByRole('listitem', { name: 'Arroz 5kg' })).toBeNull();
  });

  it('merges a product added twice, shows subtotals and the sticky summary, and changes quantities', async () => {
    const { user } = setup();
    await addProduct(user, /Arroz 5kg/, '2');
    await addProduct(user, /Leite 1L — R\$ 5,50/, '1');
    await addProduct(user, /Arroz 5kg/, '1');

    const itens = screen.getByRole('list', { name: 'Itens da venda' });
    expect(within(itens).getAllByRole('listitem')).toHaveLength(2);
    const arroz = within(itens).getByRole('listitem', { name: 'Arroz 5kg' });
    expect(within(arroz).getByRole('status', { name: 'Quantidade de Arroz 5kg' })).toHaveTextContent('3');
    expect(within(arroz).getByText('R$ 86,70')).toBeInTheDocument();
    expect(within(within(itens).getByRole('listitem', { name: 'Leite 1L' })).getByText('R$ 5,50')).toBeInTheDocument();

    const summary = within(resumo());
    expect(summary.getByText('À Vista')).toBeInTheDocument();
    expect(summary.getByText('Não informado')).toBeInTheDocument();
    expect(summary.getByText('R$ 92,20')).toBeInTheDocument();
    expect(summary.getByText('4 un')).toBeInTheDocument(); // quantity, in its unit
    expect(summary.getByText('2')).toBeInTheDocument(); // items
    // Each line says what it counts and at which price.
    expect(within(arroz).getByText('3 un × R$ 28,90')).toBeInTheDocument();

    await user.click(within(arroz).getByRole('button', { name: 'Diminuir quantidade de Arroz 5kg' }));
    expect(within(arroz).getByRole('status', { name: 'Quantidade de Arroz 5kg' })).toHaveTextContent('2');
    await user.click(within(itens).getByRole('button', { name: 'Remover Leite 1L' }));
    expect(within(itens).queryByRole('listitem', { name: 'Leite 1L' })).not.toBeInTheDocument();
    expect(summary.getByText('R$ 57,80')).toBeInTheDocument();
  });

  it.each(['', '0', 'abc', '10.001'])('refuses the quantity %j with a message instead of adding 1', async (quantidade) => {
    const { user } = setup();
    await addProduct(user, /Leite 1L/, quantidade);
    expect(await screen.findByRole('alert')).toHaveTextContent('Informe uma quantidade de 1 a 10.000.');
    expect(screen.getByText('Nenhum produto adicionado')).toBeInTheDocument();
    expect(screen.getByLabelText('Quantidade')).toHaveAttribute('aria-invalid', 'true');
  });

  it('reads "1.000" as one thousand units in pt-BR', async () => {
    const { user } = setup({ 'GET /api/produtos': () => jsonResponse(200, { ...produtos, items: produtos.items.map((p) => ({ ...p, estoqueAtual: 5000 })) }) });
    await addProduct(user, /Leite 1L/, '1.000');
    const leite = within(screen.getByRole('list', { name: 'Itens da venda' })).getByRole('listitem', { name: 'Leite 1L' });
    expect(within(leite).getByRole('status', { name: 'Quantidade de Leite 1L' })).toHaveTextContent('1.000');
  });

  it('warns "Estoque insuficiente" / "Disponível: N unidades" beyond the stock', async () => {
    const { user } = setup();
    await addProduct(user, /Leite 1L/, '2');
    await addProduct(user, /Leite 1L/, '2');
    expect(await screen.findByText('Estoque insuficiente')).toBeInTheDocument();
    expect(screen.getByText('Disponível: 3 unidades')).toBeInTheDocument();
    const leite = within(screen.getByRole('list', { name: 'Itens da venda' })).getByRole('listitem', { name: 'Leite 1L' });
    expect(within(leite).getByRole('status', { name: 'Quantidade de Leite 1L' })).toHaveTextContent('2');
  });

  it('sends only products and quantities, says "Venda registrada com sucesso!" with the total and goes to /vendas', async () => {
    const { user, api, router } = setup();
    await addProduct(user, /Arroz 5kg/, '2');
    await addProduct(user, /Leite 1L/, '1');
    await user.type(screen.getByLabelText('Observações'), 'Entregar amanhã');
    await user.click(screen.getByRole('button', { name: 'Finalizar Venda' }));

    expect(await screen.findByText('Venda registrada com sucesso!')).toBeInTheDocument();
    expect(screen.getByText('Total: R$ 63,30')).toBeInTheDocument();
    expect(api.calls('POST', '/api/vendas')[0]?.body).toEqual({
      formaPagamento: 'vista',
      clienteId: null,
      itens: [
        // With the unit it was counted in: the server refuses it if the product's unit changed meanwhile.
        { produtoId: ARROZ, quantidade: 2, unidade: 'un' },
        { produtoId: LEITE, quantidade: 1, unidade: 'un' },
      ],
      observacoes: 'Entregar amanhã',
      confirmarLimiteExcedido: false,
      chave: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
    });
    expect(screen.getByRole('button', { name: 'Finalizando...' })).toBeDisabled();
    expect(router.state.location.pathname).toBe('/vendas/nova');
    await waitFor(() => expect(router.state.location.pathname).toBe('/vendas'), { timeout: 10_000 });
  });

  it('while the sale is being sent, the cart, the payment and the note cannot change', async () => {
    const answer = deferred<Response>();
    const { user, api } = setup({ 'POST /api/vendas': () => answer.promise });
    await addProduct(user, /Leite 1L/, '2');
    await user.click(screen.getByRole('button', { name: 'Finalizar Venda' }));

    expect(await screen.findByRole('button', { name: 'Finalizando...' })).toBeDisabled();
    expect(screen.getByLabelText('Forma de pagamento')).toBeDisabled();
    expect(screen.getByLabelText('Produto')).toBeDisabled();
    expect(screen.getByLabelText('Quantidade')).toBeDisabled();
    expect(screen.getByLabelText('Observações')).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancelar' })).toBeDisabled();
    for (const button of within(screen.getByRole('list', { name: 'Itens da venda' })).getAllByRole('button')) expect(button).toBeDisabled();

    answer.resolve(jsonResponse(500, { code: 'INTERNAL', message: 'x' }));
    await waitFor(() => expect(screen.getByLabelText('Observações')).toBeEnabled());
    expect(screen.getByRole('button', { name: 'Finalizar Venda' })).toBeEnabled();
    expect(api.calls('POST', '/api/vendas')).toHaveLength(1);
  });

  it('retries a failed sale with the same cart key, so the server never records it twice', async () => {
    let calls = 0;
    const { user, api } = setup({
      'POST /api/vendas': (request) => (calls++ === 0 ? jsonResponse(500, { code: 'INTERNAL', message: 'x' }) : jsonResponse(201, vendaCriada(request))),
    });
    await addProduct(user, /Leite 1L/, '1');
    await user.click(screen.getByRole('button', { name: 'Finalizar Venda' }));
    await waitFor(() => expect(api.calls('POST', '/api/vendas')).toHaveLength(1));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Finalizar Venda' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Finalizar Venda' }));
    expect(await screen.findByText('Venda registrada com sucesso!')).toBeInTheDocument();
    const [first, second] = api.calls('POST', '/api/vendas').map((c) => (c.body as { chave: string }).chave);
    expect(first).toMatch(/^[0-9a-f-]{36}$/);
    expect(second).toBe(first);
    // The recorded cart is gone, and the next cart will have a key of its own.
    expect(window.sessionStorage.getItem('caderneta.venda.u1')).toBeNull();
  });

  it('a sale whose answer never comes is kept on the device with a provisional receipt, and the outbox sends it once with the same key', async () => {
    let calls = 0;
    // The connection comes back when the test says so.
    const volta = deferred<void>();
    const { user, api } = setup({
      // The first answer never arrives (connection dropped): fetch rejects.
      'POST /api/vendas': (request) =>
        calls++ === 0 ? Promise.reject(new TypeError('Failed to fetch')) : volta.promise.then(() => jsonResponse(201, vendaCriada(request))),
    });
    await addProduct(user, /Leite 1L/, '2');
    await user.click(screen.getByRole('button', { name: 'Finalizar Venda' }));

    const recibo = await screen.findByRole('dialog', { name: 'Venda guardada no aparelho' });
    expect(within(recibo).getByRole('status')).toHaveTextContent('Recibo provisório — aguardando envio');
    expect(within(recibo).getByRole('list', { name: 'Itens' })).toHaveTextContent('Leite 1L2 un × R$ 5,50R$ 11,00');
    // Who sold it: the signed-in person.
    expect(within(recibo).getByText('Atendido por').nextElementSibling).toHaveTextContent('Maria da Silva');
    expect(recibo).toHaveTextContent('Total');
    expect(recibo).toHaveTextContent('R$ 11,00');
    const [guardada] = await itensDaSaida('u1');
    expect(guardada).toMatchObject({ tipo: 'venda', recibo: { total: 1100, atendente: 'Maria da Silva' } });

    // The connection is back: the outbox sends it with the cart's key, saying when it was made.
    volta.resolve();
    await enviarSaida('u1');
    const [first, second] = api.calls('POST', '/api/vendas').map((c) => c.body as { chave: string; offline?: { feitaEm: string } });
    expect(second?.chave).toBe(first?.chave);
    expect(second?.offline?.feitaEm).toBe(guardada?.recibo.feitaEm);
    expect(await itensDaSaida('u1')).toEqual([]);
    // The receipt on screen now has the sale's number.
    expect(await within(recibo).findByText('Venda nº V1741600000000 registrada')).toBeInTheDocument();
    // Sent again (another tab, a retry): nothing left to send.
    expect(await enviarSaida('u1')).toEqual({ enviadas: 0, recusadas: 0, parou: false });
    expect(api.calls('POST', '/api/vendas')).toHaveLength(2);

    // "Nova venda": an empty cart with a key of its own.
    await user.click(within(recibo).getByRole('button', { name: 'Nova venda' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Venda guardada no aparelho' })).not.toBeInTheDocument());
    expect(screen.getByRole('button', { name: 'Finalizar Venda' })).toBeDisabled();
  });

  it('asks a seller whose session expired to sign in over the sale, which is still there to finish', async () => {
    let session = true;
    const { user, router, api } = setup({
      'GET /api/me': () => (session ? jsonResponse(200, SELLER) : jsonResponse(401, { code: 'UNAUTHENTICATED', message: 'x' })),
      'POST /api/vendas': (request) =>
        session ? jsonResponse(201, vendaCriada(request)) : jsonResponse(401, { code: 'UNAUTHENTICATED', message: 'Usuário não autenticado' }),
      'POST /api/auth/sign-in/email': () => {
        session = true;
        return jsonResponse(200, { user: { id: 'u1' } });
      },
    });
    await addProduct(user, /Leite 1L/, '2');
    session = false;
    await user.click(screen.getByRole('button', { name: 'Finalizar Venda' }));

    const dialog = await screen.findByRole('dialog', { name: 'Sua sessão expirou' });
    // The dialog says it: no "Sessão expirada" toast under it (long enough for one to show).
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(screen.queryByText('Sessão expirada. Faça login novamente.')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/vendas/nova');
    expect(within(dialog).getByLabelText('E-mail ou usuário')).toHaveValue('maria@mercadinho.com.br');
    await user.type(within(dialog).getByLabelText('Senha'), 'segredo123');
    await user.click(within(dialog).getByRole('button', { name: 'Entrar' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Sua sessão expirou' })).not.toBeInTheDocument());
    expect(router.state.location.pathname).toBe('/vendas/nova');
    expect(screen.getByRole('list', { name: 'Itens da venda' })).toHaveTextContent('Leite 1L');
    expect(within(resumo()).getByText('R$ 11,00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Finalizar Venda' }));
    expect(await screen.findByText('Venda registrada com sucesso!')).toBeInTheDocument();
    expect(api.calls('POST', '/api/vendas')).toHaveLength(2);
  });

  it('says the catalogue and the customers could not be loaded, with "Tentar novamente", instead of an empty list', async () => {
    let fail = true;
    const { user } = setup({
      'GET /api/produtos': () => (fail ? jsonResponse(500, { code: 'INTERNAL', message: 'x' }) : jsonResponse(200, produtos)),
      'GET /api/clientes': () => (fail ? jsonResponse(500, { code: 'INTERNAL', message: 'x' }) : jsonResponse(200, clientes([cliente()]))),
    });
    expect(await screen.findByText('Erro ao carregar produtos', {}, { timeout: 8000 })).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Forma de pagamento'), 'Fiado');
    await user.type(screen.getByLabelText('Buscar cliente'), 'jos');
    // A failed search is not "nobody found".
    expect(await screen.findAllByText('Erro ao carregar clientes', {}, { timeout: 8000 })).not.toHaveLength(0);
    expect(screen.queryByText('Nenhum cliente encontrado')).not.toBeInTheDocument();

    fail = false;
    for (const retry of screen.getAllByRole('button', { name: 'Tentar novamente' })) await user.click(retry);
    await waitFor(() => expect(screen.queryByText('Erro ao carregar produtos')).not.toBeInTheDocument());
    expect(within(screen.getByLabelText('Produto')).getByRole('option', { name: /Arroz 5kg/ })).toBeInTheDocument();
    expect(await screen.findByRole('listbox', { name: 'Clientes encontrados' })).toHaveTextContent('José da Silva');
  }, 30_000);

  it('requires a customer for fiado: "Cliente obrigatório"', async () => {
    const { user, api } = setup();
    await user.selectOptions(await screen.findByLabelText('Forma de pagamento'), 'Fiado');
    await addProduct(user, /Leite 1L/);
    // The next item starts where the counter starts: in the product search.
    expect(screen.getByLabelText('Buscar produto')).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Finalizar Venda' }));
    expect(await screen.findByText('Cliente obrigatório')).toBeInTheDocument();
    // Said on the field too, which takes the focus: a screen reader hears what to fill in.
    const busca = screen.getByLabelText('Buscar cliente');
    expect(busca).toHaveFocus();
    expect(busca).toHaveAttribute('aria-invalid', 'true');
    expect(busca).toHaveAccessibleDescription('Selecione um cliente para vendas fiadas.');
    expect(api.calls('POST', '/api/vendas')).toHaveLength(0);
  });

  it('finds a customer by name with phone and "Devedor" badge, and warns in red about the debt', async () => {
    const { user } = setup();
    await user.selectOptions(await screen.findByLabelText('Forma de pagamento'), 'Fiado');
    await user.type(screen.getByLabelText('Buscar cliente'), 'jose');
    const results = await screen.findByRole('listbox', { name: 'Clientes encontrados' });
    const result = within(results).getByRole('option', { name: /José da Silva/ });
    expect(within(result).getByText('(11) 98765-4321')).toBeInTheDocument();
    expect(within(result).getByText('Devedor R$ 80,00')).toBeInTheDocument();
    await user.click(result);

    expect(screen.getByRole('note')).toHaveTextContent('Atenção: este cliente já deve R$ 80,00.');
    expect(screen.getByRole('note')).toHaveClass('text-destructive');
    expect(within(resumo()).getByText('José da Silva')).toBeInTheDocument();
    expect(within(resumo()).getByText('Fiado')).toBeInTheDocument();
    // The search and its results are gone: the focus stays with the chosen customer, and after
    // "Trocar cliente" goes back to the search.
    const trocar = screen.getByRole('button', { name: 'Trocar cliente' });
    expect(trocar).toHaveFocus();
    await user.click(trocar);
    expect(screen.getByLabelText('Buscar cliente')).toHaveFocus();
  });

  it('picks a customer from the search with ↓/↑ and Enter; Escape closes the results and keeps the text', async () => {
    const maria = cliente({ id: '55555555-5555-4555-8555-555555555555', nome: 'Maria José', telefone: '11912345678', saldoAtual: 0, saldoPendente: 0 });
    const { user } = setup({ 'GET /api/clientes': () => jsonResponse(200, clientes([cliente(), maria])) });
    await user.selectOptions(await screen.findByLabelText('Forma de pagamento'), 'Fiado');
    const busca = screen.getByRole('combobox', { name: 'Buscar cliente' });
    expect(busca).toHaveAttribute('aria-expanded', 'false');
    await user.type(busca, 'jose');
    const results = await screen.findByRole('listbox', { name: 'Clientes encontrados' });
    expect(busca).toHaveAttribute('aria-expanded', 'true');
    expect(busca).toHaveAttribute('aria-controls', results.id);
    // Said to a screen reader once the results are in, with how to choose.
    expect(screen.getByText('2 clientes encontrados; use as setas para escolher e Enter para confirmar.')).toBeInTheDocument();
    const [jose, mariaOption] = within(results).getAllByRole('option');
    expect(busca).not.toHaveAttribute('aria-activedescendant');

    // ↓ makes the first result active, ↓ again the second, ↓ once more wraps to the first, and ↑ wraps back to the last.
    await user.keyboard('{ArrowDown}');
    expect(busca).toHaveAttribute('aria-activedescendant', jose!.id);
    expect(jose).toHaveAttribute('aria-selected', 'true');
    expect(mariaOption).toHaveAttribute('aria-selected', 'false');
    await user.keyboard('{ArrowDown}');
    expect(busca).toHaveAttribute('aria-activedescendant', mariaOption!.id);
    await user.keyboard('{ArrowDown}');
    expect(busca).toHaveAttribute('aria-activedescendant', jose!.id);
    await user.keyboard('{ArrowUp}');
    expect(busca).toHaveAttribute('aria-activedescendant', mariaOption!.id);
    // The focus never left the box.
    expect(busca).toHaveFocus();

    // Escape closes the list and keeps what was typed; ↓ opens it again.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    expect(busca).toHaveAttribute('aria-expanded', 'false');
    expect(busca).not.toHaveAttribute('aria-activedescendant');
    expect(busca).not.toHaveAttribute('aria-controls');
    expect(busca).toHaveValue('jose');
    await user.keyboard('{ArrowDown}');
    const reopened = screen.getByRole('listbox', { name: 'Clientes encontrados' });
    expect(within(reopened).getByRole('option', { name: /José da Silva/ })).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{ArrowDown}');

    // Enter picks the active result; the focus stays in the customer's card, on "Trocar cliente".
    await user.keyboard('{Enter}');
    expect(within(resumo()).getByText('Maria José')).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Buscar cliente' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Trocar cliente' })).toHaveFocus();
  });

  it('does nothing on Enter in the customer search while no result is active (the sale is not sent)', async () => {
    const { user, api } = setup();
    await user.selectOptions(await screen.findByLabelText('Forma de pagamento'), 'Fiado');
    await addProduct(user, /Leite 1L/);
    await user.type(screen.getByRole('combobox', { name: 'Buscar cliente' }), 'jose');
    await screen.findByRole('listbox', { name: 'Clientes encontrados' });
    await user.keyboard('{Enter}');
    expect(screen.getByRole('combobox', { name: 'Buscar cliente' })).toHaveValue('jose');
    expect(screen.queryByRole('button', { name: 'Trocar cliente' })).not.toBeInTheDocument();
    expect(api.calls('POST', '/api/vendas')).toHaveLength(0);
  });

  it('shows "Crédito R$ x" for a customer with credit, in the results, the list and the chosen card', async () => {
    const { user } = setup({ 'GET /api/clientes': () => jsonResponse(200, clientes([cliente({ saldoAtual: 1500, saldoPendente: 0 })])) });
    await user.selectOptions(await screen.findByLabelText('Forma de pagamento'), 'Fiado');
    const select = screen.getByLabelText('Ou selecione da lista');
    await waitFor(() => expect(within(select).getByRole('option', { name: 'José da Silva — Crédito R$ 15,00' })).toBeInTheDocument());
    await user.type(screen.getByLabelText('Buscar cliente'), 'jose');
    const results = await screen.findByRole('listbox', { name: 'Clientes encontrados' });
    const result = within(results).getByRole('option', { name: /José da Silva/ });
    expect(within(result).getByText('Crédito R$ 15,00')).toBeInTheDocument();
    expect(within(result).queryByText(/Devedor/)).not.toBeInTheDocument();
    await user.click(result);
    expect(within(screen.getByRole('group', { name: 'Cliente' })).getByText('Crédito R$ 15,00')).toBeInTheDocument();
  });

  it('asks to confirm a sale past the credit limit, showing the available credit, then records the confirmation', async () => {
    const { user, api } = setup();
    await user.selectOptions(await screen.findByLabelText('Forma de pagamento'), 'Fiado');
    const select = screen.getByLabelText('Ou selecione da lista');
    await waitFor(() => expect(within(select).getByRole('option', { name: /José da Silva/ })).toBeInTheDocument());
    await user.selectOptions(select, JOSE);
    await addProduct(user, /Leite 1L/);
    await user.click(screen.getByRole('button', { name: 'Finalizar Venda' }));

    // Limit R$ 100,00, owes R$ 80,00 → R$ 20,00 available; this sale is R$ 5,50 → fine, no dialog.
    expect(await screen.findByText('Venda registrada com sucesso!')).toBeInTheDocument();
    expect(api.calls('POST', '/api/vendas')[0]?.body).toMatchObject({ formaPagamento: 'fiado', clienteId: JOSE, confirmarLimiteExcedido: false });
  });

  it('shows the limit dialog for a sale past the limit; "Voltar" sends nothing, confirming sends the flag', async () => {
    const { user, api } = setup();
    await user.selectOptions(await screen.findByLabelText('Forma de pagamento'), 'Fiado');
    const select = screen.getByLabelText('Ou selecione da lista');
    await waitFor(() => expect(within(select).getByRole('option', { name: /José da Silva/ })).toBeInTheDocument());
    await user.selectOptions(select, JOSE);
    await addProduct(user, /Arroz 5kg/, '1');
    await user.click(screen.getByRole('button', { name: 'Finalizar Venda' }));

    let dialog = await screen.findByRole('alertdialog', { name: 'Limite de crédito excedido' });
    expect(within(dialog).getByText('Crédito disponível').nextSibling).toHaveTextContent('R$ 20,00');
    expect(within(dialog).getByText('R$ 28,90')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Voltar' }));
    expect(api.calls('POST', '/api/vendas')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Finalizar Venda' }));
    dialog = await screen.findByRole('alertdialog', { name: 'Limite de crédito excedido' });
    await user.click(within(dialog).getByRole('button', { name: 'Vender Mesmo Assim' }));
    expect(await screen.findByText('Venda registrada com sucesso!')).toBeInTheDocument();
    expect(api.calls('POST', '/api/vendas')[0]?.body).toMatchObject({ clienteId: JOSE, confirmarLimiteExcedido: true });
  });

  it('refuses fiado to a customer with limit 0 with a clear message, never "Vender Mesmo Assim"', async () => {
    const { user, api } = setup({ 'GET /api/clientes': () => jsonResponse(200, clientes([cliente({ limiteCredito: 0, saldoAtual: 0, saldoPendente: 0 })])) });
    await user.selectOptions(await screen.findByLabelText('Forma de pagamento'), 'Fiado');
    const select = screen.getByLabelText('Ou selecione da lista');
    await waitFor(() => expect(within(select).getByRole('option', { name: /José da Silva/ })).toBeInTheDocument());
    await user.selectOptions(select, JOSE);
    await addProduct(user, /Leite 1L/);
    await user.click(screen.getByRole('button', { name: 'Finalizar Venda' }));

    expect(await screen.findByText('Venda fiada não permitida')).toBeInTheDocument();
    expect(screen.getByText(/José da Silva não compra fiado: o limite de crédito é zero/)).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Vender Mesmo Assim' })).not.toBeInTheDocument();
    expect(api.calls('POST', '/api/vendas')).toHaveLength(0);
  });

  it('shows the server\'s "no fiado" refusal instead of the limit dialog', async () => {
    const { user } = setup({
      'POST /api/vendas': () =>
        jsonResponse(409, { code: 'FIADO_NAO_PERMITIDO', message: 'x', details: { cliente: 'José da Silva' } }),
    });
    await user.selectOptions(await screen.findByLabelText('Forma de pagamento'), 'Fiado');
    const select = screen.getByLabelText('Ou selecione da lista');
    await waitFor(() => expect(within(select).getByRole('option', { name: /José da Silva/ })).toBeInTheDocument());
    await user.selectOptions(select, JOSE);
    await addProduct(user, /Leite 1L/);
    await user.click(screen.getByRole('button', { name: 'Finalizar Venda' }));
    expect(await screen.findByText('Venda fiada não permitida')).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('shows the server\'s "Estoque insuficiente" with the product and what is left', async () => {
    const { user } = setup({
      'POST /api/vendas': () =>
        jsonResponse(409, {
          code: 'ESTOQUE_INSUFICIENTE',
          message: 'Estoque insuficiente',
          details: { produtoId: ARROZ, produtoNome: 'Arroz 5kg', unidade: 'un', disponivel: 1 },
        }),
    });
    await addProduct(user, /Arroz 5kg/, '2');
    await user.click(screen.getByRole('button', { name: 'Finalizar Venda' }));
    expect(await screen.findByText('Estoque insuficiente')).toBeInTheDocument();
    expect(screen.getByText('Arroz 5kg — Disponível: 1 unidade')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Finalizar Venda' })).toBeEnabled();
  });
});

describe('/vendas/nova, sold by weight (issue 35)', () => {
  /** R$ 29,90 per kg, 2,500 kg in stock (kept in grams). */
  const queijo = produto({ id: QUEIJO, nome: 'Queijo Minas', categoria: 'Frios', unidade: 'kg', precoVenda: 2990, precoCusto: 2000, estoqueAtual: 2500, estoqueMinimo: 500 });
  const catalogo: ProdutosPage = { ...produtos, items: [...produtos.items, queijo], total: 3 };

  async function pesar(user: ReturnType<typeof setup>['user'], quantidade: string) {
    const select = await screen.findByLabelText('Produto');
    await waitFor(() => expect(within(select).getByRole('option', { name: /Queijo Minas/ })).toBeInTheDocument());
    await user.selectOptions(select, QUEIJO);
    // The field says what it counts once the product is chosen.
    const input = screen.getByLabelText('Quantidade (kg)');
    await user.clear(input);
    await user.type(input, quantidade);
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
  }

  it('sells 0,350 kg of a R$ 29,90/kg cheese for R$ 10,47, beside units, and sends 350 g', async () => {
    const { user, api } = setup({ 'GET /api/produtos': () => jsonResponse(200, catalogo) });
    const select = await screen.findByLabelText('Produto');
    await waitFor(() => expect(within(select).getByRole('option', { name: 'Queijo Minas — R$ 29,90/kg (2,500 kg em estoque)' })).toBeInTheDocument());
    expect(within(select).getByRole('option', { name: 'Leite 1L — R$ 5,50 (3 un em estoque)' })).toBeInTheDocument();
    await pesar(user, '0,350');

    const itens = screen.getByRole('list', { name: 'Itens da venda' });
    const linha = within(itens).getByRole('listitem', { name: 'Queijo Minas' });
    expect(within(linha).getByText('0,350 kg × R$ 29,90/kg')).toBeInTheDocument();
    expect(within(linha).getByText('R$ 10,47')).toBeInTheDocument();
    expect(within(linha).getByRole('status', { name: 'Quantidade de Queijo Minas' })).toHaveTextContent('0,350 kg');
    // No "one more" of a weight: a gram would help nobody.
    expect(within(linha).queryByRole('button', { name: 'Aumentar quantidade de Queijo Minas' })).not.toBeInTheDocument();

    await addProduct(user, /Leite 1L/, '2');
    // Grams are not added to units: each unit is counted apart.
    expect(within(resumo()).getByText('2 un · 0,350 kg')).toBeInTheDocument();
    expect(within(resumo()).getByText('R$ 21,47')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Finalizar Venda' }));
    expect(await screen.findByText('Venda registrada com sucesso!')).toBeInTheDocument();
    expect(api.calls('POST', '/api/vendas')[0]?.body).toMatchObject({
      itens: [
        { produtoId: QUEIJO, quantidade: 350 },
        { produtoId: LEITE, quantidade: 2 },
      ],
    });
  });

  it('says why a quantity does not fit its product: whole units, three decimals, the range and the stock in kg', async () => {
    const { user } = setup({ 'GET /api/produtos': () => jsonResponse(200, catalogo) });
    await addProduct(user, /Leite 1L/, '2,5');
    expect(await screen.findByRole('alert')).toHaveTextContent('Este produto é vendido por unidade: informe um número inteiro.');
    expect(screen.getByLabelText('Quantidade')).toHaveAttribute('aria-invalid', 'true');

    await pesar(user, '0,0001');
    expect(await screen.findByRole('alert')).toHaveTextContent('Informe no máximo 3 casas decimais, como 0,350.');
    await pesar(user, '0');
    expect(await screen.findByRole('alert')).toHaveTextContent('Informe uma quantidade de 0,001 a 1.000 kg.');
    expect(screen.getByText('Nenhum produto adicionado')).toBeInTheDocument();

    await pesar(user, '3');
    expect(await screen.findByText('Estoque insuficiente')).toBeInTheDocument();
    expect(screen.getByText('Disponível: 2,500 kg')).toBeInTheDocument();
    expect(screen.getByText('Nenhum produto adicionado')).toBeInTheDocument();
  });

  it('shows the server\'s "Estoque insuficiente" of a weighed product in kg', async () => {
    const { user } = setup({
      'GET /api/produtos': () => jsonResponse(200, catalogo),
      'POST /api/vendas': () =>
        jsonResponse(409, { code: 'ESTOQUE_INSUFICIENTE', message: 'x', details: { produtoId: QUEIJO, produtoNome: 'Queijo Minas', unidade: 'kg', disponivel: 200 } }),
    });
    await pesar(user, '0,350');
    await user.click(screen.getByRole('button', { name: 'Finalizar Venda' }));
    expect(await screen.findByText('Queijo Minas — Disponível: 0,200 kg')).toBeInTheDocument();
  });

  it('reads a cart kept before products had a unit as units', async () => {
    const chave = '66666666-6666-4666-8666-666666666666';
    const antigo = { forma: 'vista', cliente: null, itens: [{ produtoId: LEITE, nome: 'Leite 1L', precoVenda: 550, estoque: 3, quantidade: 2 }], observacoes: '', chave };
    window.sessionStorage.setItem('caderneta.venda.u1', JSON.stringify(antigo));
    const { user, api } = setup();
    const linha = within(await screen.findByRole('list', { name: 'Itens da venda' })).getByRole('listitem', { name: 'Leite 1L' });
    expect(within(linha).getByText('2 un × R$ 5,50')).toBeInTheDocument();
    expect(within(resumo()).getByText('R$ 11,00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Finalizar Venda' }));
    expect(await screen.findByText('Venda registrada com sucesso!')).toBeInTheDocument();
    expect(api.calls('POST', '/api/vendas')[0]?.body).toMatchObject({ itens: [{ produtoId: LEITE, quantidade: 2 }], chave });
  });
});
