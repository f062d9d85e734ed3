import type { Produto, ProdutosPage } from '@caderneta/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, jsonResponse, missingReferences, mockApi, renderApp, signedIn } from '@/test/utils';

const ESTOQUE_MINIMO_HINT = 'Avisamos quando o estoque chegar a esse número.';

const ID = '33333333-3333-4333-8333-333333333333';

function produto(overrides: Partial<Produto> = {}): Produto {
  return {
    id: ID,
    nome: 'Café Torrado 500g',
    descricao: null,
    categoria: 'Mercearia',
    codigoBarras: null,
    unidade: 'un',
    precoVenda: 1890,
    precoCusto: 1200,
    estoqueAtual: 3,
    estoqueMinimo: 5,
    ativo: true,
    estoqueBaixo: true,
    margem: 36.5,
    valorTotal: 5670,
    createdAt: '2025-03-05T15:00:00.000Z',
    ...overrides,
  };
}

const resumo = { total: 12, estoqueBaixo: 2, valorTotal: 1234567, margemMedia: 43.9 };
const page = (items: Produto[], r = resumo): ProdutosPage => ({ items, total: items.length, page: 1, pageSize: 20, resumo: r });

describe('/produtos', () => {
  it('shows the loading text, then the four cards and each row', async () => {
    const answer = deferred<Response>();
    mockApi({ ...signedIn(), 'GET /api/produtos': () => answer.promise });
    renderApp('/produtos');
    expect(await screen.findByText('Carregando produtos...')).toBeInTheDocument();
    answer.resolve(
      jsonResponse(
        200,
        page([
          produto(),
          produto({
            id: '44444444-4444-4444-8444-444444444444',
            nome: 'Sabão em Pó',
            categoria: null,
            estoqueAtual: 40,
            estoqueBaixo: false,
            margem: -10,
            valorTotal: 75600,
          }),
        ]),
      ),
    );

    expect(await screen.findByText('2 produtos encontrados')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Total Produtos' })).getByText('12')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Estoque Baixo' })).getByText('2')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Valor Total' })).getByText('R$ 12.345,67')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Margem Média' })).getByText('43,9%')).toBeInTheDocument();

    const cafe = screen.getByRole('listitem', { name: 'Café Torrado 500g' });
    // Each row's name is a heading right under the page's h1 (no level skipped).
    expect(within(cafe).getByRole('heading', { level: 2, name: 'Café Torrado 500g' })).toBeInTheDocument();
    expect(within(cafe).getByText('Mercearia')).toBeInTheDocument();
    expect(within(cafe).getByText('Estoque Baixo')).toBeInTheDocument();
    expect(within(cafe).getByText('R$ 18,90')).toBeInTheDocument();
    expect(within(cafe).getByText('R$ 12,00')).toBeInTheDocument();
    expect(within(cafe).getByText('3 un')).toBeInTheDocument();
    expect(within(cafe).getByText('(mín. 5)')).toBeInTheDocument();
    expect(within(cafe).getByText('36,5%')).toBeInTheDocument();
    expect(within(cafe).getByText('R$ 56,70')).toBeInTheDocument();

    const sabao = screen.getByRole('listitem', { name: 'Sabão em Pó' });
    expect(within(sabao).getByText('Normal')).toBeInTheDocument();
    expect(within(sabao).getByText('-10%')).toHaveClass('text-destructive');
  });

  it('shows "Nenhum produto cadastrado" for an empty catalogue', async () => {
    mockApi({ ...signedIn(), 'GET /api/produtos': () => jsonResponse(200, page([], { total: 0, estoqueBaixo: 0, valorTotal: 0, margemMedia: 0 })) });
    renderApp('/produtos');
    expect(await screen.findByRole('heading', { name: 'Nenhum produto cadastrado' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Adicionar Primeiro Produto' })).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Margem Média' })).getByText('0%')).toBeInTheDocument();
  });

  it('filters by stock on the server', async () => {
    const api = mockApi({ ...signedIn(), 'GET /api/produtos': () => jsonResponse(200, page([produto()])) });
    const { user } = renderApp('/produtos');
    await screen.findByRole('listitem', { name: 'Café Torrado 500g' });
    expect(screen.getByRole('radio', { name: 'Todos' })).toHaveAttribute('aria-checked', 'true');
    await user.click(screen.getByRole('radio', { name: 'Estoque Baixo' }));
    await waitFor(() =>
      expect(api.spy.mock.calls.map(([url]) => String(url))).toContain('/api/produtos?estoque=baixo&pageSize=20'),
    );
  });
});

