import { expect, test } from '@playwright/test';
import { expectToast, postAsApp, signedInSeller } from './support';

// Each journey signs up and works through the real server; give a busy machine room.
test.describe.configure({ timeout: 300_000 });

test('the bell counts a new sale without a reload; "Marcar todas como lidas" clears it', async ({ page }, testInfo) => {
  await signedInSeller(page, testInfo);
  const produto = await (await postAsApp(page, '/api/produtos', { nome: 'Café 500g', precoVenda: 1890, precoCusto: 1200, estoqueAtual: 50, estoqueMinimo: 2 })).json();
  await page.goto('/dashboard');
  const header = page.getByRole('banner');
  await expect(header.getByRole('button', { name: 'Notificações', exact: true })).toBeVisible();

  // A sale made on this screen: the bell follows at once.
  await page.goto('/vendas/nova');
  const select = page.getByLabel('Produto', { exact: true });
  await expect(select.locator('option', { hasText: 'Café 500g' })).toHaveCount(1);
  await select.selectOption({ label: (await select.locator('option', { hasText: 'Café 500g' }).textContent())! });
  await page.getByRole('button', { name: 'Adicionar' }).click();
  await page.getByRole('button', { name: 'Finalizar Venda' }).click();
  await expectToast(page, 'Venda registrada com sucesso!');
  await expect(header.getByRole('button', { name: 'Notificações: 1 não lida' })).toBeVisible();
  await expect(page).toHaveURL(/\/vendas$/);

  // A sale made on another device: the bell finds it on its next check, with no reload.
  const url = page.url();
  expect((await postAsApp(page, '/api/vendas', { formaPagamento: 'vista', itens: [{ produtoId: produto.id, quantidade: 2 }] })).status()).toBe(201);
  await expect(header.getByRole('button', { name: 'Notificações: 2 não lidas' })).toBeVisible({ timeout: 45_000 });
  expect(page.url()).toBe(url);

  await header.getByRole('button', { name: 'Notificações: 2 não lidas' }).click();
  const menu = page.getByRole('menu');
  await expect(menu.getByText('Nova venda registrada')).toHaveCount(2);
  await expect(menu.getByText(/de R\$ 37,80, à vista\./)).toBeVisible();
  await menu.getByRole('menuitem', { name: 'Marcar todas como lidas' }).click();
  await expect(menu.getByRole('menuitem', { name: 'Marcar todas como lidas' })).toBeHidden();
  await page.keyboard.press('Escape');
  await expect(header.getByRole('button', { name: 'Notificações', exact: true })).toBeVisible();

  await page.goto('/notificacoes');
  const list = page.getByRole('list', { name: 'Lista de notificações' });
  await expect(list.getByRole('listitem')).toHaveCount(2);
  await expect(list.getByText('Não lida')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Marcar todas como lidas' })).toBeDisabled();
  // Each notification links to its sale.
  await list.getByRole('link', { name: 'Nova venda registrada' }).first().click();
  await expect(page).toHaveURL(/\/vendas\?busca=V\d+/);
  await expect(page.getByRole('list', { name: 'Lista de vendas' }).getByRole('listitem')).toHaveCount(1);
});
