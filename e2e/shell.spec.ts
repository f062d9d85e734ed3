import { expect, test } from '@playwright/test';
import { signedInSeller } from './support';

test('the theme switch follows the choice and is remembered on this device', async ({ page }, testInfo) => {
  await signedInSeller(page, testInfo);
  const html = page.locator('html');
  await page.getByRole('button', { name: 'Tema' }).click();
  await page.getByRole('menuitemradio', { name: 'Escuro' }).click();
  await expect(html).toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(html).toHaveClass(/\bdark\b/);
  await page.getByRole('button', { name: 'Tema' }).click();
  await page.getByRole('menuitemradio', { name: 'Claro' }).click();
  await expect(html).not.toHaveClass(/\bdark\b/);
});

test('"Sistema" follows the operating system preference', async ({ page }, testInfo) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await signedInSeller(page, testInfo);
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await page.emulateMedia({ colorScheme: 'light' });
  await expect(page.locator('html')).not.toHaveClass(/\bdark\b/);
});

test('the seller switches the language and it follows them to another device', async ({ page, browser }, testInfo) => {
  const seller = await signedInSeller(page, testInfo);
  await page.getByRole('button', { name: 'Idioma' }).click();
  await page.getByRole('menuitemradio', { name: 'English' }).click();
  await expect(page.getByRole('heading', { name: `Hello, ${seller.nome}!` })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'New sale' })).toBeVisible();

  // Another device starts in Portuguese and switches to the seller's language after login.
  const other = await browser.newPage();
  await other.goto('/auth');
  const panel = other.getByRole('tabpanel', { name: 'Entrar' });
  await panel.getByLabel('E-mail').fill(seller.email);
  await panel.getByLabel('Senha').fill(seller.senha);
  await panel.getByRole('button', { name: 'Entrar' }).click();
  await expect(other.getByRole('heading', { name: `Hello, ${seller.nome}!` })).toBeVisible();
  await other.close();
});

test('on a phone the menu is a drawer that closes after navigating', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signedInSeller(page, testInfo);
  await page.getByRole('button', { name: 'Abrir menu' }).click();
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('link', { name: 'Produtos' }).click();
  await expect(page).toHaveURL(/\/produtos$/);
  await expect(drawer).toBeHidden();
});

test('the first Tab skips to the page, and a page prints without the menu, the header or its buttons', async ({ page }, testInfo) => {
  await signedInSeller(page, testInfo);
  await page.goto('/clientes');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await page.keyboard.press('Tab');
  const pular = page.getByRole('link', { name: 'Pular para o conteúdo' });
  await expect(pular).toBeFocused();
  await expect(pular).toBeInViewport();
  await page.keyboard.press('Enter');
  await expect(page.locator('main')).toBeFocused();

  await page.emulateMedia({ media: 'print' });
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Idioma' })).toBeHidden();
  await expect(page.getByRole('button', { name: 'Novo Cliente' })).toBeHidden();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  // The content takes the sheet's whole width, not what the sidebar leaves.
  const main = (await page.locator('main').boundingBox())!;
  expect(main.x).toBeLessThan(10);
});