/** The products page with "Novo Produto" open; `handlers` replace the default answers. */
async function openNew(handlers: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    ...signedIn(),
    'GET /api/produtos': () => jsonResponse(200, page([produto()])),
    'POST /api/produtos': (request) => jsonResponse(201, produto(request.body as Partial<Produto>)),
    'GET /api/produtos/nome-duplicado': () => jsonResponse(200, { duplicado: false, produto: null }),
    ...handlers,
  });
  const app = renderApp('/produtos');
  await app.user.click(await screen.findByRole('button', { name: 'Novo Produto' }));
  const dialog = await screen.findByRole('dialog', { name: 'Novo Produto' });
  return { ...app, api, dialog };
}

describe('product form', () => {

  it('starts with the minimum stock at 5 and uses the spec §5 messages', async () => {
    const { user, dialog, api } = await openNew();
    expect(within(dialog).getByLabelText(/^Estoque Mínimo/)).toHaveValue('5');
    expect(within(dialog).getByLabelText(/^Estoque Atual/)).toHaveValue('0');
    await user.click(within(dialog).getByRole('button', { name: 'Criar Produto' }));

    expect(await screen.findByText('Nome obrigatório!')).toBeInTheDocument();
    expect(within(dialog).getByText('Por favor, insira o nome do produto.')).toBeInTheDocument();
    expect(within(dialog).getByText('Por favor, insira um preço de venda válido.')).toBeInTheDocument();
    expect(within(dialog).getByText('Por favor, insira um preço de custo válido.')).toBeInTheDocument();
    expect(api.calls('POST', '/api/produtos')).toHaveLength(0);
  });

  it('describes each field only by texts on the page: its hint, then its message once there is one', async () => {
    const { user, dialog } = await openNew();
    expect(missingReferences(dialog)).toEqual([]);
    expect(within(dialog).getByLabelText(/^Nome/)).not.toHaveAttribute('aria-describedby');
    expect(within(dialog).getByLabelText(/^Estoque Mínimo/)).toHaveAccessibleDescription(ESTOQUE_MINIMO_HINT);

    await user.click(within(dialog).getByRole('button', { name: 'Criar Produto' }));
    await waitFor(() => expect(within(dialog).getByLabelText(/^Nome/)).toHaveAccessibleDescription('Por favor, insira o nome do produto.'));
    expect(within(dialog).getByLabelText(/^Estoque Mínimo/)).toHaveAccessibleDescription(ESTOQUE_MINIMO_HINT);
    expect(missingReferences(dialog)).toEqual([]);
  });

  it('names the first invalid number in the toast: quantity and minimum stock', async () => {
    const { user, dialog, api } = await openNew();
    await user.type(within(dialog).getByLabelText(/^Nome do Produto/), 'Arroz');
    await user.type(within(dialog).getByLabelText(/^Preço de Venda/), '12,90');
    await user.type(within(dialog).getByLabelText(/^Preço de Custo/), '8');
    const estoque = within(dialog).getByLabelText(/^Estoque Atual/);
    await user.clear(estoque);
    await user.type(estoque, 'abc');
    const minimo = within(dialog).getByLabelText(/^Estoque Mínimo/);
    await user.clear(minimo);
    await user.type(minimo, '-1');
    await user.click(within(dialog).getByRole('button', { name: 'Criar Produto' }));

    expect(await screen.findByText('Quantidade inválida!')).toBeInTheDocument();
    expect(within(dialog).getByText('Por favor, insira uma quantidade em estoque válida.')).toBeInTheDocument();
    expect(within(dialog).getByText('Por favor, insira um estoque mínimo válido.')).toBeInTheDocument();
    expect(api.calls('POST', '/api/produtos')).toHaveLength(0);
  });

  it('accepts "12,90", shows the margin, and sends centavos', async () => {
    const { user, dialog, api } = await openNew();
    await user.type(within(dialog).getByLabelText(/^Nome do Produto/), 'Arroz Tipo 1');
    await user.type(within(dialog).getByLabelText('Categoria'), 'Mercearia');
    await user.type(within(dialog).getByLabelText(/^Preço de Venda/), '12,90');
    await user.type(within(dialog).getByLabelText(/^Preço de Custo/), '9,03');
    expect(within(dialog).getByText('Margem: 30%')).toBeInTheDocument();
    const estoque = within(dialog).getByLabelText(/^Estoque Atual/);
    await user.clear(estoque);
    await user.type(estoque, '24');
    await user.click(within(dialog).getByRole('button', { name: 'Criar Produto' }));

    expect(await screen.findByText('Produto criado com sucesso!')).toBeInTheDocument();
    expect(api.calls('POST', '/api/produtos')[0]?.body).toEqual({
      nome: 'Arroz Tipo 1',
      descricao: null,
      categoria: 'Mercearia',
      codigoBarras: null,
      unidade: 'un',
      precoVenda: 1290,
      precoCusto: 903,
      estoqueAtual: 24,
      estoqueMinimo: 5,
    });
  });

  it('registers a product sold by the kg: the labels say so, "2,500" of stock is sent as 2500 g', async () => {
    const { user, dialog, api } = await openNew();
    await user.type(within(dialog).getByLabelText(/^Nome do Produto/), 'Queijo Minas');
    const unidade = within(dialog).getByLabelText(/^Unidade de venda/);
    expect(unidade).toHaveDisplayValue('Unidade (un)');
    expect(within(unidade).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Unidade (un)',
      'Quilograma (kg)',
      'Grama (g)',
      'Litro (L)',
      'Mililitro (ml)',
      'Caixa (cx)',
      'Pacote (pct)',
    ]);
    await user.selectOptions(unidade, 'kg');
    await user.type(within(dialog).getByLabelText(/^Preço de Venda \(por kg\)/), '29,90');
    await user.type(within(dialog).getByLabelText(/^Preço de Custo \(por kg\)/), '20');
    const estoque = within(dialog).getByLabelText(/^Estoque Atual \(kg\)/);
    const minimo = within(dialog).getByLabelText(/^Estoque Mínimo \(kg\)/);
    await user.clear(estoque);
    await user.type(estoque, '2,5001');
    await user.clear(minimo);
    await user.type(minimo, '0,5');
    await user.click(within(dialog).getByRole('button', { name: 'Criar Produto' }));
    // Grams are the finest step: a fourth decimal is refused, not rounded.
    expect(await within(dialog).findByText('Informe no máximo 3 casas decimais, como 0,350.')).toBeInTheDocument();
    expect(api.calls('POST', '/api/produtos')).toHaveLength(0);

    await user.clear(estoque);
    await user.type(estoque, '2,500');
    await user.click(within(dialog).getByRole('button', { name: 'Criar Produto' }));
    expect(await screen.findByText('Produto criado com sucesso!')).toBeInTheDocument();
    expect(api.calls('POST', '/api/produtos')[0]?.body).toMatchObject({ nome: 'Queijo Minas', unidade: 'kg', precoVenda: 2990, precoCusto: 2000, estoqueAtual: 2500, estoqueMinimo: 500 });
  });

  it('refuses "2,5" of stock for a product sold by the unit, saying why', async () => {
    const { user, dialog, api } = await openNew();
    await user.type(within(dialog).getByLabelText(/^Nome do Produto/), 'Arroz');
    await user.type(within(dialog).getByLabelText(/^Preço de Venda/), '12,90');
    await user.type(within(dialog).getByLabelText(/^Preço de Custo/), '8');
    const estoque = within(dialog).getByLabelText(/^Estoque Atual/);
    await user.clear(estoque);
    await user.type(estoque, '2,5');
    await user.click(within(dialog).getByRole('button', { name: 'Criar Produto' }));
    expect(await screen.findByText('Quantidade inválida!')).toBeInTheDocument();
    expect(within(dialog).getByText('Este produto é vendido por unidade: informe um número inteiro.')).toBeInTheDocument();
    expect(api.calls('POST', '/api/produtos')).toHaveLength(0);
  });

  it('warns when the cost is above the price, and saves such a product only when the seller confirms', async () => {
    const { user, dialog, api } = await openNew();
    await user.type(within(dialog).getByLabelText(/^Nome do Produto/), 'Sabão em pó');
    await user.type(within(dialog).getByLabelText(/^Preço de Venda/), '10');
    await user.type(within(dialog).getByLabelText(/^Preço de Custo/), '16');
    expect(within(dialog).getByText('Margem: -60% — cada unidade vendida dá R$ 6,00 de prejuízo')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Criar Produto' }));
    let pergunta = await screen.findByRole('alertdialog', { name: 'Preço de venda abaixo do custo' });
    expect(pergunta).toHaveTextContent('Vendendo Sabão em pó por R$ 10,00 com custo de R$ 16,00, cada unidade vendida dá R$ 6,00 de prejuízo (margem -60%).');
    await user.click(within(pergunta).getByRole('button', { name: 'Corrigir preços' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls('POST', '/api/produtos')).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Novo Produto' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Criar Produto' }));
    pergunta = await screen.findByRole('alertdialog', { name: 'Preço de venda abaixo do custo' });
    await user.click(within(pergunta).getByRole('button', { name: 'Salvar mesmo assim' }));
    expect(await screen.findByText('Produto criado com sucesso!')).toBeInTheDocument();
    expect(api.calls('POST', '/api/produtos')[0]?.body).toMatchObject({ precoVenda: 1000, precoCusto: 1600 });
  });

  it('edits a product with its values filled in', async () => {
    const api = mockApi({
      ...signedIn(),
      'GET /api/produtos': () => jsonResponse(200, page([produto()])),
      [`PUT /api/produtos/${ID}`]: () => jsonResponse(200, produto({ estoqueAtual: 30 })),
    });
    const { user } = renderApp('/produtos');
    await user.click(await screen.findByRole('button', { name: 'Editar Café Torrado 500g' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Produto' });
    expect(within(dialog).getByLabelText(/^Preço de Venda/)).toHaveValue('18,90');
    const estoque = within(dialog).getByLabelText(/^Estoque Atual/);
    await user.clear(estoque);
    await user.type(estoque, '30');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar Alterações' }));
    expect(await screen.findByText('Produto atualizado com sucesso!')).toBeInTheDocument();
    expect(api.calls('PUT', `/api/produtos/${ID}`)[0]?.body).toMatchObject({ precoVenda: 1890, precoCusto: 1200, estoqueAtual: 30, estoqueMinimo: 5 });
  });
});

describe('barcodes', () => {
  it("takes a scanner's Enter in \"Código de barras\" as a move to the price, not a save", async () => {
    const { user, api, dialog } = await openNew();
    await user.type(within(dialog).getByLabelText(/^Nome do Produto/), 'Leite Integral 1L');
    await user.type(within(dialog).getByLabelText(/^Preço de Venda/), '5,49');
    await user.type(within(dialog).getByLabelText(/^Preço de Custo/), '4');
    // The code scanned last, with the stock still to fill in.
    await user.type(within(dialog).getByLabelText('Código de barras'), '7891000100103{Enter}');
    expect(within(dialog).getByLabelText(/^Preço de Venda/)).toHaveFocus();
    expect(api.calls('POST', '/api/produtos')).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Novo Produto' })).toBeInTheDocument();
  });

  it("shows the server's refusal of a barcode another product has on the field and in the toast, keeping what was typed", async () => {
    const { user, api, dialog } = await openNew({
      'POST /api/produtos': () =>
        jsonResponse(409, {
          code: 'CODIGO_BARRAS_EM_USO',
          message: 'O código de barras 7891000100103 já é do produto Leite Integral 1L',
          details: { produtoId: ID, produtoNome: 'Leite Integral 1L' },
          issues: [{ path: 'codigoBarras', message: 'codigoBarrasEmUso' }],
        }),
    });
    await user.type(within(dialog).getByLabelText(/^Nome do Produto/), 'Leite Desnatado 1L');
    await user.type(within(dialog).getByLabelText(/^Preço de Venda/), '5,50');
    await user.type(within(dialog).getByLabelText(/^Preço de Custo/), '4');
    await user.type(within(dialog).getByLabelText('Código de barras'), '7891000100103');
    await user.click(within(dialog).getByRole('button', { name: 'Criar Produto' }));

    expect(await screen.findByText('O código de barras já é do produto Leite Integral 1L. Cada produto ativo precisa de um código próprio.')).toBeInTheDocument();
    const codigo = within(dialog).getByLabelText('Código de barras');
    expect(codigo).toHaveAttribute('aria-invalid', 'true');
    expect(codigo).toHaveAccessibleDescription(/Outro produto ativo já usa este código de barras\./);
    expect(codigo).toHaveValue('7891000100103');
    expect(api.calls('POST', '/api/produtos')).toHaveLength(1);
  });
});

describe('duplicate product names', () => {
  it('warns "Já existe um produto com este nome" before saving; "Voltar" saves nothing, confirming saves', async () => {
    const api = mockApi({
      ...signedIn(),
      'GET /api/produtos': () => jsonResponse(200, page([produto()])),
      'GET /api/produtos/nome-duplicado': () => jsonResponse(200, { duplicado: true, produto: { id: ID, nome: 'Café Torrado 500g', ativo: true } }),
      'POST /api/produtos': (request) => jsonResponse(201, produto({ ...(request.body as Partial<Produto>), estoqueBaixo: false })),
    });
    const { user } = renderApp('/produtos');
    await user.click(await screen.findByRole('button', { name: 'Novo Produto' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo Produto' });
    await user.type(within(dialog).getByLabelText(/^Nome do Produto/), 'cafe torrado 500G');
    await user.type(within(dialog).getByLabelText(/^Preço de Venda/), '18,90');
    await user.type(within(dialog).getByLabelText(/^Preço de Custo/), '12,00');
    await user.click(within(dialog).getByRole('button', { name: 'Criar Produto' }));

    let warning = await screen.findByRole('alertdialog', { name: 'Já existe um produto com este nome' });
    expect(api.calls('GET', '/api/produtos/nome-duplicado')).toHaveLength(1);
    await user.click(within(warning).getByRole('button', { name: 'Voltar e alterar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls('POST', '/api/produtos')).toHaveLength(0);
    expect(screen.getByRole('dialog', { name: 'Novo Produto' })).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Criar Produto' }));
    warning = await screen.findByRole('alertdialog', { name: 'Já existe um produto com este nome' });
    await user.click(within(warning).getByRole('button', { name: 'Salvar mesmo assim' }));
    expect(await screen.findByText('Produto criado com sucesso!')).toBeInTheDocument();
    expect(api.calls('POST', '/api/produtos')[0]?.body).toMatchObject({ nome: 'cafe torrado 500G' });
  });

  it('after "Salvar mesmo assim", the question stays up and busy until the save answers, so the form cannot be sent twice', async () => {
    const answer = deferred<Response>();
    const api = mockApi({
      ...signedIn(),
      'GET /api/produtos': () => jsonResponse(200, page([produto()])),
      'GET /api/produtos/nome-duplicado': () => jsonResponse(200, { duplicado: true, produto: { id: ID, nome: 'Café Torrado 500g', ativo: true } }),
      'POST /api/produtos': () => answer.promise,
    });
    const { user } = renderApp('/produtos');
    await user.click(await screen.findByRole('button', { name: 'Novo Produto' }));
    const dialog = await screen.findByRole('dialog', { name: 'Novo Produto' });
    await user.type(within(dialog).getByLabelText(/^Nome do Produto/), 'cafe torrado 500G');
    await user.type(within(dialog).getByLabelText(/^Preço de Venda/), '18,90');
    await user.type(within(dialog).getByLabelText(/^Preço de Custo/), '12,00');
    await user.click(within(dialog).getByRole('button', { name: 'Criar Produto' }));
    const warning = await screen.findByRole('alertdialog', { name: 'Já existe um produto com este nome' });
    await user.click(within(warning).getByRole('button', { name: 'Salvar mesmo assim' }));

    expect(await within(warning).findByRole('button', { name: 'Salvando...' })).toBeDisabled();
    expect(within(warning).getByRole('button', { name: 'Voltar e alterar' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.getByRole('alertdialog', { name: 'Já existe um produto com este nome' })).toBeInTheDocument();

    answer.resolve(jsonResponse(201, produto({ nome: 'cafe torrado 500G', estoqueBaixo: false })));
    expect(await screen.findByText('Produto criado com sucesso!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Novo Produto' })).not.toBeInTheDocument());
    expect(api.calls('POST', '/api/produtos')).toHaveLength(1);
  });

  it('does not ask when editing a product without changing its name', async () => {
    const api = mockApi({
      ...signedIn(),
      'GET /api/produtos': () => jsonResponse(200, page([produto({ estoqueAtual: 20, estoqueBaixo: false })])),
      [`PUT /api/produtos/${ID}`]: () => jsonResponse(200, produto({ estoqueAtual: 20, estoqueBaixo: false })),
    });
    const { user } = renderApp('/produtos');
    await user.click(await screen.findByRole('button', { name: 'Editar Café Torrado 500g' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Produto' });
    await user.click(within(dialog).getByRole('button', { name: 'Salvar Alterações' }));
    expect(await screen.findByText('Produto atualizado com sucesso!')).toBeInTheDocument();
    expect(api.calls('GET', '/api/produtos/nome-duplicado')).toHaveLength(0);
  });
});

describe('products sold by weight', () => {
  const queijo = produto({ nome: 'Queijo Minas', unidade: 'kg', precoVenda: 2990, precoCusto: 2000, estoqueAtual: 2500, estoqueMinimo: 500, estoqueBaixo: false, valorTotal: 7475 });

  it('lists the stock with its unit and the price per kg', async () => {
    mockApi({ ...signedIn(), 'GET /api/produtos': () => jsonResponse(200, page([queijo])) });
    renderApp('/produtos');
    const row = await screen.findByRole('listitem', { name: 'Queijo Minas' });
    expect(within(row).getByText('R$ 29,90/kg')).toBeInTheDocument();
    expect(within(row).getByText('R$ 20,00/kg')).toBeInTheDocument();
    expect(within(row).getByText('2,500 kg')).toBeInTheDocument();
    expect(within(row).getByText('(mín. 0,500)')).toBeInTheDocument();
    expect(within(row).getByText('R$ 74,75')).toBeInTheDocument();
  });

  it("links a product to its own history from the row's menu", async () => {
    mockApi({
      ...signedIn(),
      'GET /api/produtos': () => jsonResponse(200, page([produto()])),
      'GET /api/auditoria': () => jsonResponse(200, { items: [], nextCursor: null }),
      'GET /api/auditoria/autores': () => jsonResponse(200, []),
    });
    const { user, router } = renderApp('/produtos');
    const row = await screen.findByRole('listitem', { name: 'Café Torrado 500g' });
    await user.click(within(row).getByRole('button', { name: 'Mais ações para Café Torrado 500g' }));
    const historico = await screen.findByRole('menuitem', { name: 'Ver histórico' });
    expect(historico).toHaveAttribute('href', `/historico?registro=produto&registroId=${ID}`);
    await user.click(historico);
    await waitFor(() => expect(router.state.location.pathname).toBe('/historico'));
    expect(router.state.location.search).toBe(`?registro=produto&registroId=${ID}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Histórico' })).toBeInTheDocument();
  });

  it('opens a kg product with its stock in kg, and says on the unit why a sold product cannot become one sold by the unit', async () => {
    const api = mockApi({
      ...signedIn(),
      'GET /api/produtos': () => jsonResponse(200, page([queijo])),
      [`PUT /api/produtos/${ID}`]: () => jsonResponse(409, { code: 'UNIDADE_COM_VENDAS', message: 'x', details: { unidade: 'kg' } }),
    });
    const { user } = renderApp('/produtos');
    await user.click(await screen.findByRole('button', { name: 'Editar Queijo Minas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Produto' });
    expect(within(dialog).getByLabelText(/^Unidade de venda/)).toHaveValue('kg');
    expect(within(dialog).getByLabelText(/^Estoque Atual \(kg\)/)).toHaveValue('2,500');
    expect(within(dialog).getByLabelText(/^Estoque Mínimo \(kg\)/)).toHaveValue('0,500');

    await user.selectOptions(within(dialog).getByLabelText(/^Unidade de venda/), 'un');
    const estoque = within(dialog).getByLabelText(/^Estoque Atual\*$/);
    const minimo = within(dialog).getByLabelText(/^Estoque Mínimo\*$/);
    await user.clear(estoque);
    await user.type(estoque, '3');
    await user.clear(minimo);
    await user.type(minimo, '1');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar Alterações' }));

    expect(await screen.findByText('Erro ao atualizar produto')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Este produto já tem vendas em quilograma (kg), por isso não pode trocar entre unidades e peso ou volume. Para vendê-lo de outro jeito, cadastre um produto novo.',
      ),
    ).toBeInTheDocument();
    const unidade = within(dialog).getByLabelText(/^Unidade de venda/);
    await waitFor(() =>
      expect(unidade).toHaveAccessibleDescription(
        expect.stringContaining('Este produto já tem vendas: não pode trocar entre unidades e peso ou volume. Para vendê-lo assim, cadastre um produto novo.'),
      ),
    );
    expect(api.calls('PUT', `/api/produtos/${ID}`)[0]?.body).toMatchObject({ unidade: 'un', estoqueAtual: 3, estoqueMinimo: 1, estoqueAnterior: 2500 });
  });

  it('warns of low stock in kg after saving', async () => {
    mockApi({
      ...signedIn(),
      'GET /api/produtos': () => jsonResponse(200, page([queijo])),
      [`PUT /api/produtos/${ID}`]: () => jsonResponse(200, { ...queijo, estoqueAtual: 350, estoqueBaixo: true }),
    });
    const { user } = renderApp('/produtos');
    await user.click(await screen.findByRole('button', { name: 'Editar Queijo Minas' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Produto' });
    const estoque = within(dialog).getByLabelText(/^Estoque Atual \(kg\)/);
    await user.clear(estoque);
    await user.type(estoque, '0,350');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar Alterações' }));
    expect(await screen.findByText('Produto Queijo Minas está com estoque baixo (0,350 kg)')).toBeInTheDocument();
  });
});

describe('low stock after saving', () => {
  it('warns "Produto {nome} está com estoque baixo ({n} unidades)" when the saved product is at or below its minimum', async () => {
    mockApi({
      ...signedIn(),
      'GET /api/produtos': () => jsonResponse(200, page([produto({ estoqueAtual: 20, estoqueBaixo: false })])),
      [`PUT /api/produtos/${ID}`]: () => jsonResponse(200, produto({ estoqueAtual: 1, estoqueBaixo: true })),
      'POST /api/produtos': () => jsonResponse(201, produto({ nome: 'Sal 1kg', estoqueAtual: 2, estoqueBaixo: true })),
      'GET /api/produtos/nome-duplicado': () => jsonResponse(200, { duplicado: false, produto: null }),
    });
    const { user } = renderApp('/produtos');
    await user.click(await screen.findByRole('button', { name: 'Editar Café Torrado 500g' }));
    let dialog = await screen.findByRole('dialog', { name: 'Editar Produto' });
    const estoque = within(dialog).getByLabelText(/^Estoque Atual/);
    await user.clear(estoque);
    await user.type(estoque, '1');
    await user.click(within(dialog).getByRole('button', { name: 'Salvar Alterações' }));
    expect(await screen.findByText('Produto Café Torrado 500g está com estoque baixo (1 unidade)')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Novo Produto' }));
    dialog = await screen.findByRole('dialog', { name: 'Novo Produto' });
    await user.type(within(dialog).getByLabelText(/^Nome do Produto/), 'Sal 1kg');
    await user.type(within(dialog).getByLabelText(/^Preço de Venda/), '3,00');
    await user.type(within(dialog).getByLabelText(/^Preço de Custo/), '2,00');
    await user.click(within(dialog).getByRole('button', { name: 'Criar Produto' }));
    expect(await screen.findByText('Produto Sal 1kg está com estoque baixo (2 unidades)')).toBeInTheDocument();
  });

  it('says nothing about stock when the saved product is above its minimum', async () => {
    mockApi({
      ...signedIn(),
      'GET /api/produtos': () => jsonResponse(200, page([produto({ estoqueAtual: 20, estoqueBaixo: false })])),
      [`PUT /api/produtos/${ID}`]: () => jsonResponse(200, produto({ estoqueAtual: 20, estoqueBaixo: false })),
    });
    const { user } = renderApp('/produtos');
    await user.click(await screen.findByRole('button', { name: 'Editar Café Torrado 500g' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Produto' });
    await user.click(within(dialog).getByRole('button', { name: 'Salvar Alterações' }));
    expect(await screen.findByText('Produto atualizado com sucesso!')).toBeInTheDocument();
    expect(screen.queryByText(/está com estoque baixo/)).not.toBeInTheDocument();
  });
});

describe('deleting a product', () => {
  it('needs the typed name and shows a refusal under the input', async () => {
    const message = 'Não é possível deletar produto que possui vendas registradas. Desative o produto em vez de deletá-lo.';
    mockApi({
      ...signedIn(),
      'GET /api/produtos': () => jsonResponse(200, page([produto()])),
      [`DELETE /api/produtos/${ID}`]: () => jsonResponse(409, { code: 'PRODUTO_TEM_VENDAS', message }),
    });
    const { user } = renderApp('/produtos');
    await user.click(await screen.findByRole('button', { name: 'Deletar Café Torrado 500g' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Deletar Produto' });
    const input = within(dialog).getByLabelText('Digite o nome do produto para confirmar');
    await user.type(input, 'Café');
    expect(within(dialog).getByText('O nome digitado não confere com o nome do produto')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Deletar Produto' })).toBeDisabled();
    await user.type(input, ' torrado 500G ');
    await user.click(within(dialog).getByRole('button', { name: 'Deletar Produto' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
    expect(screen.getByText('Erro ao deletar produto')).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Desativar Produto' })).toBeInTheDocument();
  });
});
