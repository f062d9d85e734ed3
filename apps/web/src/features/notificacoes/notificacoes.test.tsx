import type { Notificacao, NotificacoesPage } from '@caderneta/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { jsonResponse, mockApi, renderApp, signedIn } from '@/test/utils';

const agora = new Date().toISOString();

const venda: Notificacao = {
  id: '11111111-1111-4111-8111-111111111111',
  tipo: 'venda',
  params: { vendaId: 'v1', numero: 'V1741600000000', valor: 2590, forma: 'fiado', cliente: 'José da Silva' },
  lida: false,
  data: agora,
};
const estoque: Notificacao = {
  id: '22222222-2222-4222-8222-222222222222',
  tipo: 'estoque_baixo',
  params: { produtoId: 'p1', nome: 'Arroz 5kg', quantidade: 3 },
  lida: false,
  data: agora,
};
const pagamento: Notificacao = {
  id: '33333333-3333-4333-8333-333333333333',
  tipo: 'pagamento',
  // Received by a person of the shop: the notification says who.
  params: { lancamentoId: 'l1', clienteId: 'c1', cliente: 'Ana Souza', valor: 1000, metodo: 'pix', por: 'Edu do Caixa' },
  lida: true,
  data: agora,
};

const page = (items: Notificacao[], naoLidas = items.filter((n) => !n.lida).length): NotificacoesPage => ({ items, total: items.length, page: 1, pageSize: 20, naoLidas });

describe('notification bell', () => {
  it('shows the unread count and the latest notifications, with links to their records', async () => {
    const api = mockApi({
      ...signedIn(),
      'GET /api/notificacoes/resumo': () => jsonResponse(200, { naoLidas: 2, recentes: [venda, estoque, pagamento] }),
      'POST /api/notificacoes/lidas': () => jsonResponse(200, { atualizadas: 2 }),
      'GET /api/dashboard': () => jsonResponse(500, { code: 'INTERNAL', message: '' }),
    });
    const { user } = renderApp('/dashboard');
    const bell = await screen.findByRole('button', { name: 'Notificações: 2 não lidas' });
    expect(within(bell).getByText('2')).toBeInTheDocument();

    await user.click(bell);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getByText('Nova venda registrada')).toBeInTheDocument();
    expect(within(menu).getByText('Venda V1741600000000 de R$ 25,90 para José da Silva, fiado.')).toBeInTheDocument();
    expect(within(menu).getByText('Produto Arroz 5kg está com estoque baixo (3 unidades)')).toBeInTheDocument();
    expect(within(menu).getByText('Ana Souza pagou R$ 10,00 (PIX). Por Edu do Caixa.')).toBeInTheDocument();

    await user.click(within(menu).getByRole('menuitem', { name: 'Marcar todas como lidas' }));
    await waitFor(() => expect(api.calls('POST', '/api/notificacoes/lidas')).toHaveLength(1));
  }, 15_000);

  it('says "99+" beyond 99 unread, and nothing when all is read', async () => {
    mockApi({ ...signedIn(), 'GET /api/notificacoes/resumo': () => jsonResponse(200, { naoLidas: 100, recentes: [venda] }), 'GET /api/dashboard': () => jsonResponse(500, { code: 'INTERNAL', message: '' }) });
    const { unmount } = renderApp('/dashboard');
    const bell = await screen.findByRole('button', { name: 'Notificações: mais de 99 não lidas' });
    expect(within(bell).getByText('99+')).toBeInTheDocument();
    unmount();

    mockApi({ ...signedIn(), 'GET /api/dashboard': () => jsonResponse(500, { code: 'INTERNAL', message: '' }) });
    renderApp('/dashboard');
    const quiet = await screen.findByRole('button', { name: 'Notificações' });
    expect(within(quiet).queryByTestId('contador-notificacoes')).not.toBeInTheDocument();
  });

  it('asks with the ETag it has and keeps what it shows on a 304', async () => {
    let calls = 0;
    const api = mockApi({
      ...signedIn(),
      'GET /api/dashboard': () => jsonResponse(500, { code: 'INTERNAL', message: '' }),
      'GET /api/notificacoes/resumo': () => {
        calls += 1;
        if (calls === 1) return new Response(JSON.stringify({ naoLidas: 1, recentes: [venda] }), { status: 200, headers: { 'Content-Type': 'application/json', ETag: '"abc"' } });
        return new Response(null, { status: 304, headers: { ETag: '"abc"' } });
      },
    });
    const { queryClient } = renderApp('/dashboard');
    await screen.findByRole('button', { name: 'Notificações: 1 não lida' });
    await queryClient.invalidateQueries({ queryKey: ['notificacoes'] });
    await waitFor(() => expect(calls).toBe(2));
    const second = api.spy.mock.calls.filter(([input]) => String(input) === '/api/notificacoes/resumo')[1]!;
    expect((second[1]?.headers as Record<string, string>)['If-None-Match']).toBe('"abc"');
    expect(screen.getByRole('button', { name: 'Notificações: 1 não lida' })).toBeInTheDocument();
  });
});

