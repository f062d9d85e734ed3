import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, jsonResponse, mockApi, renderApp, SELLER, signedIn, signedOut } from '@/test/utils';

const PROTECTED = [
  '/dashboard',
  '/vendas/nova',
  '/vendas',
  '/clientes',
  '/produtos',
  '/devedores',
  '/relatorios',
  '/historico',
  '/configuracoes',
  '/notificacoes',
];

describe('routes', () => {
  it('landing shows the product, the tagline, the four features and leads to /auth', async () => {
    mockApi({});
    const { user, router } = renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Caderneta' })).toBeInTheDocument();
    expect(screen.getByText('Sistema completo de gestão de vendas fiadas')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(4);
    expect(screen.getByRole('combobox', { name: 'Idioma' })).toBeInTheDocument();

    await user.click(screen.getByRole('link', { name: 'Começar Agora' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(await screen.findByRole('tab', { name: 'Entrar' })).toHaveAttribute('aria-selected', 'true');
  });

  it.each(PROTECTED)('%s redirects to /auth without a session', async (path) => {
    mockApi(signedOut());
    const { router } = renderApp(path);
    expect(await screen.findByRole('tab', { name: 'Entrar' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('shows a skeleton while the session loads', async () => {
    const me = deferred<Response>();
    mockApi({ 'GET /api/me': () => me.promise });
    renderApp('/clientes');
    expect(await screen.findByRole('status', { name: 'Carregando...' })).toBeInTheDocument();
    me.resolve(jsonResponse(200, SELLER));
    expect(await screen.findByRole('heading', { level: 1, name: 'Clientes' })).toBeInTheDocument();
    expect(screen.queryByRole('status', { name: 'Carregando...' })).not.toBeInTheDocument();
  });

  it('offers a retry when the session cannot be checked', async () => {
    let attempts = 0;
    mockApi({
      'GET /api/me': () => {
        attempts += 1;
        return attempts <= 3 ? jsonResponse(503, { code: 'INTERNAL', message: 'down' }) : jsonResponse(200, SELLER);
      },
    });
    const { user } = renderApp('/dashboard');
    const retry = await screen.findByRole('button', { name: 'Tentar novamente' }, { timeout: 8000 });
    await user.click(retry);
    expect(await screen.findByRole('heading', { name: 'Olá, Maria da Silva!' })).toBeInTheDocument();
  }, 15_000);

  it('/auth sends a signed-in seller to /dashboard, replacing the history entry', async () => {
    mockApi(signedIn());
    const { router } = renderApp('/auth');
    expect(await screen.findByRole('heading', { name: 'Olá, Maria da Silva!' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('dashboard greets the seller and links to the main areas', async () => {
    mockApi(signedIn());
    renderApp('/dashboard');
    expect(await screen.findByRole('heading', { name: 'Olá, Maria da Silva!' })).toBeInTheDocument();
    expect(screen.getByText('Bem-vindo ao sistema de vendas fiadas!')).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(within(main).getByRole('link', { name: /Clientes/ })).toHaveAttribute('href', '/clientes');
    expect(within(main).getByRole('link', { name: /Produtos/ })).toHaveAttribute('href', '/produtos');
    expect(within(main).getByRole('link', { name: /Vendas/ })).toHaveAttribute('href', '/vendas');
    expect(within(main).getByText('Pronto para vender?')).toBeInTheDocument();
    expect(within(main).getByRole('link', { name: 'Nova Venda' })).toHaveAttribute('href', '/vendas/nova');
  });

  it('every signed-in page has its title and no "coming soon" text', async () => {
    mockApi(signedIn());
    const titles: Record<string, string> = {
      '/vendas/nova': 'Nova Venda',
      '/vendas': 'Vendas',
      '/clientes': 'Clientes',
      '/produtos': 'Produtos',
      '/devedores': 'Devedores',
      '/relatorios': 'Relatórios',
      '/historico': 'Histórico',
      '/configuracoes': 'Configurações',
      '/notificacoes': 'Notificações',
    };
    for (const [path, title] of Object.entries(titles)) {
      const { unmount } = renderApp(path);
      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(document.body).not.toHaveTextContent(/em breve|coming soon/i);
      unmount();
    }
  });

  it('shows the 404 page with a link home for an unknown path', async () => {
    mockApi({});
    const { user, router } = renderApp('/nao-existe/mesmo');
    expect(await screen.findByRole('heading', { name: 'Ops! Página não encontrada.' })).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Voltar para o início' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('shows the 404 text in the chosen language', async () => {
    window.localStorage.setItem('caderneta.idioma', 'en-US');
    const { initI18n } = await import('@/lib/i18n');
    await initI18n();
    mockApi({});
    renderApp('/missing');
    expect(await screen.findByRole('heading', { name: 'Oops! Page not found.' })).toBeInTheDocument();
  });
});

describe('reset password page', () => {
  it('without a token explains the link is invalid and leads to /auth', async () => {
    mockApi({});
    renderApp('/reset-password');
    expect(await screen.findByRole('heading', { name: 'Link inválido ou expirado' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pedir um novo link' })).toHaveAttribute('href', '/auth');
  });

  it('shows the invalid state when the API redirected with an error', async () => {
    mockApi({});
    renderApp('/reset-password?error=INVALID_TOKEN');
    expect(await screen.findByRole('heading', { name: 'Link inválido ou expirado' })).toBeInTheDocument();
  });

  it('sets the new password and goes to /auth', async () => {
    const api = mockApi({
      ...signedOut(),
      'POST /api/auth/reset-password': () => jsonResponse(200, { status: true }),
    });
    const { user, router } = renderApp('/reset-password?token=abc123');
    await user.type(await screen.findByLabelText('Nova senha'), 'novasenha1');
    await user.type(screen.getByLabelText('Confirmar nova senha'), 'novasenha1');
    await user.click(screen.getByRole('button', { name: 'Redefinir senha' }));

    expect(await screen.findByText('Senha redefinida')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(api.calls('POST', '/api/auth/reset-password')[0]?.body).toEqual({
      token: 'abc123',
      newPassword: 'novasenha1',
    });
  });

  it('outside the signed-in app a refusal for a session toasts: no "Sua sessão expirou" dialog would say it', async () => {
    mockApi({ ...signedOut(), 'POST /api/auth/reset-password': () => jsonResponse(401, { code: 'UNAUTHENTICATED', message: 'x' }) });
    const { user, router } = renderApp('/reset-password?token=abc123');
    await user.type(await screen.findByLabelText('Nova senha'), 'novasenha1');
    await user.type(screen.getByLabelText('Confirmar nova senha'), 'novasenha1');
    await user.click(screen.getByRole('button', { name: 'Redefinir senha' }));
    expect(await screen.findByText('Erro ao redefinir senha')).toBeInTheDocument();
    expect(screen.getByText('Sessão expirada. Faça login novamente.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Sua sessão expirou' })).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/reset-password');
  });

  it('checks the passwords match before calling the API', async () => {
    const api = mockApi({});
    const { user } = renderApp('/reset-password?token=abc123');
    await user.type(await screen.findByLabelText('Nova senha'), 'novasenha1');
    await user.type(screen.getByLabelText('Confirmar nova senha'), 'outrasenha');
    await user.click(screen.getByRole('button', { name: 'Redefinir senha' }));
    expect(await screen.findByText('As senhas não conferem.')).toBeInTheDocument();
    expect(api.calls('POST', '/api/auth/reset-password')).toHaveLength(0);
  });

  it('switches to the invalid state when the token is refused', async () => {
    mockApi({
      'POST /api/auth/reset-password': () =>
        jsonResponse(400, { code: 'INVALID_TOKEN', message: 'invalid token' }),
    });
    const { user } = renderApp('/reset-password?token=expired');
    await user.type(await screen.findByLabelText('Nova senha'), 'novasenha1');
    await user.type(screen.getByLabelText('Confirmar nova senha'), 'novasenha1');
    await user.click(screen.getByRole('button', { name: 'Redefinir senha' }));
    expect(await screen.findByRole('heading', { name: 'Link inválido ou expirado' })).toBeInTheDocument();
  });
});
