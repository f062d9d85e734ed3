import { execFile } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, type Locator, type Page, type TestInfo } from '@playwright/test';

const run = promisify(execFile);

/** What the helpers read of a test's (or a worker's) info: its project and worker. */
type RunInfo = Pick<TestInfo, 'project' | 'workerIndex'>;

/** The environment of the server this project's journeys run against (playwright.config.ts). */
export function serverEnv(testInfo: RunInfo): Record<string, string> {
  return (testInfo.project.metadata as { env: Record<string, string> }).env;
}

/** A fresh access code, made the way an operator makes one: with the CLI. */
export async function accessCodeFromCli(testInfo: RunInfo): Promise<string> {
  const { stdout } = await run('npm', ['run', '-s', 'access-code', '--', 'create', '1'], {
    env: { ...process.env, ...serverEnv(testInfo), LOG_LEVEL: 'silent' },
  });
  const code = stdout.trim();
  expect(code).toMatch(/^[A-Z2-9]{10}$/);
  return code;
}

/**
 * A scheduled job run by hand as an operator runs it (`npm run -s jobs -- run NAME --at INSTANT`):
 * through the server that holds the data, as if it were `at`, once per period as always.
 */
export async function runJobAt(testInfo: RunInfo, name: string, at: string): Promise<string> {
  const { stdout } = await run('npm', ['run', '-s', 'jobs', '--', 'run', name, '--at', at], {
    env: { ...process.env, ...serverEnv(testInfo), LOG_LEVEL: 'silent' },
  });
  return stdout;
}

/**
 * Configurações → Mensagens → WhatsApp Business: connects a new number of the fake Cloud API
 * (its app secret asked of the fake), tested and on, its webhooks sent to the shop's URL.
 */
export async function connectFakeWhatsapp(page: Page, testInfo: RunInfo): Promise<{ fake: string; phoneNumberId: string }> {
  const fake = serverEnv(testInfo).WHATSAPP_API_URL!;
  const phoneNumberId = `10${Date.now()}${testInfo.workerIndex}`;
  const { appSecret } = await (await page.request.get(`${fake}/__fake/phones/${phoneNumberId}`)).json();
  await page.goto('/configuracoes');
  await page.getByRole('tab', { name: 'Mensagens' }).click();
  const card = page.locator('[data-slot="card"]').filter({ has: page.getByRole('heading', { name: 'WhatsApp Business' }) });
  await card.getByLabel('ID do número de telefone').fill(phoneNumberId);
  await card.getByLabel('Token de acesso').fill('EAAG-e2e-token-0001');
  await card.getByLabel('Chave secreta do app').fill(appSecret);
  await card.getByRole('button', { name: 'Testar conexão' }).click();
  await expect(card.getByRole('status').filter({ hasText: /^Conectado: \+55 11 4000-\d{4} \(Loja de Teste\)$/ })).toBeVisible({ timeout: 30_000 });
  await card.getByRole('switch', { name: 'Ativo' }).click();
  await card.getByRole('button', { name: 'Salvar' }).click();
  await expectToast(page, 'Configurações do WhatsApp salvas!');
  await expect(card.getByText('Guardado: EAAG…0001. Deixe em branco para manter.')).toBeVisible();
  // Meta's panel: the callback URL and the verify token from the settings (the fake only needs the URL).
  const webhookUrl = await card.getByRole('textbox', { name: 'URL de retorno (webhook)', exact: true }).inputValue();
  await page.request.post(`${fake}/__fake/phones/${phoneNumberId}/webhook`, { data: { url: webhookUrl } });
  return { fake, phoneNumberId };
}

interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  link?: string;
}

/** The newest e-mail the server wrote to its outbox for `to` (no SMTP in tests). */
export async function latestMailTo(testInfo: RunInfo, to: string): Promise<OutboxMail> {
  const dir = path.join(serverEnv(testInfo).DATA_DIR!, 'outbox');
  let found: OutboxMail | undefined;
  await expect
    .poll(() => {
      let files: string[] = [];
      try {
        files = readdirSync(dir).filter((f) => f.endsWith('.json')).sort();
      } catch {
        return false;
      }
      const mails = files.map((f) => JSON.parse(readFileSync(path.join(dir, f), 'utf8')) as OutboxMail).filter((m) => m.to === to);
      found = mails.at(-1);
      return Boolean(found);
    })
    .toBe(true);
  return found!;
}

