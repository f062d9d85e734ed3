import { expect, test, type Page } from '@playwright/test';
import { addSaleItem, createAsApp, expectToast, signedInSeller } from './support';

// A bad moment at the counter — a dropped connection, an expired session, a second tab — loses
// nothing and records nothing twice.

/** Lets the request reach the server, then drops the connection before its answer arrives. */
async function loseFirstAnswer(page: Page, url: string) {
  let first = true;
  await page.route(url, async (route) => {
    if (route.request().method() !== 'POST' || !first) return route.fallback();
    first = false;
    await route.fetch();
    await route.abort('connectionreset');
  });
}

test('a sale and a payment whose answers were lost wait on the device and are recorded once, by themselves', async ({ page }, testInfo) => {
  await signedInSeller(page, testInfo);
  const pao = await createAsApp(page, '/api/produtos', { nome: 'Pão de Forma', precoVenda: 800, precoCusto: 500, estoqueAtual: 10, estoqueMinimo: 1 });
  const { id: rosaId } = await createAsApp(page, '/api/clientes', { nome: 'Rosa Fiado', telefone: '11987654321', limiteCredito: 100_000 });

  await page.goto('/vendas/nova');
  await page.getByLabel('Forma de pagamento').selectOption({ label: 'Fiado' });
  await page.getByLabel('Buscar cliente').fill('rosa');
  await page.getByRole('listbox', { name: 'Clientes encontrados' }).getByRole('option', { name: /Rosa Fiado/ }).click();
  await addSaleItem(page, /^Pão de Forma/, '3');
  await loseFirstAnswer(page, '**/api/vendas');
  await page.getByRole('button', { name: 'Finalizar Venda' }).click();

  // No answer: the sale waits on the device with its provisional receipt, and goes again by itself
  // with the same key; the server answers with the sale it already had, and the receipt gets its number.
  const recibo = page.getByRole('dialog', { name: 'Venda guardada no aparelho' });
  await expect(recibo).toContainText('Rosa Fiado');
  await expect(recibo).toContainText('R$ 24,00');
  await expect(recibo.getByRole('status')).toHaveText(/^Venda nº V\d+ registrada$/, { timeout: 15_000 });
  await recibo.getByRole('button', { name: 'Ir para vendas' }).click();
  await expect(page).toHaveURL(/\/vendas$/);
  await expect(page.getByRole('list', { name: 'Lista de vendas' }).getByRole('listitem')).toHaveCount(1);
  expect((await (await page.request.get(`/api/produtos/${pao.id}`)).json()).estoqueAtual).toBe(7);

  await page.goto('/clientes');
  const rosa = page.getByRole('listitem', { name: 'Rosa Fiado' });
  await expect(rosa).toContainText('R$ 24,00');
  await loseFirstAnswer(page, '**/pagamentos');
  await rosa.getByRole('button', { name: 'Mais ações para Rosa Fiado' }).click();
  await page.getByRole('menuitem', { name: 'Registrar pagamento' }).click();
  const pay = page.getByRole('dialog', { name: 'Registrar pagamento' });
  await pay.getByLabel('Valor do pagamento').fill('10,00');
  await pay.getByRole('button', { name: 'Registrar Pagamento' }).click();
  // No answer: kept on the device and sent again by itself, once.
  await expectToast(page, 'Pagamento guardado no aparelho');
  await expect(pay).toBeHidden();
  await expect(rosa).toContainText('R$ 14,00', { timeout: 15_000 });
  await expect(page.getByRole('status').filter({ hasText: 'aguardando envio' })).toHaveCount(0);
  const extrato = await (await page.request.get(`/api/clientes/${rosaId}/extrato`)).json();
  expect(extrato.items.filter((l: { tipo: string }) => l.tipo === 'pagamento')).toHaveLength(1);
});

