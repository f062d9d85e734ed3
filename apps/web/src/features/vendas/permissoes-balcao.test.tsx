import type { Cliente, ClientesPage, Me, Produto, ProdutosPage, VendaDetalhe } from '@caderneta/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { jsonResponse, mockApi, renderApp, signedIn, staff, type FakeRequest } from '@/test/utils';

/** The counter for people of the shop whose role does not allow everything (issue 37). */

// Typing into several fields takes a while on a busy machine.
vi.setConfig({ testTimeout: 30_000 });

const ARROZ = '11111111-1111-4111-8111-111111111111';
const JOSE = '33333333-3333-4333-8333-333333333333';

const ARROZ_5KG: Produto = {
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
};
const produtos: ProdutosPage = { items: [ARROZ_5KG], total: 1, page: 1, pageSize: 100, resumo: { total: 1, estoqueBaixo: 0, valorTotal: 0, margemMedia: 0 } };

/** Limit R$ 100,00, owes R$ 80,00: R$ 20,00 available. */
const JOSE_DA_SILVA: Cliente = {
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
};
const clientes: ClientesPage = { items: [JOSE_DA_SILVA], total: 1, page: 1, pageSize: 100, resumo: { total: 1, ativos: 1, comPendencias: 1 } };

function vendaCriada(request: FakeRequest): VendaDetalhe {
  const body = request.body as { formaPagamento: 'vista' | 'fiado' };
  return {
    id: '44444444-4444-4444-8444-444444444444',
    numeroVenda: 'V1741600000000',
    dataVenda: '2025-03-10T12:00:00.000Z',
    valorTotal: 2890,
    valorPago: 2890,
    formaPagamento: body.formaPagamento,
    statusPagamento: 'pago',
    observacoes: null,
    clienteId: null,
    clienteNome: null,
    limiteExcedidoConfirmado: false,
    canceladaEm: null,
    itens: [],
    descontoTotal: 0,
    feitaOffline: false,
    alertas: [],
    desconto: 0,
    descontoPercentual: null,
    atendente: null,
  };
}

function balcao(me: Me, extra: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    ...signedIn(me),
    'GET /api/produtos': () => jsonResponse(200, produtos),
    'GET /api/clientes': () => jsonResponse(200, clientes),
    'POST /api/vendas': (request) => jsonResponse(201, vendaCriada(request)),
    'GET /api/vendas': () => jsonResponse(200, { items: [], total: 0, page: 1, pageSize: 20, resumo: { totalVendas: 0, valorTotal: 0, vendasHoje: 0, pendentes: 0, canceladas: 0 } }),
    ...extra,
  });
  return { ...renderApp('/vendas/nova'), api };
}

type User = ReturnType<typeof balcao>['user'];

async function addArroz(user: User) {
  const select = await screen.findByLabelText('Produto');
  await waitFor(() => expect(within(select).getByRole('option', { name: /Arroz 5kg/ })).toBeInTheDocument());
  await user.selectOptions(select, within(select).getByRole('option', { name: /Arroz 5kg/ }));
  await user.click(screen.getByRole('button', { name: 'Adicionar' }));
  await within(await screen.findByRole('list', { name: 'Itens da venda' })).findByRole('listitem', { name: 'Arroz 5kg' });
}

async function fiadoParaJose(user: User) {
  const select = screen.getByLabelText('Ou selecione da lista');
  await waitFor(() => expect(within(select).getByRole('option', { name: /José da Silva/ })).toBeInTheDocument());
  await user.selectOptions(select, JOSE);
}

const resumo = () => screen.getByRole('region', { name: 'Resumo da venda' });
const linhaArroz = () => within(screen.getByRole('list', { name: 'Itens da venda' })).getByRole('listitem', { name: 'Arroz 5kg' });