let counter = 0;
export function newSeller(testInfo: RunInfo) {
  const id = `${Date.now().toString(36)}${testInfo.workerIndex}${++counter}`;
  return { nome: `Maria Teste ${id}`, loja: `Mercadinho ${id}`, email: `maria.${id}@example.com`, senha: 'segredo123' };
}

export type Seller = ReturnType<typeof newSeller>;

export async function fillSignUp(page: Page, seller: Seller, code: string) {
  await page.getByRole('tab', { name: 'Criar Conta' }).click();
  const panel = page.getByRole('tabpanel', { name: 'Criar Conta' });
  await panel.getByLabel('Nome completo').fill(seller.nome);
  await panel.getByLabel('Nome da loja').fill(seller.loja);
  await panel.getByLabel('Código de acesso').fill(code);
  await panel.getByLabel('E-mail').fill(seller.email);
  await panel.getByLabel('Senha', { exact: true }).fill(seller.senha);
  await panel.getByLabel('Confirmar senha').fill(seller.senha);
  await panel.getByRole('button', { name: 'Criar Conta' }).click();
}

export async function logIn(page: Page, seller: Pick<Seller, 'email' | 'senha'>, remember = false) {
  const panel = page.getByRole('tabpanel', { name: 'Entrar' });
  await panel.getByLabel('E-mail').fill(seller.email);
  await panel.getByLabel('Senha').fill(seller.senha);
  if (remember) await panel.getByRole('checkbox', { name: 'Permanecer logado' }).check();
  await panel.getByRole('button', { name: 'Entrar' }).click();
}

/** A seller who signed up with a CLI code and is now on the dashboard. */
export async function signedInSeller(page: Page, testInfo: RunInfo): Promise<Seller> {
  const seller = newSeller(testInfo);
  const code = await accessCodeFromCli(testInfo);
  await page.goto('/auth');
  await fillSignUp(page, seller, code);
  await expect(page.getByText('Conta criada com sucesso!')).toBeVisible();
  await logIn(page, seller);
  await expect(page).toHaveURL(/\/dashboard$/);
  return seller;
}

/** A toast with this text is showing (earlier toasts may still be on screen too). */
export async function expectToast(page: Page, text: string | RegExp) {
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: text }).first()).toBeVisible();
}

/**
 * A POST with the seller's session through Playwright's request context, which sends no Origin of
 * its own: it says it comes from the app's page, as the browser does (the API refuses state
 * changes from elsewhere, ADR 009). The page must have opened the app already.
 */
export function postAsApp(page: Page, url: string, data?: unknown) {
  return page.request.post(url, { data, headers: { origin: new URL(page.url()).origin } });
}

/** A POST (as postAsApp) that must create a record: fails the test unless 201; answers the record. */
export async function createAsApp(page: Page, url: string, data: unknown) {
  const response = await postAsApp(page, url, data);
  expect(response.status(), `${url}: ${await response.text()}`).toBe(201);
  return response.json();
}

/** Nova venda: picks the product once the catalogue offers it (it loads after the page), types the quantity and adds it. */
export async function addSaleItem(page: Page, productName: RegExp, quantity: string) {
  const select = page.getByLabel('Produto', { exact: true });
  let label: string | undefined;
  await expect
    .poll(async () => {
      label = (await select.locator('option').allTextContents()).find((o) => productName.test(o));
      return label;
    })
    .toBeDefined();
  await select.selectOption({ label: label! });
  // "Quantidade", or "Quantidade (kg)" for what is sold by weight.
  await page.getByLabel(/^Quantidade(?: \(\w+\))?$/).fill(quantity);
  await page.getByRole('button', { name: 'Adicionar' }).click();
}

/**
 * Resizes the page in place and waits one frame at the new size. The app's layout follows the width
 * through CSS alone (no script reads it), so one load of a page can be measured at several sizes.
 */
export async function resizeInPlace(page: Page, width: number, height: number) {
  await page.setViewportSize({ width, height });
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)));
}

/**
 * How tall an element is laid out, in CSS pixels, as its tap target. Read from the computed style,
 * not the bounding box: a dialog still finishing its zoom-in scales its buttons for a few frames
 * (43.99 px for a 44 px button), and a finger meets the laid-out size.
 */
export function alturaDeToque(alvo: Locator): Promise<number> {
  return alvo.evaluate((el) => parseFloat(getComputedStyle(el).height));
}