describe('/notificacoes', () => {
  it('lists them with their text and links, and marks one as read', async () => {
    const api = mockApi({
      ...signedIn(),
      'GET /api/notificacoes': () => jsonResponse(200, page([venda, estoque, pagamento])),
      [`POST /api/notificacoes/${estoque.id}/lida`]: () => jsonResponse(200, { ...estoque, lida: true }),
    });
    const { user } = renderApp('/notificacoes');
    const list = await screen.findByRole('list', { name: 'Lista de notificações' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);
    expect(within(list).getByRole('link', { name: 'Nova venda registrada' })).toHaveAttribute('href', '/vendas?busca=V1741600000000');
    expect(within(list).getByRole('link', { name: 'Estoque Baixo' })).toHaveAttribute('href', '/produtos?busca=Arroz%205kg');
    expect(within(list).getByRole('link', { name: 'Pagamento recebido' })).toHaveAttribute('href', '/recibos/l1');
    expect(screen.getByText('3 notificações')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Marcar como lida: Estoque Baixo' }));
    await waitFor(() => expect(api.calls('POST', `/api/notificacoes/${estoque.id}/lida`)).toHaveLength(1));
    // The read one offers no button.
    expect(screen.queryByRole('button', { name: 'Marcar como lida: Pagamento recebido' })).not.toBeInTheDocument();
  });

  it('says a low stock in the product\'s unit: "(0,350 kg)"; by the unit, or in a notice older than units, "(3 unidades)"', async () => {
    const queijo: Notificacao = {
      ...estoque,
      id: '44444444-4444-4444-8444-444444444444',
      params: { produtoId: 'p2', nome: 'Queijo Minas', quantidade: 350, unidade: 'kg' },
    };
    const sabao: Notificacao = { ...estoque, id: '55555555-5555-4555-8555-555555555555', params: { produtoId: 'p3', nome: 'Sabão', quantidade: 1, unidade: 'un' } };
    mockApi({ ...signedIn(), 'GET /api/notificacoes': () => jsonResponse(200, page([queijo, sabao, estoque])) });
    renderApp('/notificacoes');
    const list = await screen.findByRole('list', { name: 'Lista de notificações' });
    expect(within(list).getByText('Produto Queijo Minas está com estoque baixo (0,350 kg)')).toBeInTheDocument();
    expect(within(list).getByText('Produto Sabão está com estoque baixo (1 unidade)')).toBeInTheDocument();
    expect(within(list).getByText('Produto Arroz 5kg está com estoque baixo (3 unidades)')).toBeInTheDocument();
  });

  it('says which entry a customer disputed and why, and leads to their Detalhes on Devedores', async () => {
    const CLIENTE = '66666666-6666-4666-8666-666666666666';
    const compra: Notificacao = {
      id: '77777777-7777-4777-8777-777777777777',
      tipo: 'contestacao',
      params: { clienteId: CLIENTE, cliente: 'Ana Souza', entrada: 'compra', valor: 4500, numeroVenda: 'V-0007', motivo: 'Era R$ 40,00' },
      lida: false,
      data: agora,
    };
    const saldo: Notificacao = { ...compra, id: '88888888-8888-4888-8888-888888888888', params: { clienteId: CLIENTE, cliente: 'Ana Souza', entrada: 'saldo_anterior', valor: 12550, motivo: 'Já paguei' } };
    mockApi({ ...signedIn(), 'GET /api/notificacoes': () => jsonResponse(200, page([compra, saldo])) });
    renderApp('/notificacoes');
    const list = await screen.findByRole('list', { name: 'Lista de notificações' });
    expect(within(list).getByText(/^Ana Souza não reconhece a compra V-0007 de R\$\s45,00: “Era R\$ 40,00”\. A cobrança fica pausada até você resolver\.$/)).toBeInTheDocument();
    expect(within(list).getByText(/^Ana Souza não reconhece o saldo anterior de R\$\s125,50: “Já paguei”\./)).toBeInTheDocument();
    for (const link of within(list).getAllByRole('link', { name: 'Lançamento contestado' })) expect(link).toHaveAttribute('href', `/devedores?cliente=${CLIENTE}`);
  });

  it('"Marcar todas como lidas" marks them all and says so', async () => {
    const api = mockApi({
      ...signedIn(),
      'GET /api/notificacoes': () => jsonResponse(200, page([venda])),
      'POST /api/notificacoes/lidas': () => jsonResponse(200, { atualizadas: 1 }),
    });
    const { user } = renderApp('/notificacoes');
    await screen.findByRole('list', { name: 'Lista de notificações' });
    await user.click(screen.getByRole('button', { name: 'Marcar todas como lidas' }));
    expect(await screen.findByText('Todas as notificações foram marcadas como lidas')).toBeInTheDocument();
    expect(api.calls('POST', '/api/notificacoes/lidas')).toHaveLength(1);
  });

  it('has an empty state, one for the unread filter, and "Tentar novamente" when loading fails', async () => {
    let fail = true;
    const api = mockApi({
      ...signedIn(),
      'GET /api/notificacoes': () => (fail ? jsonResponse(500, { code: 'INTERNAL', message: '' }) : jsonResponse(200, page([]))),
    });
    const { user } = renderApp('/notificacoes');
    const retry = await screen.findByRole('button', { name: 'Tentar novamente' }, { timeout: 8000 });
    fail = false;
    await user.click(retry);
    expect(await screen.findByRole('heading', { name: 'Nenhuma notificação' })).toBeInTheDocument();
    // The four kinds the seller can receive, the debtors' one included (spec §2, Notifications).
    expect(screen.getByText('Avisos de novas vendas, pagamentos recebidos, estoque baixo e clientes em débito aparecem aqui.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Marcar todas como lidas' })).toBeDisabled();

    await user.click(screen.getByRole('radio', { name: 'Não lidas' }));
    expect(await screen.findByRole('heading', { name: 'Nenhuma notificação não lida' })).toBeInTheDocument();
    expect(api.spy.mock.calls.some(([input]) => String(input) === '/api/notificacoes?filtro=nao_lidas&pageSize=20')).toBe(true);
  }, 15_000);
});
