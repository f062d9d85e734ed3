import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '@/lib/i18n';
import { queryKeys } from '@/lib/query-keys';
import { jsonResponse, mockApi, renderApp, SELLER, signedIn, staff } from '@/test/utils';

describe('app layout', () => {
  it('lists the menu in the spec order and marks the current page', async () => {
    mockApi(signedIn());
    renderApp('/clientes');
    const nav = await screen.findByRole('navigation', { name: 'Menu principal' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((l) => l.textContent)).toEqual([
      'Dashboard',
      'Nova Venda',
      'Vendas',
      'Clientes',
      'Produtos',
      'Devedores',
      'Relatórios',
      'Histórico',
      'Equipe',
      'Configurações',
      'Notificações',
    ]);
    expect(within(nav).getByRole('link', { name: 'Equipe' })).toHaveAttribute('href', '/equipe');
    expect(within(nav).getByRole('link', { name: 'Clientes' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Vendas' })).not.toHaveAttribute('aria-current');
  });

  it('shows a Caixa only what their role lets them open, and no language switch (the shop\'s setting)', async () => {
    mockApi(signedIn(staff('caixa')));
    renderApp('/clientes');
    const nav = await screen.findByRole('navigation', { name: 'Menu principal' });
    expect(within(nav).getAllByRole('link').map((l) => l.textContent)).toEqual(['Dashboard', 'Nova Venda', 'Vendas', 'Clientes', 'Produtos', 'Devedores', 'Notificações']);
    expect(screen.queryByRole('button', { name: 'Idioma' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tema' })).toBeInTheDocument();
  });

  it('shows Configurações to a Gerente who may only back up, and neither Histórico nor Equipe', async () => {
    mockApi(signedIn(staff('gerente', { permissoes: ['vender_avista', 'ver_relatorios', 'backup'] })));
    renderApp('/clientes');
    const nav = await screen.findByRole('navigation', { name: 'Menu principal' });
    const links = within(nav).getAllByRole('link').map((l) => l.textContent);
    expect(links).toEqual(expect.arrayContaining(['Relatórios', 'Configurações']));
    expect(links).not.toContain('Histórico');
    expect(links).not.toContain('Equipe');
  });

  it.each([
    ['/relatorios', 'Relatórios'],
    ['/historico', 'Histórico'],
    ['/configuracoes', 'Configurações'],
  ])('a Caixa who opens %s by its address is told their role does not allow it, and nothing is asked of the server', async (path, title) => {
    const api = mockApi(signedIn(staff('caixa')));
    const { user, router } = renderApp(path);
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Sua função na loja não permite abrir esta página' })).toBeInTheDocument();
    expect(api.unexpected).toEqual([]);
    await user.click(screen.getByRole('link', { name: 'Voltar ao Dashboard' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('marks only "Nova Venda" on /vendas/nova', async () => {
    mockApi(signedIn());
    renderApp('/vendas/nova');
    const nav = await screen.findByRole('navigation', { name: 'Menu principal' });
    const novaVenda = within(nav).getByRole('link', { name: 'Nova Venda' });
    expect(novaVenda).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Vendas' })).not.toHaveAttribute('aria-current');
    // Marked like any current page (the accent background), not with a ring that looks like the keyboard focus.
    expect(novaVenda).toHaveClass('bg-sidebar-accent', 'text-sidebar-accent-foreground');
    expect(novaVenda).not.toHaveClass('bg-primary');
    expect(novaVenda.className).not.toMatch(/(^|\s)ring-/);
  });

  it('shows "Olá, {name}" with the e-mail truncated at 120px', async () => {
    mockApi(signedIn());
    renderApp('/dashboard');
    expect(await screen.findByText('Olá, Maria da Silva')).toBeInTheDocument();
    const email = screen.getByText('maria@mercadinho.com.br');
    expect(email).toHaveClass('max-w-[120px]', 'truncate');
    expect(screen.getByRole('img', { name: 'Avatar de Maria da Silva' })).toBeInTheDocument();
  });

  it('falls back to the e-mail before "@" when the seller has no name', async () => {
    mockApi(signedIn({ ...SELLER, user: { ...SELLER.user, nome: '' } }));
    renderApp('/dashboard');
    expect(await screen.findByText('Olá, maria')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Olá, maria!' })).toBeInTheDocument();
  });

  it('opens the menu in a drawer and closes it after choosing a page', async () => {
    mockApi(signedIn());
    const { user, router } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Abrir menu' }));
    const drawer = await screen.findByRole('dialog');
    // Focus starts on the page's own link, not on "Sair" (one Enter would sign out everywhere).
    await waitFor(() => expect(within(drawer).getByRole('link', { name: 'Dashboard' })).toHaveFocus());
    await user.click(within(drawer).getByRole('link', { name: 'Produtos' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/produtos'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('"Sair" ends the sessions, clears storage except the theme and reloads at /', async () => {
    const api = mockApi({ ...signedIn(), 'POST /api/me/sair': () => jsonResponse(200, { ok: true }) });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    window.localStorage.setItem('caderneta.tema', 'dark');
    window.localStorage.setItem('rascunho-venda', '{"itens":[]}');
    window.sessionStorage.setItem('qualquer', '1');
    const { user } = renderApp('/dashboard');

    await user.click(await screen.findByRole('button', { name: 'Sair' }));

    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(api.calls('POST', '/api/me/sair')).toHaveLength(1);
    expect(window.localStorage.getItem('rascunho-venda')).toBeNull();
    expect(window.sessionStorage.length).toBe(0);
    expect(window.localStorage.getItem('caderneta.tema')).toBe('dark');
  });

  it('"Sair" shows an error and stays when the server fails', async () => {
    mockApi({ ...signedIn(), 'POST /api/me/sair': () => jsonResponse(500, { code: 'INTERNAL', message: 'x' }) });
    const assign = vi.spyOn(window.location, 'assign').mockImplementation(() => {});
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const { user } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Sair' }));
    expect(await screen.findByText('Erro inesperado durante o logout')).toBeInTheDocument();
    expect(logged).toHaveBeenCalled();
    expect(assign).not.toHaveBeenCalled();
  });
});

describe('language', () => {
  it('switching language translates the app, remembers it and saves it for the seller', async () => {
    const api = mockApi({
      ...signedIn(),
      'PATCH /api/me/preferencias': ({ body }) =>
        jsonResponse(200, { ...SELLER, perfil: { ...SELLER.perfil, ...(body as object) } }),
    });
    const { user } = renderApp('/dashboard');
    await user.click(await screen.findByRole('button', { name: 'Idioma' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Español' }));

    expect(await screen.findByRole('heading', { name: '¡Hola, Maria da Silva!' })).toBeInTheDocument();
    const nav = screen.getByRole('navigation', { name: 'Menú principal' });
    expect(within(nav).getByRole('link', { name: 'Nueva venta' })).toBeInTheDocument();
    expect(window.localStorage.getItem('caderneta.idioma')).toBe('es-ES');
    expect(document.documentElement.lang).toBe('es-ES');
    await waitFor(() =>
      expect(api.calls('PATCH', '/api/me/preferencias')[0]?.body).toEqual({ idioma: 'es-ES' }),
    );
  });

  it("follows the seller's saved language on load", async () => {
    mockApi(signedIn({ ...SELLER, perfil: { ...SELLER.perfil, idioma: 'en-US' } }));
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Hello, Maria da Silva!' })).toBeInTheDocument();
    expect(i18n.language).toBe('en-US');
  });

  it('on public pages changes only this device', async () => {
    const api = mockApi({ 'GET /api/me': () => jsonResponse(401, { code: 'UNAUTHENTICATED' }) });
    const { user } = renderApp('/auth');
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Idioma' }), 'en-US');
    expect(await screen.findByRole('tab', { name: 'Create Account' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(api.calls('PATCH', '/api/me/preferencias')).toHaveLength(0);
  });
});

describe('the session under an open page', () => {
  it('a first load whose account cannot be read says so, with "Tentar novamente"', async () => {
    mockApi({ 'GET /api/me': () => jsonResponse(500, { code: 'INTERNAL', message: 'x' }) });
    renderApp('/clientes');
    // (after the query's two retries)
    expect(await screen.findByRole('heading', { name: 'Não foi possível carregar sua conta' }, { timeout: 10_000 })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  }, 20_000);

  it('a failed refresh of the account keeps the page as it is', async () => {
    let fail = false;
    mockApi({ ...signedIn(), 'GET /api/me': () => (fail ? jsonResponse(500, { code: 'INTERNAL', message: 'x' }) : jsonResponse(200, SELLER)) });
    const { queryClient } = renderApp('/configuracoes');
    const menu = await screen.findByRole('navigation', { name: 'Menu principal' });
    fail = true;
    await queryClient.refetchQueries({ queryKey: queryKeys.me });
    await waitFor(() => expect(queryClient.getQueryState(queryKeys.me)?.status).toBe('error'));
    expect(menu).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Não foi possível carregar sua conta' })).not.toBeInTheDocument();
  }, 20_000);

  it('signed out elsewhere (the account answers 401): the page stays and the seller is asked to sign in over it', async () => {
    let session = true;
    mockApi({ ...signedIn(), 'GET /api/me': () => (session ? jsonResponse(200, SELLER) : jsonResponse(401, { code: 'UNAUTHENTICATED', message: 'x' })) });
    const { router, queryClient } = renderApp('/configuracoes');
    await screen.findByRole('navigation', { name: 'Menu principal' });
    session = false;
    await queryClient.refetchQueries({ queryKey: queryKeys.me });
    const login = await screen.findByRole('dialog', { name: 'Sua sessão expirou' });
    expect(within(login).getByLabelText('E-mail ou usuário')).toHaveValue(SELLER.user.email);
    expect(router.state.location.pathname).toBe('/configuracoes');
  });
});
