import { expect, test } from '@playwright/test';
import { expectToast, logIn, signedInSeller } from './support';

// Each journey signs up and works through the real server; give a busy machine room.
test.describe.configure({ timeout: 300_000 });

test('settings follow the seller: a shop name and the seller’s own phone saved here are what another browser sees', async ({ page, browser }, testInfo) => {
  const seller = await signedInSeller(page, testInfo);
  // Perfil: the seller's own phone, typed any way, shown as it is stored.
  await page.goto('/configuracoes');
  const telefone = page.getByLabel('Telefone', { exact: true });
  await telefone.fill('+55 21 98765 4321');
  await telefone.blur();
  await expect(telefone).toHaveValue('(21) 98765-4321');
  await page.getByRole('button', { name: 'Salvar', exact: true }).first().click();
  await expectToast(page, 'Perfil salvo');

  await page.goto('/configuracoes?aba=loja');
  const nome = page.getByLabel('Nome da loja');
  await nome.fill('Empório da Esquina');
  await page.getByLabel('CPF ou CNPJ').fill('11.222.333/0001-81');
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expectToast(page, 'Configurações salvas!');

  const other = await browser.newPage({ baseURL: testInfo.project.use.baseURL });
  await other.goto('/auth');
  await logIn(other, seller);
  await expect(other).toHaveURL(/\/dashboard$/);
  await other.goto('/configuracoes?aba=loja');
  await expect(other.getByLabel('Nome da loja')).toHaveValue('Empório da Esquina');
  await expect(other.getByLabel('CPF ou CNPJ')).toHaveValue('11.222.333/0001-81');
  // The shop's phone is its own field, left empty.
  await expect(other.getByLabel('Telefone da loja')).toHaveValue('');
  await other.goto('/configuracoes');
  await expect(other.getByLabel('Telefone', { exact: true })).toHaveValue('(21) 98765-4321');

  // "Sair" with a change not saved asks the app's question, and after "Descartar" the browser asks nothing.
  const browserQuestions: string[] = [];
  other.on('dialog', (dialog) => {
    browserQuestions.push(dialog.type());
    void dialog.dismiss();
  });
  await other.getByLabel('Telefone', { exact: true }).fill('(21) 91111-2222');
  await other.getByRole('button', { name: 'Sair' }).click();
  await other.getByRole('alertdialog', { name: 'Descartar alterações?' }).getByRole('button', { name: 'Descartar' }).click();
  await expect(other).toHaveURL((url) => url.pathname === '/');
  expect(browserQuestions).toEqual([]);
  await other.close();
});

test('change password: the new one signs in, the old one does not, and other devices are signed out', async ({ page, browser }, testInfo) => {
  const seller = await signedInSeller(page, testInfo);
  // Another device signed in with the old password.
  const phone = await browser.newPage({ baseURL: testInfo.project.use.baseURL });
  await phone.goto('/auth');
  await logIn(phone, seller);
  await expect(phone).toHaveURL(/\/dashboard$/);

  await page.goto('/configuracoes');
  await page.getByLabel('Senha atual').fill('senha-errada');
  await page.getByLabel('Nova senha', { exact: true }).fill('novaSenha456');
  await page.getByLabel('Confirmar nova senha').fill('novaSenha456');
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await expectToast(page, 'Erro ao alterar senha');
  await expectToast(page, 'Senha atual incorreta');

  await page.getByLabel('Senha atual').fill(seller.senha);
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await expectToast(page, 'Senha alterada');

  // This browser stays signed in; the phone is not any more.
  await page.goto('/clientes');
  await expect(page.getByRole('heading', { level: 1, name: 'Clientes' })).toBeVisible();
  await phone.goto('/clientes');
  await expect(phone).toHaveURL(/\/auth$/);

  await logIn(phone, seller);
  await expectToast(phone, 'Erro no login');
  await logIn(phone, { email: seller.email, senha: 'novaSenha456' });
  // Back on the page the phone was sent away from.
  await expect(phone).toHaveURL(/\/clientes$/);
  await phone.close();
});
