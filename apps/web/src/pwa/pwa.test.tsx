import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { rascunhoKey } from '@/features/vendas/rascunho-chave';
import { STORAGE_KEYS } from '@/lib/storage-keys';
import { jsonResponse, mockApi, renderApp, SELLER, signedIn } from '@/test/utils';
import { novaVersaoPronta, ouvirInstalacao, reiniciarPwa, type PedidoDeInstalacao } from './estado';

afterEach(() => {
  reiniciarPwa();
  window.sessionStorage.clear();
  window.localStorage.clear();
  Object.defineProperty(navigator, 'onLine', { configurable: true, value: true });
});

describe('a new version of the app', () => {
  it('is announced, and reloads only when the seller says so', async () => {
    mockApi(signedIn());
    const { user } = renderApp('/dashboard');
    await screen.findByRole('navigation', { name: 'Menu principal' });
    expect(screen.queryByText('Nova versão do Caderneta disponível.')).not.toBeInTheDocument();

    const atualizar = vi.fn(() => Promise.resolve());
    act(() => novaVersaoPronta(atualizar));
    const aviso = await screen.findByText('Nova versão do Caderneta disponível.');
    expect(atualizar).not.toHaveBeenCalled();
    await user.click(within(aviso.closest('[role="status"]') as HTMLElement).getByRole('button', { name: 'Atualizar' }));
    expect(atualizar).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Atualizando...' })).toBeDisabled();
  });

  it('waits while this tab holds a sale with items, and asks once the sale is gone', async () => {
    mockApi({ ...signedIn(), 'GET /api/dashboard': () => jsonResponse(500, { code: 'INTERNAL', message: 'x' }) });
    window.sessionStorage.setItem(rascunhoKey(SELLER.user.id), JSON.stringify({ itens: [{ valor: 500, descricao: null }] }));
    const { router } = renderApp('/configuracoes');
    await screen.findByRole('navigation', { name: 'Menu principal' });
    act(() => novaVersaoPronta(() => Promise.resolve()));
    expect(screen.queryByText('Nova versão do Caderneta disponível.')).not.toBeInTheDocument();

    // The sale is finished (its draft cleared) and the counter moves on.
    window.sessionStorage.removeItem(rascunhoKey(SELLER.user.id));
    await act(() => router.navigate('/dashboard'));
    expect(await screen.findByText('Nova versão do Caderneta disponível.')).toBeInTheDocument();
  });
});

describe('the install offer', () => {
  it('is kept from the browser and shown as "Instalar app" in the menu', async () => {
    ouvirInstalacao(window);
    mockApi(signedIn());
    const { user } = renderApp('/dashboard');
    const nav = await screen.findByRole('navigation', { name: 'Menu principal' });
    const menu = nav.parentElement as HTMLElement;
    expect(within(menu).queryByRole('button', { name: 'Instalar app' })).not.toBeInTheDocument();

    const prompt = vi.fn(() => Promise.resolve());
    const oferta = Object.assign(new Event('beforeinstallprompt', { cancelable: true }), {
      prompt,
      userChoice: Promise.resolve({ outcome: 'dismissed' as const }),
    }) as PedidoDeInstalacao;
    act(() => {
      window.dispatchEvent(oferta);
    });
    // The browser's own mini bar is held back: the menu offers it.
    expect(oferta.defaultPrevented).toBe(true);
    await user.click(await within(menu).findByRole('button', { name: 'Instalar app' }));
    expect(prompt).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(within(menu).queryByRole('button', { name: 'Instalar app' })).not.toBeInTheDocument());
  });
});

describe('without a connection', () => {
  it('opens the signed-in app as the seller this browser last saw, and says there is no internet', async () => {
    window.localStorage.setItem(STORAGE_KEYS.session, JSON.stringify(SELLER));
    Object.defineProperty(navigator, 'onLine', { configurable: true, value: false });
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    renderApp('/configuracoes');
    expect(await screen.findByRole('navigation', { name: 'Menu principal' })).toBeInTheDocument();
    expect(screen.getByText('Olá, Maria da Silva')).toBeInTheDocument();
    // Loaded with the offline part, at once when the app opens without a connection.
    expect((await screen.findByText('Sem internet')).closest('[role="status"]')).not.toBeNull();
  });

  it('without a seller kept, says the session could not be checked (no one is let in)', async () => {
    vi.spyOn(globalThis, 'fetch').mockRejectedValue(new TypeError('Failed to fetch'));
    renderApp('/configuracoes');
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Menu principal' })).not.toBeInTheDocument();
  });

  it('forgets the kept seller when the server says the session ended', async () => {
    window.localStorage.setItem(STORAGE_KEYS.session, JSON.stringify(SELLER));
    mockApi({ 'GET /api/me': () => jsonResponse(401, { code: 'UNAUTHENTICATED', message: 'Sign in' }) });
    renderApp('/configuracoes');
    await waitFor(() => expect(window.localStorage.getItem(STORAGE_KEYS.session)).toBeNull());
  });
});
