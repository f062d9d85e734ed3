import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { deferred, jsonResponse, mockApi, renderApp } from '@/test/utils';

const TOKEN = 'abcdefghijklmnopqrstuvwxyz0123456789';
const CONVITE = { nomeLoja: 'Mercadinho da Maria', nome: 'Ana Souza', email: 'ana@exemplo.com' };
const signedOut = { 'GET /api/me': () => jsonResponse(401, { code: 'UNAUTHENTICATED' }) };

describe('/convite/:token', { timeout: 30_000 }, () => {
  it('shows whose shop it is and whom it is for; the password set, /auth opens with the e-mail filled in', async () => {
    const aceite = deferred<Response>();
    const api = mockApi({
      ...signedOut,
      [`GET /api/convites/${TOKEN}`]: () => jsonResponse(200, CONVITE),
      [`POST /api/convites/${TOKEN}/aceitar`]: () => aceite.promise,
    });
    const { user, router } = renderApp(`/convite/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Convite para a equipe de Mercadinho da Maria' })).toBeInTheDocument();
    expect(screen.getByText('Olá, Ana Souza! Crie sua senha para entrar na loja.')).toBeInTheDocument();
    expect(screen.getByLabelText('E-mail')).toHaveValue('ana@exemplo.com');

    // The shared schema checks the passwords before anything is sent.
    await user.type(screen.getByLabelText('Senha'), 'segredo123');
    await user.type(screen.getByLabelText('Confirmar senha'), 'segredo12');
    await user.click(screen.getByRole('button', { name: 'Criar senha e entrar' }));
    expect(await screen.findByText('As senhas não conferem.')).toBeInTheDocument();
    expect(api.calls('POST', `/api/convites/${TOKEN}/aceitar`)).toHaveLength(0);

    await user.type(screen.getByLabelText('Confirmar senha'), '3');
    await user.click(screen.getByRole('button', { name: 'Criar senha e entrar' }));
    expect(await screen.findByRole('button', { name: 'Criando senha...' })).toBeDisabled();
    await waitFor(() => expect(api.calls('POST', `/api/convites/${TOKEN}/aceitar`)).toHaveLength(1));
    expect(api.calls('POST', `/api/convites/${TOKEN}/aceitar`)[0]?.body).toEqual({ senha: 'segredo123', confirmarSenha: 'segredo123' });
    aceite.resolve(jsonResponse(201, { email: 'ana@exemplo.com' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
    expect(await screen.findByText('Senha criada.')).toBeInTheDocument();
    expect(screen.getByText('Entre com seu e-mail e a nova senha.')).toBeInTheDocument();
    const login = await screen.findByRole('tabpanel', { name: 'Entrar' });
    await waitFor(() => expect(within(login).getByLabelText('E-mail ou usuário')).toHaveValue('ana@exemplo.com'));
  });

  it('a link used, expired or cancelled says so, with the way to the sign-in page', async () => {
    mockApi({
      ...signedOut,
      [`GET /api/convites/${TOKEN}`]: () => jsonResponse(404, { code: 'CONVITE_INVALIDO', message: 'Este convite não vale mais.' }),
    });
    const { user, router } = renderApp(`/convite/${TOKEN}`);
    const alerta = await screen.findByRole('alert');
    expect(within(alerta).getByRole('heading', { level: 1, name: 'Convite inválido ou vencido' })).toBeInTheDocument();
    expect(within(alerta).getByText(/Este link de convite não vale mais/)).toBeInTheDocument();
    expect(screen.queryByLabelText('Senha')).not.toBeInTheDocument();
    await user.click(within(alerta).getByRole('link', { name: 'Ir para o login' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/auth'));
  });

  it('a link that stops working while the password is typed says so too', async () => {
    mockApi({
      ...signedOut,
      [`GET /api/convites/${TOKEN}`]: () => jsonResponse(200, CONVITE),
      [`POST /api/convites/${TOKEN}/aceitar`]: () => jsonResponse(404, { code: 'CONVITE_INVALIDO', message: 'x' }),
    });
    const { user } = renderApp(`/convite/${TOKEN}`);
    await user.type(await screen.findByLabelText('Senha'), 'segredo123');
    await user.type(screen.getByLabelText('Confirmar senha'), 'segredo123');
    await user.click(screen.getByRole('button', { name: 'Criar senha e entrar' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Convite inválido ou vencido' })).toBeInTheDocument();
  });

  it('another failure is said in a toast, the form kept as typed', async () => {
    mockApi({
      ...signedOut,
      [`GET /api/convites/${TOKEN}`]: () => jsonResponse(200, CONVITE),
      [`POST /api/convites/${TOKEN}/aceitar`]: () => jsonResponse(429, { code: 'RATE_LIMITED', message: 'x' }),
    });
    const { user } = renderApp(`/convite/${TOKEN}`);
    await user.type(await screen.findByLabelText('Senha'), 'segredo123');
    await user.type(screen.getByLabelText('Confirmar senha'), 'segredo123');
    await user.click(screen.getByRole('button', { name: 'Criar senha e entrar' }));
    expect(await screen.findByText('Erro ao aceitar o convite')).toBeInTheDocument();
    expect(screen.getByText('Muitas tentativas. Aguarde um instante e tente novamente.')).toBeInTheDocument();
    expect(screen.getByLabelText('Senha')).toHaveValue('segredo123');
    expect(screen.getByRole('button', { name: 'Criar senha e entrar' })).toBeEnabled();
  });
});
