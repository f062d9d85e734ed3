import { expect, test, type Page } from '@playwright/test';
import { addSaleItem, createAsApp, expectToast, signedInSeller } from './support';

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

/** How many customers and products the counter keeps on the device (its IndexedDB), once it has a copy. */
const copiaNoAparelho = (page: Page) =>
  page.evaluate(async () => {
    const [info] = (await indexedDB.databases()).filter((d) => d.name?.startsWith('caderneta-balcao-'));
    if (!info?.name) return null;
    const banco = await new Promise<IDBDatabase>((resolve, reject) => {
      const abrir = indexedDB.open(info.name!);
      abrir.onsuccess = () => resolve(abrir.result);
      abrir.onerror = () => reject(abrir.error);
    });
    const contar = (loja: string) =>
      new Promise<number>((resolve) => {
        const pedido = banco.transaction(loja).objectStore(loja).count();
        pedido.onsuccess = () => resolve(pedido.result);
      });
    const copia = banco.objectStoreNames.contains('clientes') ? { clientes: await contar('clientes'), produtos: await contar('produtos') } : null;
    banco.close();
    return copia;
  });

test('with the connection gone the counter still sells fiado and takes a payment: kept on the device, a provisional receipt, sent once each when it returns', async ({ page, context }, testInfo) => {
  await signedInSeller(page, testInfo);
  const cliente = await createAsApp(page, '/api/clientes', { nome: 'Dona Zefa Offline', telefone: '11987650011', limiteCredito: 50_000 });
  await createAsApp(page, '/api/produtos', { nome: 'Café 500g', unidade: 'un', precoVenda: 1890, precoCusto: 1200, estoqueAtual: 10, estoqueMinimo: 0, codigoBarras: '7891000100400' });
  const menu = page.getByRole('navigation', { name: 'Menu principal' });
  await page.goto('/clientes');
  await expect(page.getByRole('listitem', { name: 'Dona Zefa Offline' })).toBeVisible();
  await appGuardada(page);
  // The customers and products are on the device a while after the app opens (10 s: not in its first load).
  await expect.poll(() => copiaNoAparelho(page), { timeout: 40_000 }).toEqual({ clientes: 1, produtos: 1 });
  await menu.getByRole('link', { name: 'Nova Venda' }).click();
  await expect(page.getByRole('heading', { name: 'Nova Venda', level: 1 })).toBeVisible();

  await context.setOffline(true);
  await expect(page.getByRole('status').filter({ hasText: 'Sem internet' })).toBeVisible();
  await page.getByLabel('Forma de pagamento').selectOption('fiado');
  await page.getByRole('combobox', { name: 'Buscar cliente' }).fill('zefa');
  await page.getByRole('listbox', { name: 'Clientes encontrados' }).getByRole('option', { name: /Dona Zefa Offline/ }).click();
  await addSaleItem(page, /Café 500g/, '2');
  await page.getByRole('button', { name: 'Finalizar Venda' }).click();

  // Not a button waiting forever: the sale is kept, with its provisional receipt.
  const recibo = page.getByRole('dialog', { name: 'Venda guardada no aparelho' });
  await expect(recibo.getByRole('status')).toHaveText('Recibo provisório — aguardando envio');
  await expect(recibo).toContainText('Dona Zefa Offline');
  await expect(recibo).toContainText('2 un × R$ 18,90');
  await expect(recibo).toContainText('R$ 37,80');
  await expectToast(page, 'Venda guardada no aparelho');
  await expect(page.getByRole('status').filter({ hasText: 'Sem internet — 1 venda aguardando envio' })).toBeVisible();
  await recibo.getByRole('button', { name: 'Nova venda' }).click();
  await expect(recibo).toBeHidden();

  // A payment received meanwhile, from the customer list the app already had on screen.
  await menu.getByRole('link', { name: 'Clientes' }).click();
  const zefa = page.getByRole('listitem', { name: 'Dona Zefa Offline' });
  await zefa.getByRole('button', { name: 'Mais ações para Dona Zefa Offline' }).click();
  await page.getByRole('menuitem', { name: 'Registrar pagamento' }).click();
  const pagamento = page.getByRole('dialog', { name: 'Registrar pagamento' });
  await pagamento.getByLabel('Valor do pagamento').fill('10,00');
  await pagamento.getByRole('button', { name: 'Registrar Pagamento' }).click();
  await expectToast(page, 'Pagamento guardado no aparelho');
  await expect(pagamento).toBeHidden();
  await expect(page.getByRole('status').filter({ hasText: 'Sem internet — 1 venda e 1 pagamento aguardando envio' })).toBeVisible();

  // The list of sales, offline: both are there, waiting, in the order they go.
  await menu.getByRole('link', { name: 'Vendas', exact: true }).click();
  await expect(page).toHaveURL(/\/vendas$/);
  const aguardando = page.getByRole('list', { name: 'Aguardando envio neste aparelho' });
  await expect(aguardando.getByRole('listitem')).toHaveCount(2);
  await expect(aguardando.getByRole('listitem').first()).toContainText('Dona Zefa Offline · R$ 37,80');
  await expect(aguardando.getByRole('listitem').last()).toContainText('Pagamento de Dona Zefa Offline · R$ 10,00');

  // Back online: sent by themselves, once each; the list shows the sale with its number, the customer owes the difference.
  await context.setOffline(false);
  await expect(aguardando).toBeHidden({ timeout: 20_000 });
  await expect(page.getByRole('status').filter({ hasText: 'aguardando envio' })).toHaveCount(0);
  await page.reload();
  const venda = page.getByRole('list', { name: 'Lista de vendas' }).getByRole('listitem');
  await expect(venda).toHaveCount(1);
  await expect(venda).toContainText('Dona Zefa Offline');
  await expect(venda).toContainText('R$ 37,80');
  // Recorded as made without internet, at the moment it was made.
  await expect(venda).toContainText('Feita sem internet');
  const vendas = await (await page.request.get('/api/vendas')).json();
  expect(vendas.total).toBe(1);
  expect((await (await page.request.get(`/api/clientes/${cliente.id}`)).json()).saldoPendente).toBe(2780);
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
