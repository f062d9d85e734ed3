import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, jsonResponse, mockApi, renderApp, SELLER } from '@/test/utils';

async function fillLogin(user: ReturnType<typeof renderApp>['user']) {
  const form = await screen.findByRole('tabpanel', { name: 'Entrar' });
  await user.type(within(form).getByLabelText('E-mail ou usuário'), 'maria@mercadinho.com.br');
  await user.type(within(form).getByLabelText('Senha'), 'segredo123');
  return form;
}

describe('login form', () => {
  it('shows "Entrando..." and disables the button while the request is pending', async () => {
    const signInAnswer = deferred<Response>();
    let signedIn = false;
    const api = mockApi({
      'GET /api/me': () =>
        signedIn ? jsonResponse(200, SELLER) : jsonResponse(401, { code: 'UNAUTHENTICATED' }),
      'POST /api/auth/sign-in/email': () => signInAnswer.promise,
    });
    const { user, router } = renderApp('/auth');
    const form = await fillLogin(user);
    expect(within(form).getByRole('checkbox', { name: 'Permanecer logado' })).not.toBeChecked();

    await user.click(within(form).getByRole('button', { name: 'Entrar' }));

    const busy = await within(form).findByRole('button', { name: 'Entrando...' });
    expect(busy).toBeDisabled();
    // The shared schema is loaded on the first submit, then the request goes.
    await waitFor(() => expect(api.calls('POST', '/api/auth/sign-in/email')).toHaveLength(1));
    expect(api.calls('POST', '/api/auth/sign-in/email')[0]?.body).toEqual({
      email: 'maria@mercadinho.com.br',
      password: 'segredo123',
      rememberMe: false,
    });

    signedIn = true;
    signInAnswer.resolve(jsonResponse(200, { user: { id: 'u1' } }));

    expect(await screen.findByText('Login realizado com sucesso!')).toBeInTheDocument();
    expect(screen.getByText('Redirecionando para o dashboard...')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByRole('heading', { name: 'Olá, Maria da Silva!' })).toBeInTheDocument();
  });

  it('sends "Permanecer logado" when checked', async () => {
    const api = mockApi({
      'GET /api/me': () => jsonResponse(401, { code: 'UNAUTHENTICATED' }),
      'POST /api/auth/sign-in/email': () =>
        jsonResponse(401, { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' }),
    });
    const { user } = renderApp('/auth');
    const form = await fillLogin(user);
    await user.click(within(form).getByRole('checkbox', { name: 'Permanecer logado' }));
    await user.click(within(form).getByRole('button', { name: 'Entrar' }));

    await screen.findByText('Erro no login');
    expect(api.calls('POST', '/api/auth/sign-in/email')[0]?.body).toMatchObject({
      rememberMe: true,
    });
  });

  it('tells the seller the credentials are wrong and stays on /auth', async () => {
    mockApi({
      'GET /api/me': () => jsonResponse(401, { code: 'UNAUTHENTICATED' }),
      'POST /api/auth/sign-in/email': () =>
        jsonResponse(401, { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' }),
    });
    const { user, router } = renderApp('/auth');
    const form = await fillLogin(user);
    await user.click(within(form).getByRole('button', { name: 'Entrar' }));

    expect(await screen.findByText('Erro no login')).toBeInTheDocument();
    expect(screen.getByText('Credenciais inválidas')).toBeInTheDocument();
    expect(within(form).getByRole('button', { name: 'Entrar' })).toBeEnabled();
    expect(router.state.location.pathname).toBe('/auth');
  });

  it('leaves no "Erro no login" behind once a second attempt signs in: the dashboard opens without it', async () => {
    let tentativas = 0;
    let signedIn = false;
    mockApi({
      'GET /api/me': () => (signedIn ? jsonResponse(200, SELLER) : jsonResponse(401, { code: 'UNAUTHENTICATED' })),
      'GET /api/notificacoes/resumo': () => jsonResponse(200, { naoLidas: 0, recentes: [] }),
      'GET /api/dashboard': () => new Promise<Response>(() => {}),
      'POST /api/auth/sign-in/email': () => {
        if (++tentativas === 1) return jsonResponse(401, { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' });
        signedIn = true;
        return jsonResponse(200, { user: { id: 'u1' } });
      },
    });
    const { user, router } = renderApp('/auth');
    const form = await fillLogin(user);
    await user.click(within(form).getByRole('button', { name: 'Entrar' }));
    expect(await screen.findByText('Erro no login')).toBeInTheDocument();

    await user.click(within(form).getByRole('button', { name: 'Entrar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(await screen.findByText('Login realizado com sucesso!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Erro no login')).not.toBeInTheDocument());
    expect(screen.queryByText('Credenciais inválidas')).not.toBeInTheDocument();
  });

  it('says the server cannot be reached when no answer arrives', async () => {
    mockApi({ 'GET /api/me': () => jsonResponse(401, { code: 'UNAUTHENTICATED' }) });
    const { user } = renderApp('/auth');
    const form = await fillLogin(user);
    await user.click(within(form).getByRole('button', { name: 'Entrar' }));

    expect(await screen.findByText('Erro no login')).toBeInTheDocument();
    expect(screen.getByText('Sem conexão com o servidor. Verifique a internet e tente novamente.')).toBeInTheDocument();
  });

  it('asks for the e-mail and password before calling the API', async () => {
    const api = mockApi({ 'GET /api/me': () => jsonResponse(401, { code: 'UNAUTHENTICATED' }) });
    const { user } = renderApp('/auth');
    const form = await screen.findByRole('tabpanel', { name: 'Entrar' });
    await user.click(within(form).getByRole('button', { name: 'Entrar' }));

    expect(await within(form).findAllByText('Campo obrigatório.')).toHaveLength(2);
    expect(api.calls('POST', '/api/auth/sign-in/email')).toHaveLength(0);
  });
});

describe('"E-mail ou usuário"', () => {
  it('takes the login of someone without e-mail, trimmed and in lower case', async () => {
    const api = mockApi({
      'GET /api/me': () => jsonResponse(401, { code: 'UNAUTHENTICATED' }),
      'POST /api/auth/sign-in/email': () => jsonResponse(401, { code: 'INVALID_CREDENTIALS', message: 'Invalid email or password' }),
    });
    const { user } = renderApp('/auth');
    const form = await screen.findByRole('tabpanel', { name: 'Entrar' });
    await user.type(within(form).getByLabelText('E-mail ou usuário'), '  Ana.Padaria ');
    await user.type(within(form).getByLabelText('Senha'), 'segredo123');
    await user.click(within(form).getByRole('button', { name: 'Entrar' }));

    await waitFor(() => expect(api.calls('POST', '/api/auth/sign-in/email')).toHaveLength(1));
    expect(api.calls('POST', '/api/auth/sign-in/email')[0]?.body).toEqual({ email: 'ana.padaria', password: 'segredo123', rememberMe: false });
  });

  it('says what the field takes when it is neither an e-mail nor a login, and sends nothing', async () => {
    const api = mockApi({ 'GET /api/me': () => jsonResponse(401, { code: 'UNAUTHENTICATED' }) });
    const { user } = renderApp('/auth');
    const form = await screen.findByRole('tabpanel', { name: 'Entrar' });
    const campo = within(form).getByLabelText('E-mail ou usuário');
    await user.type(campo, 'ana padaria');
    await user.type(within(form).getByLabelText('Senha'), 'segredo123');
    await user.click(within(form).getByRole('button', { name: 'Entrar' }));

    expect(await within(form).findByText('Informe um e-mail válido ou o seu usuário (de 3 a 30 letras minúsculas, números, ponto, _ ou -).')).toBeInTheDocument();
    expect(campo).toHaveAttribute('aria-invalid', 'true');
    // With an "@" it is read as an e-mail.
    await user.clear(campo);
    await user.type(campo, 'ana@');
    expect(await within(form).findByText('Informe um e-mail válido.')).toBeInTheDocument();
    expect(api.calls('POST', '/api/auth/sign-in/email')).toHaveLength(0);
  });

});

describe('forgot password', () => {
  it('requires the e-mail', async () => {
    const api = mockApi({ 'GET /api/me': () => jsonResponse(401, { code: 'UNAUTHENTICATED' }) });
    const { user } = renderApp('/auth');
    await user.click(await screen.findByRole('button', { name: 'Esqueceu a senha?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Recuperar senha' });
    await user.click(within(dialog).getByRole('button', { name: 'Enviar link' }));

    expect(await screen.findByText('Email obrigatório')).toBeInTheDocument();
    expect(screen.getByText('Digite seu email para recuperar a senha')).toBeInTheDocument();
    expect(api.calls('POST', '/api/auth/request-password-reset')).toHaveLength(0);
  });

  it('always gives the same answer and starts from the e-mail typed on the login form', async () => {
    const api = mockApi({
      'GET /api/me': () => jsonResponse(401, { code: 'UNAUTHENTICATED' }),
      'POST /api/auth/request-password-reset': () => jsonResponse(200, { status: true }),
    });
    const { user } = renderApp('/auth');
    const form = await screen.findByRole('tabpanel', { name: 'Entrar' });
    await user.type(within(form).getByLabelText('E-mail ou usuário'), 'ninguem@exemplo.com');
    await user.click(within(form).getByRole('button', { name: 'Esqueceu a senha?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Recuperar senha' });
    expect(within(dialog).getByLabelText('E-mail')).toHaveValue('ninguem@exemplo.com');
    await user.click(within(dialog).getByRole('button', { name: 'Enviar link' }));

    expect(await screen.findByText('Email enviado')).toBeInTheDocument();
    expect(
      screen.getByText(
        'Se o e-mail estiver cadastrado, você receberá um link para redefinir a senha.',
      ),
    ).toBeInTheDocument();
    expect(api.calls('POST', '/api/auth/request-password-reset')[0]?.body).toEqual({
      email: 'ninguem@exemplo.com',
      redirectTo: '/reset-password',
    });
    // The dialog's submit must not also submit the login form behind it.
    expect(api.calls('POST', '/api/auth/sign-in/email')).toHaveLength(0);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