/** The sign-in dialog a page shows over itself once its session has ended; signs in there. */
async function signInOverThePage(page: Page, seller: { email: string; senha: string }) {
  const login = page.getByRole('dialog', { name: 'Sua sessão expirou' });
  await expect(login).toBeVisible();
  // The dialog says it: the refused save shows no "Sessão expirada" toast under it.
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Sessão expirada' })).toHaveCount(0);
  await expect(login.getByLabel('E-mail')).toHaveValue(seller.email);
  await login.getByLabel('Senha').fill(seller.senha);
  await login.getByRole('button', { name: 'Entrar' }).click();
  await expect(login).toBeHidden();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Sessão expirada' })).toHaveCount(0);
}

test('a session that expires mid-sale asks the seller to sign in over the same cart', async ({ page, context }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const seller = await signedInSeller(page, testInfo);
  await createAsApp(page, '/api/produtos', { nome: 'Café 500g', precoVenda: 1890, precoCusto: 1200, estoqueAtual: 5, estoqueMinimo: 1 });

  await page.goto('/vendas/nova');
  await addSaleItem(page, /^Café 500g/, '2');
  await page.getByLabel('Observações').fill('Cliente esperando');
  await context.clearCookies();
  await page.getByRole('button', { name: 'Finalizar Venda' }).click();

  await signInOverThePage(page, seller);
  await expect(page).toHaveURL(/\/vendas\/nova$/);
  await expect(page.getByRole('list', { name: 'Itens da venda' })).toContainText('Café 500g');
  await expect(page.getByLabel('Observações')).toHaveValue('Cliente esperando');
  await page.getByRole('button', { name: 'Finalizar Venda' }).click();
  await expectToast(page, 'Venda registrada com sucesso!');
});

test('a session that expires with "Novo Cliente" half filled keeps what was typed; saving after signing in creates one customer', async ({ page, context }, testInfo) => {
  const seller = await signedInSeller(page, testInfo);
  await page.goto('/clientes');
  await page.getByRole('button', { name: 'Novo Cliente' }).first().click();
  const form = page.getByRole('dialog', { name: 'Novo Cliente' });
  await form.getByLabel(/^Nome/).fill('Rosa Fiado');
  await form.getByLabel(/^Telefone/).fill('11987654321');
  await context.clearCookies();
  await form.getByRole('button', { name: 'Cadastrar Cliente' }).click();

  await signInOverThePage(page, seller);
  await expect(page).toHaveURL(/\/clientes$/);
  await expect(form.getByLabel(/^Nome/)).toHaveValue('Rosa Fiado');
  await expect(form.getByLabel(/^Telefone/)).toHaveValue('(11) 98765-4321');
  await form.getByRole('button', { name: 'Cadastrar Cliente' }).click();
  await expectToast(page, 'Cliente cadastrado com sucesso!');
  await expect(form).toBeHidden();

  await expect(page.getByRole('listitem', { name: 'Rosa Fiado' })).toHaveCount(1);
  const clientes = (await (await page.request.get('/api/clientes?busca=Rosa')).json()) as { total: number };
  expect(clientes.total).toBe(1);
});

test("a sale in one tab updates the stock another tab shows, without a reload", async ({ page, context }, testInfo) => {
  await signedInSeller(page, testInfo);
  await createAsApp(page, '/api/produtos', { nome: 'Leite Integral', precoVenda: 550, precoCusto: 400, estoqueAtual: 10, estoqueMinimo: 1 });
  const outra = await context.newPage();
  await outra.goto('/produtos');
  const leite = outra.getByRole('listitem', { name: 'Leite Integral' });
  await expect(leite).toContainText('10 un');

  await page.goto('/vendas/nova');
  await addSaleItem(page, /^Leite Integral/, '4');
  await page.getByRole('button', { name: 'Finalizar Venda' }).click();
  await expectToast(page, 'Venda registrada com sucesso!');

  await expect(leite).toContainText('6 un');
});
