import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, jsonResponse, mockApi, renderApp } from '@/test/utils';

const signedOut = { 'GET /api/me': () => jsonResponse(401, { code: 'UNAUTHENTICATED' }) };

async function openSignUp() {
  const app = renderApp('/auth');
  await app.user.click(await screen.findByRole('tab', { name: 'Criar Conta' }));
  const panel = await screen.findByRole('tabpanel', { name: 'Criar Conta' });
  // The form's code loads when the tab is first opened.
  await within(panel).findByLabelText('Nome completo');
  return { ...app, panel };
}

async function fillSignUp(
  { user, panel }: Awaited<ReturnType<typeof openSignUp>>,
  overrides: Partial<Record<string, string>> = {},
) {
  const values: Record<string, string> = {
    'Nome completo': 'Maria da Silva',
    'Nome da loja': 'Mercadinho da Maria',
    'Código de acesso': 'K7PM4XQ2',
    'E-mail': 'maria@mercadinho.com.br',
    Senha: 'segredo123',
    'Confirmar senha': 'segredo123',
    ...overrides,
  };
  for (const [label, value] of Object.entries(values)) {
    if (value) await user.type(within(panel).getByLabelText(label), value);
  }
}

describe('sign-up form', () => {
  it('explains that the app is paid next to the access code', async () => {
    mockApi(signedOut);
    const { panel } = await openSignUp();
    const code = within(panel).getByLabelText('Código de acesso');
    expect(code).toHaveAccessibleDescription(
      'O Caderneta é um aplicativo pago: para criar a conta é preciso um código de acesso válido.',
    );
    expect(within(panel).getByLabelText('E-mail')).toHaveAttribute('type', 'email');
  });

  it('shows "As senhas não conferem." and does not call the API when passwords differ', async () => {
    const api = mockApi(signedOut);
    const app = await openSignUp();
    await fillSignUp(app, { 'Confirmar senha': 'outra-senha' });
    await app.user.click(within(app.panel).getByRole('button', { name: 'Criar Conta' }));

    // Under the field and in the "Erro no cadastro" toast.
    expect(await screen.findByText('Erro no cadastro')).toBeInTheDocument();
    expect(screen.getAllByText('As senhas não conferem.')).toHaveLength(2);
    expect(api.calls('POST', '/api/cadastro')).toHaveLength(0);
  });

  it('requires at least 6 characters in the password', async () => {
    const api = mockApi(signedOut);
    const app = await openSignUp();
    await fillSignUp(app, { Senha: '12345', 'Confirmar senha': '12345' });
    await app.user.click(within(app.panel).getByRole('button', { name: 'Criar Conta' }));

    expect(await screen.findByText('Erro no cadastro')).toBeInTheDocument();
    expect(screen.getAllByText('A senha deve ter pelo menos 6 caracteres.')).toHaveLength(2);
    expect(api.calls('POST', '/api/cadastro')).toHaveLength(0);
  });

  it('on success clears the form, says so and switches to the "Entrar" tab', async () => {
    const answer = deferred<Response>();
    const api = mockApi({ ...signedOut, 'POST /api/cadastro': () => answer.promise });
    const app = await openSignUp();
    await fillSignUp(app);
    await app.user.click(within(app.panel).getByRole('button', { name: 'Criar Conta' }));

    expect(await within(app.panel).findByRole('button', { name: 'Criando conta...' })).toBeDisabled();
    answer.resolve(jsonResponse(201, { ok: true }));

    expect(await screen.findByText('Conta criada com sucesso!')).toBeInTheDocument();
    expect(
      screen.getByText('Suas informações foram salvas. Você pode fazer login agora.'),
    ).toBeInTheDocument();
    expect(api.calls('POST', '/api/cadastro')[0]?.body).toEqual({
      nomeCompleto: 'Maria da Silva',
      nomeLoja: 'Mercadinho da Maria',
      codigoAcesso: 'K7PM4XQ2',
      email: 'maria@mercadinho.com.br',
      senha: 'segredo123',
      confirmarSenha: 'segredo123',
    });

    await waitFor(() =>
      expect(screen.getByRole('tab', { name: 'Entrar' })).toHaveAttribute('aria-selected', 'true'),
    );
    const login = screen.getByRole('tabpanel', { name: 'Entrar' });
    expect(within(login).getByLabelText('E-mail ou usuário')).toHaveValue('maria@mercadinho.com.br');
    // No automatic login: the seller types the password.
    expect(api.calls('POST', '/api/auth/sign-in/email')).toHaveLength(0);

    await app.user.click(screen.getByRole('tab', { name: 'Criar Conta' }));
    const panel = screen.getByRole('tabpanel', { name: 'Criar Conta' });
    for (const label of ['Nome completo', 'Nome da loja', 'Código de acesso', 'E-mail', 'Senha']) {
      expect(within(panel).getByLabelText(label)).toHaveValue('');
    }
  });

  it('explains an invalid access code', async () => {
    mockApi({
      ...signedOut,
      'POST /api/cadastro': () =>
        jsonResponse(400, { code: 'INVALID_ACCESS_CODE', message: 'Invalid access code' }),
    });
    const app = await openSignUp();
    await fillSignUp(app);
    await app.user.click(within(app.panel).getByRole('button', { name: 'Criar Conta' }));

    expect(await screen.findByText('Código de acesso inválido')).toBeInTheDocument();
    expect(
      screen.getByText(
        'O código de acesso está incorreto, já foi usado ou não está ativo. Este aplicativo é pago e requer um código válido.',
      ),
    ).toBeInTheDocument();
    const code = within(app.panel).getByLabelText('Código de acesso');
    expect(code).toHaveAttribute('aria-invalid', 'true');
    expect(code).toHaveAccessibleDescription(expect.stringContaining('Confira o código de acesso.'));
    // Title and field message differ, so "Código de acesso inválido" is on screen once.
    expect(screen.getAllByText(/Código de acesso inválido/)).toHaveLength(1);
    // The typed data stays, so the seller only fixes the code.
    expect(within(app.panel).getByLabelText('Nome completo')).toHaveValue('Maria da Silva');
  });

  it('says when the e-mail is already registered', async () => {
    mockApi({
      ...signedOut,
      'POST /api/cadastro': () => jsonResponse(409, { code: 'EMAIL_IN_USE', message: 'in use' }),
    });
    const app = await openSignUp();
    await fillSignUp(app);
    await app.user.click(within(app.panel).getByRole('button', { name: 'Criar Conta' }));

    expect(await screen.findByText('Erro no cadastro')).toBeInTheDocument();
    expect(screen.getByText('Este e-mail já está cadastrado.')).toBeInTheDocument();
    expect(within(app.panel).getByLabelText('E-mail')).toHaveAccessibleDescription(
      'Use outro e-mail ou entre com este na aba “Entrar”.',
    );
  });

  it('puts the server validation issues on the fields', async () => {
    mockApi({
      ...signedOut,
      'POST /api/cadastro': () =>
        jsonResponse(400, {
          code: 'VALIDATION',
          message: 'Invalid body',
          issues: [{ path: 'nomeLoja', message: 'required' }],
        }),
    });
    const app = await openSignUp();
    await fillSignUp(app);
    await app.user.click(within(app.panel).getByRole('button', { name: 'Criar Conta' }));

    expect(await screen.findByText('Verifique os campos destacados.')).toBeInTheDocument();
    expect(within(app.panel).getByLabelText('Nome da loja')).toHaveAccessibleDescription(
      'Campo obrigatório.',
    );
  });
});
