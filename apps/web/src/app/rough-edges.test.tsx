import type { Cliente, Produto } from '@caderneta/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockApi, renderApp, signedIn } from '@/test/utils';

// Small things a new seller meets first (issue 8 "Rules that slipped").

const cliente = (overrides: Partial<Cliente>): Cliente => ({
  id: '11111111-1111-4111-8111-111111111111',
  nome: 'José da Silva',
  telefone: '11987654321',
  email: null,
  endereco: null,
  limiteCredito: 100000,
  login: 'jose48213',
  ativo: false,
  saldoAtual: -12550,
  saldoPendente: 12550,
  dataVencimento: null,
  observacoes: null,
  avisos: null,
  createdAt: '2025-03-05T15:00:00.000Z',
  ...overrides,
});

const produto = (overrides: Partial<Produto>): Produto => ({
  id: '33333333-3333-4333-8333-333333333333',
  nome: 'Café Torrado 500g',
  descricao: null,
  categoria: 'Mercearia',
  codigoBarras: null,
  unidade: 'un',
  precoVenda: 1890,
  precoCusto: 1200,
  estoqueAtual: 3,
  estoqueMinimo: 5,
  ativo: false,
  estoqueBaixo: true,
  margem: 36.5,
  valorTotal: 5670,
  createdAt: '2025-03-05T15:00:00.000Z',
  ...overrides,
});

const STATES = /^(Ativo|Inativo|Devedor|Normal|Estoque Baixo)$/;

// The first render loads the lazy route chunks; on a busy machine that takes seconds.
describe('"Inativos" tab', { timeout: 30_000 }, () => {
  it('shows one state badge per customer: "Inativo", not also "Ativo" or "Devedor"', async () => {
    mockApi({
      ...signedIn(),
      'GET /api/clientes': () =>
        jsonResponse(200, {
          items: [cliente({}), cliente({ id: '22222222-2222-4222-8222-222222222222', nome: 'Ana Souza', saldoAtual: 0, saldoPendente: 0 })],
          total: 2,
          page: 1,
          pageSize: 20,
          resumo: { total: 2, ativos: 0, comPendencias: 1 },
        }),
    });
    renderApp('/clientes?status=inativos');
    for (const nome of ['José da Silva', 'Ana Souza']) {
      const row = await screen.findByRole('listitem', { name: nome }, { timeout: 15_000 });
      expect(within(row).getAllByText(STATES).map((el) => el.textContent)).toEqual(['Inativo']);
    }
    // The debt still shows, as the amount.
    expect(within(screen.getByRole('listitem', { name: 'José da Silva' })).getByText('R$ 125,50')).toBeInTheDocument();
  });

  it('shows one state badge per product: "Inativo", not also "Estoque Baixo" or "Normal"', async () => {
    mockApi({
      ...signedIn(),
      'GET /api/produtos': () =>
        jsonResponse(200, {
          items: [produto({}), produto({ id: '44444444-4444-4444-8444-444444444444', nome: 'Leite 1L', estoqueBaixo: false, estoqueAtual: 40 })],
          total: 2,
          page: 1,
          pageSize: 20,
          resumo: { total: 2, estoqueBaixo: 1, valorTotal: 0, margemMedia: 0 },
        }),
    });
    renderApp('/produtos?status=inativos');
    for (const nome of ['Café Torrado 500g', 'Leite 1L']) {
      const row = await screen.findByRole('listitem', { name: nome }, { timeout: 15_000 });
      expect(within(row).getAllByText(STATES).map((el) => el.textContent)).toEqual(['Inativo']);
    }
  });

  it('keeps "Ativo" / "Devedor" for active customers', async () => {
    mockApi({
      ...signedIn(),
      'GET /api/clientes': () =>
        jsonResponse(200, { items: [cliente({ ativo: true })], total: 1, page: 1, pageSize: 20, resumo: { total: 1, ativos: 0, comPendencias: 1 } }),
    });
    renderApp('/clientes');
    const row = await screen.findByRole('listitem', { name: 'José da Silva' }, { timeout: 15_000 });
    expect(within(row).getAllByText(STATES).map((el) => el.textContent)).toEqual(['Devedor']);
  });
});

describe('sign-up', { timeout: 30_000 }, () => {
  it('shows an access-code example as long as a real code: 10 characters', async () => {
    mockApi({ 'GET /api/me': () => jsonResponse(401, { code: 'UNAUTHENTICATED', message: 'x' }) });
    const { user } = renderApp('/auth');
    await user.click(await screen.findByRole('tab', { name: 'Criar Conta' }, { timeout: 15_000 }));
    const panel = await screen.findByRole('tabpanel', { name: 'Criar Conta' });
    const placeholder = (await within(panel).findByLabelText('Código de acesso')).getAttribute('placeholder') ?? '';
    expect(placeholder).toMatch(/(^|\s)[A-HJ-KM-NP-Z2-9]{10}$/);
  });
});

describe('/vendas/nova with an empty catalogue', { timeout: 30_000 }, () => {
  it('says there are no products and links to /produtos', async () => {
    mockApi({
      ...signedIn(),
      'GET /api/produtos': () => jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 100, resumo: { total: 0, estoqueBaixo: 0, valorTotal: 0, margemMedia: 0 } }),
      'GET /api/clientes': () => jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 100, resumo: { total: 0, ativos: 0, comPendencias: 0 } }),
    });
    const { user, router } = renderApp('/vendas/nova');
    expect(await screen.findByRole('heading', { name: 'Nenhum produto cadastrado' }, { timeout: 15_000 })).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Cadastrar produtos' });
    expect(link).toHaveAttribute('href', '/produtos');
    expect(screen.queryByLabelText('Produto')).not.toBeInTheDocument();
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe('/produtos'));
  });
});
