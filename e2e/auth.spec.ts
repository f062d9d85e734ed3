import { expect, test } from '@playwright/test';
import { accessCodeFromCli, fillSignUp, latestMailTo, logIn, newSeller, signedInSeller } from './support';

test('a new seller signs up with a code from the CLI, logs in, sees the dashboard and signs out', async ({ page }, testInfo) => {
  await page.goto('/');
  await expect(page.getByText('Sistema completo de gestão de vendas fiadas')).toBeVisible();
  await page.getByRole('link', { name: 'Começar Agora' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('tab', { name: 'Entrar' })).toHaveAttribute('aria-selected', 'true');

  const seller = newSeller(testInfo);
  const code = await accessCodeFromCli(testInfo);
  await fillSignUp(page, seller, code);
  await expect(page.getByText('Conta criada com sucesso!')).toBeVisible();
  await expect(page.getByText('Suas informações foram salvas. Você pode fazer login agora.')).toBeVisible();
  // No automatic login: back on the "Entrar" tab, the sign-up form cleared.
  await expect(page.getByRole('tab', { name: 'Entrar' })).toHaveAttribute('aria-selected', 'true');
  await expect(page).toHaveURL(/\/auth$/);

  await logIn(page, seller);
  await expect(page.getByText('Login realizado com sucesso!')).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('heading', { name: `Olá, ${seller.nome}!` })).toBeVisible();
  await expect(page.getByText('Bem-vindo ao sistema de vendas fiadas!')).toBeVisible();
  await expect(page.getByText(seller.email)).toBeVisible();
  await expect(page.getByRole('img', { name: `Avatar de ${seller.nome}` })).toBeVisible();

  // The menu, in the spec's order, with the current page marked.
  const nav = page.getByRole('navigation', { name: 'Menu principal' });
  await expect(nav.getByRole('link')).toHaveText([
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
  await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');

  // Signed in, /auth goes straight to the dashboard.
  await page.goto('/auth');
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth$/);
});

test('a wrong code and a code already used are refused with the spec message', async ({ page }, testInfo) => {
  await page.goto('/auth');
  const first = newSeller(testInfo);
  await fillSignUp(page, first, 'ERRADO2345');
  await expect(page.getByText('Código de acesso inválido')).toBeVisible();
  await expect(page.getByText(/O código de acesso está incorreto, já foi usado ou não está ativo/)).toBeVisible();

  const code = await accessCodeFromCli(testInfo);
  await page.reload();
  await fillSignUp(page, first, code);
  await expect(page.getByText('Conta criada com sucesso!')).toBeVisible();

  const second = newSeller(testInfo);
  await fillSignUp(page, second, code);
  await expect(page.getByText('Código de acesso inválido')).toBeVisible();
  // Nothing typed is lost on a refusal.
  await expect(page.getByRole('tabpanel', { name: 'Criar Conta' }).getByLabel('E-mail')).toHaveValue(second.email);
});

test('a seller resets a forgotten password through the e-mail link', async ({ page }, testInfo) => {
  const seller = await signedInSeller(page, testInfo);
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/$/);

  await page.goto('/auth');
  await page.getByRole('button', { name: 'Esqueceu a senha?' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('E-mail').fill(seller.email);
  await dialog.getByRole('button', { name: 'Enviar link' }).click();
  await expect(page.getByText('Email enviado')).toBeVisible();

  const mail = await latestMailTo(testInfo, seller.email);
  expect(mail.subject).toContain('redefinição de senha');
  await page.goto(mail.link!);
  await expect(page).toHaveURL(/\/reset-password\?token=/);
  await page.getByLabel('Nova senha', { exact: true }).fill('novaSenha789');
  await page.getByLabel('Confirmar nova senha').fill('novaSenha789');
  await page.getByRole('button', { name: 'Redefinir senha' }).click();
  await expect(page.getByText('Senha redefinida')).toBeVisible();

  await page.goto('/auth');
  await logIn(page, { email: seller.email, senha: seller.senha });
  await expect(page.getByText('Erro no login')).toBeVisible();
  await expect(page.getByText('Credenciais inválidas')).toBeVisible();
  await logIn(page, { email: seller.email, senha: 'novaSenha789' });
  await expect(page).toHaveURL(/\/dashboard$/);

  // The link works once.
  await page.goto(mail.link!);
  await expect(page.getByText('Link inválido ou expirado')).toBeVisible();
});

test('protected pages send a visitor to /auth and unknown pages show the 404', async ({ page }) => {
  for (const path of ['/dashboard', '/clientes', '/vendas/nova', '/configuracoes']) {
    await page.goto(path);
    await expect(page, path).toHaveURL(/\/auth$/);
  }
  await page.goto('/isto/nao/existe');
  await expect(page.getByText('Ops! Página não encontrada.')).toBeVisible();
  await page.getByRole('link', { name: 'Voltar para o início' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('"Permanecer logado" keeps the session after the browser closes; without it the session ends', async ({ browser }, testInfo) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  const seller = await signedInSeller(page, testInfo);
  const sessionCookie = async () => (await context.cookies()).find((c) => c.name === 'caderneta.session_token');
  // Not remembered: a browser-session cookie (no expiry).
  expect((await sessionCookie())?.expires).toBe(-1);
  await page.getByRole('button', { name: 'Sair' }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto('/auth');
  await logIn(page, seller, true);
  await expect(page).toHaveURL(/\/dashboard$/);
  expect((await sessionCookie())?.expires).toBeGreaterThan(Date.now() / 1000 + 7 * 24 * 3600);
  await context.close();
});
