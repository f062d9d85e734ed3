import type { Cliente, Produto, ProdutosPage, VendaDetalhe } from '@caderneta/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { deferred, jsonResponse, mockApi, renderApp, signedIn, type FakeRequest } from '@/test/utils';

/** The counter at keyboard speed (issue 35, part 4): search focus, "3*", Enter, F2, F4, Esc, "?" and the camera. */

const ARROZ = '11111111-1111-4111-8111-111111111111';
const ARROZ_INTEGRAL = '66666666-6666-4666-8666-666666666666';
const LEITE = '22222222-2222-4222-8222-222222222222';
const JOSE = '33333333-3333-4333-8333-333333333333';
const QUEIJO = '55555555-5555-4555-8555-555555555555';

function produto(overrides: Partial<Produto>): Produto {
  return {
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
    ...overrides,
  };
}

const catalogo = [
  produto({}),
  produto({ id: ARROZ_INTEGRAL, nome: 'Arroz Integral 1kg', codigoBarras: '7891000100110', precoVenda: 990 }),
  produto({ id: LEITE, nome: 'Leite 1L', precoVenda: 550, estoqueAtual: 30, codigoBarras: '7896005800010' }),
  // Sold by the kg: R$ 29,90/kg, 2,500 kg in stock (kept in grams).
  produto({ id: QUEIJO, nome: 'Queijo Minas', unidade: 'kg', precoVenda: 2990, estoqueAtual: 2500, codigoBarras: '2000000003501' }),
];

const jose: Cliente = {
  id: JOSE,
  nome: 'José da Silva',
  telefone: '11987654321',
  email: null,
  endereco: null,
  limiteCredito: 100000,
  login: 'jose12345',
  ativo: true,
  saldoAtual: 0,
  saldoPendente: 0,
  dataVencimento: null,
  observacoes: null,
  avisos: null,
  createdAt: '2025-03-01T12:00:00.000Z',
};

function vendaCriada(request: FakeRequest): VendaDetalhe {
  const body = request.body as { formaPagamento: 'vista' | 'fiado'; clienteId?: string | null };
  return {
    id: '44444444-4444-4444-8444-444444444444',
    numeroVenda: 'V1741600000000',
    dataVenda: '2025-03-10T12:00:00.000Z',
    valorTotal: 1100,
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
    // The server's search: name, category or the whole barcode.
    'GET /api/produtos': ({ query }) => {
      const busca = (query.get('busca') ?? '').trim().toLowerCase();
      const items = catalogo.filter((p) => !busca || p.nome.toLowerCase().includes(busca) || p.codigoBarras === busca);
      const page: ProdutosPage = { items, total: items.length, page: 1, pageSize: 100, resumo: { total: 3, estoqueBaixo: 0, valorTotal: 0, margemMedia: 0 } };
      return jsonResponse(200, page);
    },
    'GET /api/clientes': () => jsonResponse(200, { items: [jose], total: 1, page: 1, pageSize: 100, resumo: { total: 1, ativos: 1, comPendencias: 0 } }),
    'POST /api/vendas': (request) => jsonResponse(201, vendaCriada(request)),
    'GET /api/vendas': () => jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 20, resumo: { totalVendas: 0, valorTotal: 0, vendasHoje: 0, pendentes: 0, canceladas: 0 } }),
    ...extra,
  });
  return { ...renderApp('/vendas/nova'), api };
}

const itensDaVenda = () => screen.getByRole('list', { name: 'Itens da venda' });
const quantidadeDe = (nome: string) => within(itensDaVenda()).getByRole('status', { name: `Quantidade de ${nome}` });

