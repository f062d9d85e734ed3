import { expect, test, type Page } from '@playwright/test';
import { signedInSeller } from './support';

/**
 * The bundle guard: what a phone downloads of JavaScript and CSS (bytes on the wire, as the
 * server compresses them, with each response's headers) on a first visit to the login page and to
 * the dashboard stays within 170 KB (issue 11). `npm run bench` reports the same figure for /auth,
 * /dashboard and /vendas.
 */
const BUDGET = 170 * 1024;

async function scriptAndStyleBytes(page: Page, path: string): Promise<{ total: number; files: string[] }> {
  const sizes: Array<Promise<{ url: string; bytes: number }>> = [];
  page.on('response', (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet') return;
    sizes.push(
      response
        .request()
        .sizes()
        .then((s) => ({ url: response.url(), bytes: s.responseBodySize + s.responseHeadersSize })),
    );
  });
  await page.goto(path, { waitUntil: 'networkidle' });
  const all = await Promise.all(sizes);
  return { total: all.reduce((sum, s) => sum + s.bytes, 0), files: all.map((s) => `${new URL(s.url).pathname} ${s.bytes}`) };
}

test('the login page loads at most 170 KB of JavaScript and CSS', async ({ browser }) => {
  // A new context: nothing cached, as on a first visit.
  const context = await browser.newContext();
  const page = await context.newPage();
  const { total, files } = await scriptAndStyleBytes(page, '/auth');
  await expect(page.getByRole('button', { name: 'Entrar' })).toBeVisible();
  expect(total, `JS + CSS of /auth:\n${files.join('\n')}`).toBeLessThanOrEqual(BUDGET);
  await context.close();
});

test('the dashboard loads at most 170 KB of JavaScript and CSS', async ({ browser }, testInfo) => {
  const signUp = await browser.newPage();
  await signedInSeller(signUp, testInfo);
  const storageState = await signUp.context().storageState();
  await signUp.close();
  // A new context with the session only: nothing cached, as on the first visit after signing in
  // on another tab.
  const context = await browser.newContext({ storageState });
  const page = await context.newPage();
  const { total, files } = await scriptAndStyleBytes(page, '/dashboard');
  await expect(page.getByRole('heading', { name: /^Olá, / })).toBeVisible();
  expect(total, `JS + CSS of /dashboard:\n${files.join('\n')}`).toBeLessThanOrEqual(BUDGET);
  await context.close();
});

/**
 * The route hints (ADR 020): the HTML of a signed-in page announces the chunks and texts its first
 * load fetches and its first data, so the browser fetches them with the entry. A page whose module,
 * texts or loader changed without src/app/route-table.ts fails here.
 */
test('a signed-in page announces in its HTML every chunk and the data its first load fetches', async ({ browser }, testInfo) => {
  const signUp = await browser.newPage();
  await signedInSeller(signUp, testInfo);
  const storageState = await signUp.context().storageState();
  await signUp.close();
  const pages = [
    { path: '/dashboard', data: '/api/dashboard', shown: (page: Page) => page.getByRole('heading', { name: /^Olá, / }) },
    { path: '/vendas', data: '/api/vendas?pageSize=20', shown: (page: Page) => page.getByRole('heading', { name: 'Vendas', exact: true }) },
  ];
  for (const { path, data, shown } of pages) {
    const context = await browser.newContext({ storageState });
    const page = await context.newPage();
    const requested: string[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (['script', 'fetch', 'stylesheet'].includes(request.resourceType()) || url.pathname.startsWith('/api/')) requested.push(`${url.pathname}${url.search}`);
    });
    await page.goto(path);
    await expect(shown(page)).toBeVisible();
    const announced = await page.locator('head link[href], head script[src]').evaluateAll((elements) =>
      elements.map((element) => element.getAttribute('href') ?? element.getAttribute('src') ?? ''),
    );
    const scripts = requested.filter((url) => url.startsWith('/assets/') && url.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(3);
    expect(scripts.filter((url) => !announced.includes(url)), `${path}: chunks fetched without being announced`).toEqual([]);
    for (const url of ['/api/me', data]) {
      expect(announced, `${path}: ${url} announced`).toContain(url);
      // Fetched once: the app's own request took the preloaded answer.
      expect(requested.filter((r) => r === url), `${path}: requests of ${url}`).toHaveLength(1);
    }
    await context.close();
  }
});