describe('the counter by role', () => {
  beforeAll(() => Promise.all([import('./components/nova-venda-form'), import('./components/desconto-dialog')]));

  it('a Caixa (no dar_desconto, no alterar_preco) sees no discount or price controls, and F6 opens nothing', async () => {
    const { user, api } = balcao(staff('caixa'));
    await addArroz(user);
    expect(within(resumo()).queryByRole('button', { name: 'Desconto na venda' })).not.toBeInTheDocument();
    expect(within(linhaArroz()).queryByRole('button', { name: /Desconto ou preço/ })).not.toBeInTheDocument();
    await user.keyboard('{F6}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The shortcuts' help leaves F6 out; F4 (fiado) is theirs.
    await user.click(screen.getByRole('button', { name: 'Atalhos do teclado' }));
    const ajuda = await screen.findByRole('dialog', { name: 'Atalhos do teclado' });
    expect(within(ajuda).queryByText('F6')).not.toBeInTheDocument();
    expect(within(ajuda).getByText('F4')).toBeInTheDocument();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Finalizar Venda' }));
    expect(await screen.findByText('Venda registrada com sucesso!')).toBeInTheDocument();
    expect(api.calls('POST', '/api/vendas')[0]?.body).not.toHaveProperty('desconto');
  });

  it('a person who sells only à vista is told so instead of choosing, and F4 does not switch to fiado', async () => {
    const { user } = balcao(staff('caixa', { permissoes: ['vender_avista'] }));
    await addArroz(user);
    expect(screen.queryByLabelText('Forma de pagamento')).not.toBeInTheDocument();
    expect(screen.getByText('Sua função na loja permite vender apenas à vista.')).toBeInTheDocument();
    await user.keyboard('{F4}');
    expect(screen.queryByLabelText('Ou selecione da lista')).not.toBeInTheDocument();
    expect(within(resumo()).getByText('À Vista')).toBeInTheDocument();
  });

  it('caps the discount at the person\'s maximum, a line\'s and its share of the sale\'s, and offers no price change without alterar_preco', async () => {
    const { user, api } = balcao(staff('gerente', { permissoes: ['vender_avista', 'dar_desconto'], descontoMaximo: 10 }));
    await addArroz(user);

    await user.click(within(linhaArroz()).getByRole('button', { name: 'Desconto ou preço de Arroz 5kg' }));
    let dialog = await screen.findByRole('dialog', { name: 'Desconto no item' });
    expect(within(dialog).queryByLabelText('Preço unitário')).not.toBeInTheDocument();
    expect(within(dialog).getByText(/Você pode dar até 10% de desconto em cada item/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('radio', { name: 'Porcentagem (%)' }));
    await user.type(within(dialog).getByLabelText('Desconto'), '15');
    await user.click(within(dialog).getByRole('button', { name: 'Aplicar' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Passa do desconto máximo que você pode dar: 10% em cada item');

    await user.clear(within(dialog).getByLabelText('Desconto'));
    await user.type(within(dialog).getByLabelText('Desconto'), '10');
    await user.click(within(dialog).getByRole('button', { name: 'Aplicar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(linhaArroz()).getByText('Desconto −10% (−R$ 2,89)')).toBeInTheDocument();

    // 10 % on the line already: any discount on the sale would pass the cap on it.
    await user.click(within(resumo()).getByRole('button', { name: 'Desconto na venda' }));
    dialog = await screen.findByRole('dialog', { name: 'Desconto na venda' });
    await user.keyboard('1%{Enter}');
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('10% em cada item');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Finalizar Venda' }));
    expect(await screen.findByText('Venda registrada com sucesso!')).toBeInTheDocument();
    expect(api.calls('POST', '/api/vendas')[0]?.body).toMatchObject({ itens: [{ produtoId: ARROZ, desconto: { tipo: 'percentual', valor: 10 } }] });
  });

  it('without vender_acima_limite, a fiado sale past the limit says the person cannot sell it, with no "Vender Mesmo Assim"', async () => {
    const { user, api } = balcao(staff('caixa'));
    await user.selectOptions(await screen.findByLabelText('Forma de pagamento'), 'Fiado');
    await fiadoParaJose(user);
    await addArroz(user);
    await user.click(screen.getByRole('button', { name: 'Finalizar Venda' }));

    const dialog = await screen.findByRole('alertdialog', { name: 'Venda acima do limite de crédito' });
    expect(dialog).toHaveTextContent('sua função na loja não permite vender acima do limite');
    expect(within(dialog).getByText('Crédito disponível').nextSibling).toHaveTextContent('R$ 20,00');
    expect(within(dialog).queryByRole('button', { name: 'Vender Mesmo Assim' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Voltar à venda' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(api.calls('POST', '/api/vendas')).toHaveLength(0);
  });

  it('the server\'s refusals: past the limit (the balance moved) brings the same dialog; another permission, its message', async () => {
    let resposta = jsonResponse(403, { code: 'SEM_PERMISSAO', message: 'x', details: { permissao: 'vender_acima_limite' } });
    // The list says José owes nothing: this screen sees no limit problem, the server does.
    const emDia = { ...clientes, items: [{ ...JOSE_DA_SILVA, saldoAtual: 0, saldoPendente: 0 }] };
    const { user, api } = balcao(staff('caixa'), { 'GET /api/clientes': () => jsonResponse(200, emDia), 'POST /api/vendas': () => resposta });
    await user.selectOptions(await screen.findByLabelText('Forma de pagamento'), 'Fiado');
    await fiadoParaJose(user);
    await addArroz(user);
    await user.click(screen.getByRole('button', { name: 'Finalizar Venda' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Venda acima do limite de crédito' });
    expect(api.calls('POST', '/api/vendas')).toHaveLength(1);
    await user.click(within(dialog).getByRole('button', { name: 'Voltar à venda' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());

    resposta = jsonResponse(403, { code: 'SEM_PERMISSAO', message: 'x', details: { permissao: 'vender_fiado' } });
    await user.click(screen.getByRole('button', { name: 'Finalizar Venda' }));
    expect(await screen.findByText('Erro ao registrar venda')).toBeInTheDocument();
    expect(screen.getByText(/Sua função na loja não permite fazer isso/)).toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('a discount the server finds above the person\'s maximum says which product and the maximum', async () => {
    const { user } = balcao(staff('gerente'), {
      'POST /api/vendas': () =>
        jsonResponse(403, { code: 'DESCONTO_ACIMA_DO_PERMITIDO', message: 'x', details: { produtoId: ARROZ, produtoNome: 'Arroz 5kg', maximo: 20 } }),
    });
    await addArroz(user);
    await user.click(screen.getByRole('button', { name: 'Finalizar Venda' }));
    expect(await screen.findByText('Desconto inválido')).toBeInTheDocument();
    expect(screen.getByText(/Arroz 5kg.*20%/)).toBeInTheDocument();
  });
});