describe('/vendas/nova at the keyboard', () => {
  // The page's form (its route is lazy) is loaded once before the first test's clock starts: on a
  // busy 2-core machine loading it took more than that test's budget.
  beforeAll(() => import('./components/nova-venda-form'));

  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('starts in the product search, and comes back to it after each item', async () => {
    const { user } = setup();
    const busca = await screen.findByRole('combobox', { name: 'Buscar produto' });
    await waitFor(() => expect(busca).toHaveFocus());

    await user.keyboard('7896005800010{Enter}');
    await waitFor(() => expect(quantidadeDe('Leite 1L')).toHaveTextContent('1'));
    expect(busca).toHaveValue('');
    expect(busca).toHaveFocus();

    // Added with the select and "Adicionar": the focus goes back to the search too.
    const select = screen.getByLabelText('Produto');
    await user.selectOptions(select, within(select).getByRole('option', { name: /Arroz 5kg/ }));
    await user.click(screen.getByRole('button', { name: 'Adicionar' }));
    expect(quantidadeDe('Arroz 5kg')).toHaveTextContent('1');
    expect(busca).toHaveFocus();
  });

  it('adds "2*" and a scanned code as two units, and says so', async () => {
    const { user } = setup();
    const busca = await screen.findByRole('combobox', { name: 'Buscar produto' });
    await user.type(busca, '2*');
    expect(screen.getByText('Quantidade do próximo item: 2')).toBeInTheDocument();
    expect(busca).toHaveAccessibleDescription('Quantidade do próximo item: 2');
    await user.type(busca, '7896005800010{Enter}');
    await waitFor(() => expect(quantidadeDe('Leite 1L')).toHaveTextContent('2'));
    expect(screen.getByText('2 × Leite 1L adicionados à venda.')).toBeInTheDocument();
    expect(busca).toHaveValue('');
    expect(screen.queryByText(/Quantidade do próximo item/)).not.toBeInTheDocument();

    // The next scan, without "n*", is one more unit.
    await user.type(busca, '7896005800010{Enter}');
    await waitFor(() => expect(quantidadeDe('Leite 1L')).toHaveTextContent('3'));
  });

  it('takes the next scan while the last one is still being looked up: each code goes in, in the order read', async () => {
    // The server is slow to answer the first code; the scanner reads two more meanwhile.
    const lento = deferred<void>();
    const pagina = (items: Produto[]): ProdutosPage => ({ items, total: items.length, page: 1, pageSize: 100, resumo: { total: 3, estoqueBaixo: 0, valorTotal: 0, margemMedia: 0 } });
    const { user, api } = setup({
      'GET /api/produtos': async ({ query }) => {
        const busca = query.get('busca') ?? '';
        if (busca === '7896005800010') await lento.promise;
        return jsonResponse(200, pagina(catalogo.filter((p) => !busca || p.codigoBarras === busca)));
      },
    });
    const busca = await screen.findByRole('combobox', { name: 'Buscar produto' });
    await user.type(busca, '7896005800010{Enter}');
    // The box is free at once for the next scan.
    expect(busca).toHaveValue('');
    await user.type(busca, '2*7891000100103{Enter}');
    await user.type(busca, '7890000000000{Enter}');
    expect(screen.queryByRole('list', { name: 'Itens da venda' })).not.toBeInTheDocument();

    lento.resolve();
    await waitFor(() => expect(quantidadeDe('Arroz 5kg')).toHaveTextContent('2'));
    expect(quantidadeDe('Leite 1L')).toHaveTextContent('1');
    const [primeiro, segundo] = within(itensDaVenda()).getAllByRole('listitem');
    expect(primeiro).toHaveAccessibleName('Leite 1L');
    expect(segundo).toHaveAccessibleName('Arroz 5kg');
    // The code that finds nothing is said, and comes back to the box to be corrected.
    expect(await screen.findByText('Nenhum produto ativo com “7890000000000” no nome, na categoria ou no código de barras.')).toBeInTheDocument();
    expect(busca).toHaveValue('7890000000000');
    const buscas = api.calls('GET', '/api/produtos').map((r) => r.query.get('busca'));
    expect(buscas.filter((b) => b && /^\d+$/.test(b))).toEqual(['7896005800010', '7891000100103', '7890000000000']);
  });

  it('lists what a name finds; ↓/↑ highlight a result and Enter adds it, with the "3*" typed before the name', async () => {
    const { user, api } = setup();
    const busca = await screen.findByRole('combobox', { name: 'Buscar produto' });
    await user.type(busca, '3*arroz');
    const resultados = await screen.findByRole('listbox', { name: 'Produtos encontrados' });
    // The search sent the name, not the "3*".
    expect(api.requests.some((r) => r.path === '/api/produtos' && r.query.get('busca') === 'arroz')).toBe(true);
    expect(screen.getByText('2 produtos encontrados; use as setas para escolher e Enter para adicionar.')).toBeInTheDocument();
    const [arroz, integral] = within(resultados).getAllByRole('option');
    expect(arroz).toHaveTextContent('Arroz 5kg');
    expect(arroz).toHaveTextContent('R$ 28,90 · 10 un em estoque');
    expect(integral).toHaveTextContent('Arroz Integral 1kg');

    await user.keyboard('{ArrowDown}{ArrowDown}');
    expect(busca).toHaveAttribute('aria-activedescendant', integral!.id);
    await user.keyboard('{ArrowUp}');
    expect(busca).toHaveAttribute('aria-activedescendant', arroz!.id);
    await user.keyboard('{Enter}');

    expect(quantidadeDe('Arroz 5kg')).toHaveTextContent('3');
    expect(within(itensDaVenda()).queryByRole('listitem', { name: 'Arroz Integral 1kg' })).not.toBeInTheDocument();
    expect(screen.getByText('3 × Arroz 5kg adicionados à venda.')).toBeInTheDocument();
    expect(busca).toHaveValue('');
    expect(busca).toHaveFocus();
    expect(screen.queryByRole('listbox', { name: 'Produtos encontrados' })).not.toBeInTheDocument();
    // Adding is not sending: the sale waits for "Finalizar Venda".
    expect(api.calls('POST', '/api/vendas')).toHaveLength(0);
  });

  it('puts one product found by name in the select with the "n*" as its quantity', async () => {
    const { user } = setup();
    const busca = await screen.findByRole('combobox', { name: 'Buscar produto' });
    await user.type(busca, '4*leite{Enter}');
    await waitFor(() => expect(screen.getByLabelText('Quantidade')).toHaveFocus());
    expect(screen.getByLabelText('Produto')).toHaveDisplayValue(/Leite 1L/);
    expect(screen.getByLabelText('Quantidade')).toHaveValue('4');
    await user.keyboard('{Enter}');
    expect(quantidadeDe('Leite 1L')).toHaveTextContent('4');
    expect(busca).toHaveFocus();
  });

  it.each(['0*', '-1*', '10001*', '2,5*', '*'])('refuses the multiplier %j with a message and adds nothing, by code or from the list', async (multiplicador) => {
    const { user } = setup();
    const busca = await screen.findByRole('combobox', { name: 'Buscar produto' });
    const mensagem = 'Quantidade inválida antes do “*”: use um número inteiro de 1 a 10.000, como em 3*arroz. Nada foi adicionado.';

    await user.type(busca, `${multiplicador}7896005800010{Enter}`);
    expect(await screen.findByText(mensagem)).toBeInTheDocument();
    expect(busca).toHaveAccessibleDescription(mensagem);
    // Kept to be corrected.
    expect(busca).toHaveValue(`${multiplicador}7896005800010`);

    await user.clear(busca);
    await user.type(busca, `${multiplicador}leite`);
    await screen.findByRole('listbox', { name: 'Produtos encontrados' });
    await user.keyboard('{ArrowDown}{Enter}');
    expect(await screen.findByText(mensagem)).toBeInTheDocument();
    expect(screen.getByText('Nenhum produto adicionado')).toBeInTheDocument();
  });

  it('takes "0,350*" before a weighed product as 0,350 kg, and refuses it before one sold by the unit', async () => {
    const { user } = setup();
    const busca = await screen.findByRole('combobox', { name: 'Buscar produto' });
    await user.type(busca, '0,350*');
    expect(screen.getByText('Quantidade do próximo item: 0,350')).toBeInTheDocument();
    await user.type(busca, '2000000003501{Enter}');
    await waitFor(() => expect(quantidadeDe('Queijo Minas')).toHaveTextContent('0,350 kg'));
    expect(screen.getByText('0,350 kg × Queijo Minas adicionados à venda.')).toBeInTheDocument();
    expect(within(itensDaVenda()).getByText('R$ 10,47')).toBeInTheDocument();

    // The same "0,350*" before a product sold by the unit: refused, kept in the box to be corrected.
    await user.type(busca, '0,350*7896005800010{Enter}');
    expect(
      await screen.findByText('Quantidade inválida antes do “*”: use um número inteiro de 1 a 10.000, como em 3*arroz. Nada foi adicionado.'),
    ).toBeInTheDocument();
    expect(busca).toHaveValue('0,350*7896005800010');
    expect(within(itensDaVenda()).queryByRole('listitem', { name: 'Leite 1L' })).not.toBeInTheDocument();

    // Past the kg maximum: the message says the weighed product's range.
    await user.clear(busca);
    await user.type(busca, '1001*2000000003501{Enter}');
    expect(
      await screen.findByText('Quantidade inválida antes do “*”: use de 0,001 a 1.000 kg, com até 3 casas decimais, como em 0,350*queijo. Nada foi adicionado.'),
    ).toBeInTheDocument();
    expect(quantidadeDe('Queijo Minas')).toHaveTextContent('0,350 kg');
  });

  it('does not add 1 kg of a weighed product scanned without "n*": it waits in the select for its weight', async () => {
    const { user } = setup();
    const busca = await screen.findByRole('combobox', { name: 'Buscar produto' });
    await user.type(busca, '2000000003501{Enter}');
    const quantidade = await screen.findByLabelText('Quantidade (kg)');
    await waitFor(() => expect(quantidade).toHaveFocus());
    expect(quantidade).toHaveValue('');
    expect(screen.getByLabelText('Produto')).toHaveDisplayValue(/Queijo Minas/);
    expect(screen.getByText('Venda por kg: informe a quantidade de Queijo Minas e toque em Adicionar.')).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Itens da venda' })).not.toBeInTheDocument();
    await user.keyboard('1,2{Enter}');
    await waitFor(() => expect(quantidadeDe('Queijo Minas')).toHaveTextContent('1,200 kg'));
    expect(within(itensDaVenda()).getByText('R$ 35,88')).toBeInTheDocument();
    expect(busca).toHaveFocus();
  });

  it('Esc empties the search from the search or from elsewhere on the page, and the focus goes back to it', async () => {
    const { user } = setup();
    const busca = await screen.findByRole('combobox', { name: 'Buscar produto' });
    await user.type(busca, 'arroz');
    await screen.findByRole('listbox', { name: 'Produtos encontrados' });
    await user.keyboard('{Escape}');
    expect(busca).toHaveValue('');
    expect(screen.queryByRole('listbox', { name: 'Produtos encontrados' })).not.toBeInTheDocument();

    await user.type(busca, 'leite');
    // Elsewhere: the help button, then Esc.
    screen.getByRole('button', { name: 'Atalhos do teclado' }).focus();
    await user.keyboard('{Escape}');
    expect(busca).toHaveValue('');
    expect(busca).toHaveFocus();
  });

  it('F2 finishes the sale as "Finalizar Venda" does, and does nothing while it is disabled or sending', async () => {
    const answer = deferred<Response>();
    const { user, api, router } = setup({ 'POST /api/vendas': () => answer.promise });
    const busca = await screen.findByRole('combobox', { name: 'Buscar produto' });
    expect(screen.getByRole('button', { name: 'Finalizar Venda' })).toHaveAttribute('aria-keyshortcuts', 'F2');

    // No items: the button is disabled, and so is F2.
    await user.keyboard('{F2}');
    expect(api.calls('POST', '/api/vendas')).toHaveLength(0);

    await user.type(busca, '2*7896005800010{Enter}');
    await waitFor(() => expect(quantidadeDe('Leite 1L')).toHaveTextContent('2'));
    await user.keyboard('{F2}');
    expect(await screen.findByRole('button', { name: 'Finalizando...' })).toBeDisabled();
    // Pressed again while the sale is on its way: not sent twice.
    await user.keyboard('{F2}');
    expect(api.calls('POST', '/api/vendas')).toHaveLength(1);
    expect(api.calls('POST', '/api/vendas')[0]?.body).toMatchObject({ formaPagamento: 'vista', itens: [{ produtoId: LEITE, quantidade: 2 }] });

    answer.resolve(jsonResponse(201, vendaCriada(api.calls('POST', '/api/vendas')[0]!)));
    expect(await screen.findByText('Venda registrada com sucesso!')).toBeInTheDocument();
    // /vendas is a lazy route: on a busy machine its first load here takes seconds.
    await waitFor(() => expect(router.state.location.pathname).toBe('/vendas'), { timeout: 10_000 });
  });

  it('F4 makes the sale fiado and goes to the customer search; with a customer chosen, to "Trocar cliente"', async () => {
    const { user, api } = setup();
    const busca = await screen.findByRole('combobox', { name: 'Buscar produto' });
    await user.type(busca, '7896005800010{Enter}');
    await waitFor(() => expect(quantidadeDe('Leite 1L')).toHaveTextContent('1'));

    await user.keyboard('{F4}');
    expect(screen.getByLabelText('Forma de pagamento')).toHaveValue('fiado');
    const buscaCliente = screen.getByRole('combobox', { name: 'Buscar cliente' });
    expect(buscaCliente).toHaveFocus();
    await user.keyboard('jos');
    await screen.findByRole('listbox', { name: 'Clientes encontrados' });
    await user.keyboard('{ArrowDown}{Enter}');
    const trocar = screen.getByRole('button', { name: 'Trocar cliente' });
    expect(trocar).toHaveFocus();

    // Back to the products, then F4 again: the chosen customer's card.
    busca.focus();
    await user.keyboard('{F4}');
    expect(trocar).toHaveFocus();

    await user.keyboard('{F2}');
    expect(await screen.findByText('Venda registrada com sucesso!')).toBeInTheDocument();
    expect(api.calls('POST', '/api/vendas')[0]?.body).toMatchObject({ formaPagamento: 'fiado', clienteId: JOSE });
  });

  it('"?" outside a field and the help button open the list of shortcuts; "?" typed in the search is just text', async () => {
    const { user } = setup();
    const busca = await screen.findByRole('combobox', { name: 'Buscar produto' });
    await user.type(busca, '?');
    expect(busca).toHaveValue('?');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.keyboard('{Escape}');

    busca.blur();
    await user.keyboard('?');
    const dialog = await screen.findByRole('dialog', { name: 'Atalhos do teclado' });
    for (const [tecla, acao] of [
      ['F2', 'Finaliza a venda'],
      ['F4', 'Escolhe o cliente (venda fiado)'],
      ['Esc', 'Limpa a busca de produtos e volta para ela'],
      ['3*', 'Antes do código ou do nome: a quantidade do próximo item (3*arroz adiciona 3; 0,350*queijo, 0,350 kg)'],
      ['Enter', 'Adiciona o produto destacado, ou o do código digitado ou lido'],
    ]) {
      expect(within(dialog).getByText(tecla!).closest('dt')?.nextElementSibling).toHaveTextContent(acao!);
    }
    // The page's shortcuts wait while the help is open: F2 does not reach the sale.
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    const ajuda = screen.getByRole('button', { name: 'Atalhos do teclado' });
    expect(ajuda).toHaveAttribute('aria-keyshortcuts', '?');
    await user.click(ajuda);
    expect(await screen.findByRole('dialog', { name: 'Atalhos do teclado' })).toBeInTheDocument();
  });

  it('shows no "Escanear" where the browser cannot read barcodes', async () => {
    setup();
    await screen.findByRole('combobox', { name: 'Buscar produto' });
    expect('BarcodeDetector' in window).toBe(false);
    expect(screen.queryByRole('button', { name: 'Escanear' })).not.toBeInTheDocument();
  });

  it('"Escanear" reads a code with the camera, adds its product the way a scanner does, and turns the camera off', async () => {
    const stop = vi.fn();
    const stream = new MediaStream();
    // happy-dom's MediaStream has no tracks to stop: this one has the camera's.
    Object.defineProperty(stream, 'getTracks', { value: () => [{ stop }] });
    const getUserMedia = vi.fn(async () => stream);
    vi.stubGlobal('BarcodeDetector', class {
      static getSupportedFormats = async () => ['ean_13', 'qr_code'];
      async detect() {
        return [{ rawValue: '7896005800010' }];
      }
    });
    Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
    // happy-dom plays no video: this one has a frame at once.
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    vi.spyOn(HTMLMediaElement.prototype, 'readyState', 'get').mockReturnValue(4) // HAVE_ENOUGH_DATA;

    const { user } = setup();
    const busca = await screen.findByRole('combobox', { name: 'Buscar produto' });
    await user.type(busca, '3*');
    await user.click(screen.getByRole('button', { name: 'Escanear' }));

    await waitFor(() => expect(quantidadeDe('Leite 1L')).toHaveTextContent('3'));
    expect(getUserMedia).toHaveBeenCalledWith(expect.objectContaining({ video: expect.anything(), audio: false }));
    expect(stop).toHaveBeenCalled();
    expect(screen.queryByRole('dialog', { name: 'Escanear código de barras' })).not.toBeInTheDocument();
    expect(screen.getByText('3 × Leite 1L adicionados à venda.')).toBeInTheDocument();
    await waitFor(() => expect(busca).toHaveFocus());
    Reflect.deleteProperty(navigator, 'mediaDevices');
  });

  it('says when the camera cannot be used, and the search is still there', async () => {
    vi.stubGlobal('BarcodeDetector', class {
      async detect() {
        return [];
      }
    });
    const getUserMedia = vi.fn(async () => {
      throw new DOMException('Permission denied', 'NotAllowedError');
    });
    Object.defineProperty(navigator, 'mediaDevices', { value: { getUserMedia }, configurable: true });
    const { user } = setup();
    await screen.findByRole('combobox', { name: 'Buscar produto' });
    await user.click(screen.getByRole('button', { name: 'Escanear' }));
    const dialog = await screen.findByRole('dialog', { name: 'Escanear código de barras' });
    expect(await within(dialog).findByRole('status')).toHaveTextContent(
      'Não foi possível usar a câmera. Permita o acesso à câmera no navegador ou digite o código na busca.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(screen.getByRole('combobox', { name: 'Buscar produto' })).toHaveFocus();
    Reflect.deleteProperty(navigator, 'mediaDevices');
  });
});
