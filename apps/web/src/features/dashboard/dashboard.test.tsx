import type { Dashboard } from '@caderneta/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, jsonResponse, mockApi, renderApp, SELLER, signedIn } from '@/test/utils';

const DASHBOARD: Dashboard = {
  totalClientes: 42,
  totalProdutos: 130,
  estoqueBaixo: 3,
  contestacoesAbertas: 0,
  vendasHoje: 7,
  valorVendasHoje: 35000,
  valorPendente: 123456,
  devedores: 5,
  valorDevedores: 98700,
  devedoresVencidos: 2,
  valorVencido: 12000,
  atividades: [
    { tipo: 'pagamento', id: 'p1', data: '2025-03-10T18:00:00.000Z', valor: 5000, clienteNome: 'Ana Souza', metodo: 'pix' },
    {
      tipo: 'venda',
      id: 'v1',
      data: '2025-03-10T15:30:00.000Z',
      valor: 2890,
      clienteNome: null,
      numeroVenda: 'V1741600000000',
      formaPagamento: 'vista',
      statusPagamento: 'pago',
    },
  ],
};

describe('/dashboard', () => {
  it('asks for its figures while the session is still being checked, and once', async () => {
    const me = deferred<Response>();
    const api = mockApi({
      ...signedIn(),
      'GET /api/me': () => me.promise,
      'GET /api/dashboard': () => jsonResponse(200, DASHBOARD),
    });
    renderApp('/dashboard');
    // The figures are on their way before the session answers (not one request after the other).
    await waitFor(() => expect(api.calls('GET', '/api/dashboard')).toHaveLength(1));
    expect(api.calls('GET', '/api/me')).toHaveLength(1);
    me.resolve(jsonResponse(200, SELLER));
    const clientes = await screen.findByRole('group', { name: 'Total de Clientes' });
    expect(await within(clientes).findByText('42')).toBeInTheDocument();
    expect(api.calls('GET', '/api/dashboard')).toHaveLength(1);
    expect(api.calls('GET', '/api/me')).toHaveLength(1);
  });

  it('shows the four cards, the debtors card and recent activity from /api/dashboard', async () => {
    mockApi({ ...signedIn(), 'GET /api/dashboard': () => jsonResponse(200, DASHBOARD) });
    renderApp('/dashboard');
    const clientes = await screen.findByRole('group', { name: 'Total de Clientes' }, { timeout: 5000 });
    expect(await within(clientes).findByText('42')).toBeInTheDocument();
    expect(within(clientes).getByText('Clientes cadastrados')).toBeInTheDocument();
    expect(within(screen.getByRole('group', { name: 'Produtos' })).getByText('130')).toBeInTheDocument();
    const hoje = screen.getByRole('group', { name: 'Vendas Hoje' });
    expect(within(hoje).getByText('7')).toBeInTheDocument();
    expect(within(hoje).getByText('Transações realizadas')).toBeInTheDocument();
    const pendente = screen.getByRole('group', { name: 'Valor Total' });
    expect(within(pendente).getByText('R$ 1.234,56')).toBeInTheDocument();
    expect(within(pendente).getByText('Em vendas pendentes')).toBeInTheDocument();

    const devedores = screen.getByRole('region', { name: 'Devedores' });
    expect(within(devedores).getByText('5 clientes com saldo pendente')).toBeInTheDocument();
    expect(within(devedores).getByText('Total a receber: R$ 987,00')).toBeInTheDocument();
    expect(within(devedores).getByText('Vencido: R$ 120,00 de 2 clientes')).toBeInTheDocument();
    expect(within(devedores).getByRole('link', { name: 'Ver devedores' })).toHaveAttribute('href', '/devedores');
    expect(within(devedores).getByText('3 produtos com estoque baixo')).toBeInTheDocument();
    expect(within(devedores).queryByText(/contest/)).not.toBeInTheDocument();

    const atividade = within(screen.getByRole('list', { name: 'Últimas vendas e pagamentos' })).getAllByRole('listitem');
    expect(atividade[0]).toHaveTextContent('Pagamento recebido');
    expect(atividade[0]).toHaveTextContent('Ana Souza');
    expect(atividade[0]).toHaveTextContent('+R$ 50,00');
    expect(atividade[1]).toHaveTextContent('Venda V1741600000000');
    expect(atividade[1]).toHaveTextContent('Cliente não informado');

    expect(screen.getByRole('heading', { name: 'Pronto para vender?' })).toBeInTheDocument();
    // The sidebar has "Nova Venda" too; every one of them leads to /vendas/nova.
    for (const link of screen.getAllByRole('link', { name: 'Nova Venda' })) expect(link).toHaveAttribute('href', '/vendas/nova');
  });

  it('says when nobody who owes is late', async () => {
    mockApi({ ...signedIn(), 'GET /api/dashboard': () => jsonResponse(200, { ...DASHBOARD, devedoresVencidos: 0, valorVencido: 0 }) });
    renderApp('/dashboard');
    const devedores = await screen.findByRole('region', { name: 'Devedores' }, { timeout: 5000 });
    expect(await within(devedores).findByText('Nenhuma conta vencida')).toBeInTheDocument();
  });

  it('names one late customer in the singular', async () => {
    mockApi({ ...signedIn(), 'GET /api/dashboard': () => jsonResponse(200, { ...DASHBOARD, devedoresVencidos: 1, valorVencido: 12000 }) });
    renderApp('/dashboard');
    expect(await screen.findByText('Vencido: R$ 120,00 de 1 cliente', {}, { timeout: 5000 })).toBeInTheDocument();
  });

  it('says how many customers disputed an entry, with the way to Devedores', async () => {
    mockApi({ ...signedIn(), 'GET /api/dashboard': () => jsonResponse(200, { ...DASHBOARD, contestacoesAbertas: 2 }) });
    renderApp('/dashboard');
    const devedores = await screen.findByRole('region', { name: 'Devedores' }, { timeout: 5000 });
    const linha = await within(devedores).findByText('2 clientes contestaram lançamentos: cobrança pausada');
    expect(within(linha).getByRole('link', { name: 'Resolver em Devedores' })).toHaveAttribute('href', '/devedores');
  });

  it('says so when nobody owes and nothing happened yet', async () => {
    mockApi({ ...signedIn(), 'GET /api/dashboard': () => jsonResponse(200, { ...DASHBOARD, devedores: 0, valorDevedores: 0, devedoresVencidos: 0, valorVencido: 0, estoqueBaixo: 0, atividades: [] }) });
    renderApp('/dashboard');
    expect(await screen.findByText('Nenhum cliente devendo. Tudo em dia!', {}, { timeout: 5000 })).toBeInTheDocument();
    expect(screen.getByText('Nenhuma atividade ainda')).toBeInTheDocument();
  });

  it('offers "Tentar novamente" when the dashboard cannot load, and shows it once the retry works', async () => {
    let fail = true;
    const api = mockApi({
      ...signedIn(),
      'GET /api/dashboard': () => (fail ? jsonResponse(400, { code: 'VALIDATION', message: 'x' }) : jsonResponse(200, DASHBOARD)),
    });
    const { user } = renderApp('/dashboard');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByText('Erro ao carregar o painel')).toBeInTheDocument();
    const failed = api.calls('GET', '/api/dashboard').length;
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText(/Ana Souza/)).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    // One more request: the retry.
    expect(api.calls('GET', '/api/dashboard')).toHaveLength(failed + 1);
  });
});
