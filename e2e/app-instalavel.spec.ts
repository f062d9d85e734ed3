import { expect, test, type Page } from '@playwright/test';
import { signedInSeller } from './support';

/**
 * The installable app (issue 36, part 1): after one visit the shell and every page's code are on the
 * device, so the app opens with the connection gone — the signed-in shell, a page never opened
 * before, and "Sem internet" saying why its data does not load; the browser's install offer becomes
 * "Instalar app" in the menu. These journeys let the service worker run (the others block it).
 */
test.use({ serviceWorkers: 'allow' });

/**
 * Waits until the service worker is installed, active, controls the page and holds the shell (the
 * first install precaches a couple of MB). Polled through page.evaluate, which awaits the check's
 * promise (waitForFunction would take the pending promise itself as a yes).
 */
async function appGuardada(page: Page) {
  await expect
    .poll(
      () =>
        page.evaluate(async () => {
          const r = await navigator.serviceWorker.getRegistration();
          // Installed, active, and nothing else on the way.
          if (!navigator.serviceWorker.controller || r?.active?.state !== 'activated' || r.installing || r.waiting) return false;
          for (const nome of await caches.keys()) {
            if (await (await caches.open(nome)).match('/index.html', { ignoreSearch: true })) return true;
          }
          return false;
        }),
      { timeout: 60_000, intervals: [500] },
    )
    .toBe(true);
}

test('after one visit, the app opens and moves between pages without a connection', async ({ page, context }, testInfo) => {
  await signedInSeller(page, testInfo);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: /^Olá, / })).toBeVisible();
  await appGuardada(page);

  const manifesto = await page.request.get('/manifest.webmanifest');
  expect(manifesto.ok()).toBe(true);
  expect(await manifesto.json()).toMatchObject({ short_name: 'Caderneta', display: 'standalone', start_url: '/dashboard', theme_color: '#0f766e' });
  expect((await page.request.get('/icons/icon-512.png')).headers()['content-type']).toBe('image/png');

  await context.setOffline(true);
  await page.reload();
  // The shell, from the device, with the seller it knew.
  await expect(page.getByRole('navigation', { name: 'Menu principal' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Sem internet' })).toBeVisible();
  await expect(page.getByText(/^Olá, /).first()).toBeVisible();
  // A page never opened in this visit: its code is on the device too.
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Produtos' }).click();
  await expect(page).toHaveURL(/\/produtos$/);
  await expect(page.getByRole('heading', { name: 'Produtos', level: 1 })).toBeVisible();

  // Back online: the header says nothing, and the page loads its data again.
  await context.setOffline(false);
  await expect(page.getByRole('status').filter({ hasText: 'Sem internet' })).toBeHidden();
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Produtos', level: 1 })).toBeVisible();
});

test('the browser\'s install offer is "Instalar app" in the menu, used once', async ({ page }, testInfo) => {
  await signedInSeller(page, testInfo);
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: /^Olá, / })).toBeVisible();
  const menu = page.locator('aside');
  await expect(menu.getByRole('button', { name: 'Instalar app' })).toHaveCount(0);

  // What Chrome fires when the app can be installed, with the dialog it would show.
  await page.evaluate(() => {
    const oferta = new Event('beforeinstallprompt', { cancelable: true }) as Event & { prompt: () => Promise<void>; userChoice: Promise<{ outcome: string }> };
    (window as unknown as { perguntado: number }).perguntado = 0;
    oferta.prompt = async () => {
      (window as unknown as { perguntado: number }).perguntado += 1;
    };
    oferta.userChoice = Promise.resolve({ outcome: 'accepted' });
    window.dispatchEvent(oferta);
  });
  const instalar = menu.getByRole('button', { name: 'Instalar app' });
  await expect(instalar).toBeVisible();
  await instalar.click();
  await expect.poll(() => page.evaluate(() => (window as unknown as { perguntado: number }).perguntado)).toBe(1);
  await expect(instalar).toHaveCount(0);
});

test('the customer\'s page does not install the seller\'s app on the customer\'s phone', async ({ page }) => {
  await page.goto('/cliente');
  await page.waitForLoadState('load');
  // Past the moment a seller's page registers the worker (3 s after load).
  await page.waitForTimeout(5_000);
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length)).toBe(0);
  await page.goto('/auth');
  await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length), { timeout: 20_000 }).toBe(1);
});
