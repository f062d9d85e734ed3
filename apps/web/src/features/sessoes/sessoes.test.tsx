import type { Dashboard, Sessao } from '@caderneta/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { CONFIGURACOES, jsonResponse, mockApi, renderApp, signedIn, staff } from '@/test/utils';

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; SM-A546E) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36';
const IPHONE = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const SESSOES: Sessao[] = [
  { id: 's1', criadaEm: '2025-03-01T12:00:00.000Z', ultimoUsoEm: '2025-03-10T18:00:00.000Z', expiraEm: '2025-03-17T18:00:00.000Z', ip: '200.100.1.2', navegador: ANDROID, atual: true },
  { id: 's2', criadaEm: '2025-02-20T12:00:00.000Z', ultimoUsoEm: '2025-03-08T09:30:00.000Z', expiraEm: '2025-03-15T09:30:00.000Z', ip: null, navegador: IPHONE, atual: false },
];

const DASHBOARD: Dashboard = {
  totalClientes: 0,
  totalProdutos: 0,
  estoqueBaixo: 0,
  contestacoesAbertas: 0,
  vendasHoje: 0,
  valorVendasHoje: 0,
  valorPendente: 0,
  devedores: 0,
  valorDevedores: 0,
  devedoresVencidos: 0,
  valorVencido: 0,
  atividades: [],
};

/** The devices' fake: DELETE takes one away (or fails with `falha`). */
function sessoesApi(me = staff('caixa'), falha?: Response) {
  let sessoes = [...SESSOES];
  return mockApi({
    ...signedIn(me),
    'GET /api/dashboard': () => jsonResponse(200, DASHBOARD),
    'GET /api/configuracoes': () => jsonResponse(200, CONFIGURACOES),
    'GET /api/me/sessoes': () => jsonResponse(200, { sessoes }),
    'DELETE /api/me/sessoes/s1': () => falha ?? jsonResponse(204),
    'DELETE /api/me/sessoes/s2': () => {
      if (falha) return falha;
      sessoes = sessoes.filter((s) => s.id !== 's2');
      return jsonResponse(204);
    },
  });
}

describe('Meus acessos', () => {
  it('a Caixa (no Configurações) opens their devices from the account menu and ends another one', async () => {
    const api = sessoesApi();
    const { user } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Conta de Ana Caixa' }));
    expect(await screen.findByText('Função: Caixa')).toBeInTheDocument();
    // Configurações is not theirs to open.
    expect(screen.queryByRole('menuitem', { name: 'Configurações' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('menuitem', { name: 'Meus acessos' }));

    const dialog = await screen.findByRole('dialog', { name: 'Dispositivos conectados' });
    const lista = await within(dialog).findByRole('list', { name: 'Dispositivos conectados' });
    const aqui = within(lista).getByRole('listitem', { name: 'Chrome no Android' });
    expect(within(aqui).getByText('Este dispositivo')).toBeInTheDocument();
    expect(within(aqui).getByText(/IP 200\.100\.1\.2/)).toBeInTheDocument();
    const iphone = within(lista).getByRole('listitem', { name: 'Safari no iPhone' });
    expect(within(iphone).getByText(/IP desconhecido/)).toBeInTheDocument();
    expect(within(iphone).queryByText('Este dispositivo')).not.toBeInTheDocument();

    await user.click(within(iphone).getByRole('button', { name: 'Encerrar acesso de Safari no iPhone' }));
    const pergunta = await screen.findByRole('alertdialog', { name: 'Encerrar este acesso?' });
    expect(pergunta).toHaveTextContent('Safari no iPhone sairá da sua conta');
    await user.click(within(pergunta).getByRole('button', { name: 'Encerrar' }));

    expect(await screen.findByText('Acesso encerrado')).toBeInTheDocument();
    expect(api.calls('DELETE', '/api/me/sessoes/s2')).toHaveLength(1);
    await waitFor(() => expect(within(lista).queryByRole('listitem', { name: 'Safari no iPhone' })).not.toBeInTheDocument());
    expect(within(lista).getByRole('listitem', { name: 'Chrome no Android' })).toBeInTheDocument();
    expect(api.unexpected).toEqual([]);
  });

  it('ending this very device signs out here and opens the sign-in page (from Configurações › Perfil)', async () => {
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    window.localStorage.setItem('caderneta.tema', 'dark');
    const api = sessoesApi(staff('gerente', { permissoes: ['vender_avista', 'configuracoes'] }));
    const { user } = renderApp('/configuracoes');
    const lista = await screen.findByRole('list', { name: 'Dispositivos conectados' });
    await user.click(within(lista).getByRole('button', { name: 'Encerrar acesso deste dispositivo' }));
    const pergunta = await screen.findByRole('alertdialog', { name: 'Encerrar este acesso?' });
    expect(pergunta).toHaveTextContent('você sairá da conta');
    await user.click(within(pergunta).getByRole('button', { name: 'Encerrar' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/auth'));
    expect(api.calls('DELETE', '/api/me/sessoes/s1')).toHaveLength(1);
    expect(window.localStorage.getItem('caderneta.tema')).toBe('dark');
  });

  it('says so when a device could not be signed out, and keeps it in the list', async () => {
    sessoesApi(staff('caixa'), jsonResponse(500, { code: 'INTERNAL', message: 'x' }));
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Conta de Ana Caixa' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Meus acessos' }));
    const lista = await screen.findByRole('list', { name: 'Dispositivos conectados' });
    await user.click(within(lista).getByRole('button', { name: 'Encerrar acesso de Safari no iPhone' }));
    const pergunta = await screen.findByRole('alertdialog');
    await user.click(within(pergunta).getByRole('button', { name: 'Encerrar' }));
    expect(await screen.findByText('Erro ao encerrar acesso')).toBeInTheDocument();
    // The question stays, to try again; given up, the device is still listed.
    await user.click(within(pergunta).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument());
    expect(within(lista).getByRole('listitem', { name: 'Safari no iPhone' })).toBeInTheDocument();
  });
});
