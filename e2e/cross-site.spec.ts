import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test } from '@playwright/test';
import { signedInSeller } from './support';

// A page on another origin of the same host (another port: same site, so the SameSite=Lax
// session cookie does travel) tries to act for the signed-in seller. The API refuses by Origin.

let attacker: Server;
let attackerOrigin: string;

function attackerPage(appOrigin: string) {
  return `<!doctype html><html><body>
<form id="sair" method="POST" action="${appOrigin}/api/me/sair" enctype="text/plain"><input name="x" value="y"></form>
<button id="fetch" onclick="window.fetchDone = Promise.all([
  fetch('${appOrigin}/api/me/sair', { method: 'POST', credentials: 'include', mode: 'no-cors' }),
  fetch('${appOrigin}/api/clientes', { method: 'POST', credentials: 'include', mode: 'no-cors',
    headers: { 'Content-Type': 'text/plain' }, body: JSON.stringify({ nome: 'Cliente Forjado', telefone: '11987654321' }) }),
]).then(() => 'sent')">fetch</button>
</body></html>`;
}

// eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a hook uses from this pattern; it needs none
test.beforeAll(async ({}, testInfo) => {
  const appOrigin = new URL(testInfo.project.use.baseURL!).origin;
  attacker = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(attackerPage(appOrigin));
  });
  await new Promise<void>((resolve) => attacker.listen(0, '127.0.0.1', resolve));
  attackerOrigin = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  await new Promise((resolve) => attacker.close(resolve));
});

test("a page on another origin cannot sign the seller out or create a customer with the seller's cookie", async ({ page }, testInfo) => {
  const seller = await signedInSeller(page, testInfo);

  await page.goto(attackerOrigin);
  const refused = (path: string) => page.waitForResponse((r) => r.url().endsWith(path) && r.request().method() === 'POST');
  const sair = refused('/api/me/sair');
  const clientes = refused('/api/clientes');
  await page.locator('#fetch').click();
  expect(await page.evaluate(() => (window as unknown as { fetchDone: Promise<string> }).fetchDone)).toBe('sent');
  // The session cookie is there and, the page being same-site, goes along with these requests
  // (SameSite=Lax stops only cross-site ones): what refuses them is the Origin check.
  expect((await page.context().cookies()).map((c) => c.name)).toContain('caderneta.session_token');
  for (const response of [await sair, await clientes]) expect(response.status()).toBe(403);

  // A plain form posted from that page (a top-level navigation) is refused too.
  const formPost = refused('/api/me/sair');
  await page.locator('#sair').evaluate((form: HTMLFormElement) => form.submit());
  const formResponse = await formPost;
  expect(formResponse.status()).toBe(403);
  expect(await formResponse.json()).toMatchObject({ code: 'CROSS_SITE_REQUEST' });

  // Still signed in, and no customer was created.
  await page.goto('/clientes');
  await expect(page).toHaveURL(/\/clientes$/);
  await expect(page.getByText(seller.nome).first()).toBeVisible();
  await expect(page.getByText('Cliente Forjado')).toHaveCount(0);
});
