import { writeFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { test as base, type BrowserContext, expect, type Page } from '@playwright/test';
import { postAsApp, resizeInPlace, signedInSeller } from './support';

/**
 * Accessibility as a fence: axe-core's WCAG 2.1 A and AA rules and its best practices (heading
 * order, landmarks…) on every route, at desktop size and on a 390 px phone (the same page, resized),
 * with data on the lists. A moderate, serious or critical violation fails the build.
 * New screens join the lists below as they are added.
 */
const PUBLIC_ROUTES = ['/', '/auth', '/reset-password?token=invalido', '/pagina-que-nao-existe', '/cliente', '/convite/um-convite-que-nao-existe-mais'];
const SIGNED_IN_ROUTES = [
  '/dashboard',
  '/vendas/nova',
  '/vendas',
  '/clientes',
  '/produtos',
  '/devedores',
  '/relatorios',
  '/relatorios?aba=vendas',
  '/relatorios?aba=clientes',
  '/relatorios?aba=produtos',
  '/relatorios?aba=financeiro',
  '/notificacoes',
  '/notificacoes?filtro=nao_lidas',
  '/equipe',
  '/importar/clientes',
  '/importar/produtos',
  '/configuracoes',
  '/configuracoes?aba=loja',
  '/configuracoes?aba=mercadopago',
  '/configuracoes?aba=mensagens',
  '/configuracoes?aba=notificacoes',
  '/configuracoes?aba=sistema',
  '/recibos/:id',
  '/extratos/:cliente',
];
/** The customer page of the shop's debtor, with its purchases and payment (public, checked with data). */
const CUSTOMER_ROUTES = ['/cliente/:login'];
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'];
const FAILING_IMPACTS = new Set(['moderate', 'serious', 'critical']);
const VIEWPORTS = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
];

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
interface Shop {
  storageState: StorageState;
  reciboId: string;
  login: string;
  clienteId: string;
}

/** What a seller has after a day's work: customers (one owing), products (one low), sales, a payment. */
async function seedShop(page: Page): Promise<{ reciboId: string; login: string; clienteId: string }> {
  const post = async (url: string, data: unknown) => {
    const response = await postAsApp(page, url, data);
    expect(response.status(), `${url}: ${await response.text()}`).toBe(201);
    return response.json();
  };
  const cliente = await post('/api/clientes', { nome: 'José Conceição', telefone: '(11) 98765-4321', endereco: 'Rua das Flores, 10', limiteCredito: 100_000 });
  const anaPaula = await post('/api/clientes', { nome: 'Ana Paula', telefone: '(21) 3456-7890', limiteCredito: 0 });
  const produto = await post('/api/produtos', { nome: 'Arroz Tipo 1 5kg', precoVenda: 2590, precoCusto: 1800, estoqueAtual: 6, estoqueMinimo: 5 });
  await post('/api/produtos', { nome: 'Feijão Carioca 1kg', precoVenda: 890, precoCusto: 600, estoqueAtual: 40, estoqueMinimo: 5 });
  await post('/api/vendas', { formaPagamento: 'fiado', clienteId: cliente.id, itens: [{ produtoId: produto.id, quantidade: 2 }] });
  await post('/api/vendas', { formaPagamento: 'vista', itens: [{ produtoId: produto.id, quantidade: 1 }] });
  const pagamento = await post(`/api/clientes/${cliente.id}/pagamentos`, { valor: 1000 });
  // An old notebook's debt overdue since yesterday (an agreed due date; no purchase of today's is
  // behind it, so the date may be past), so the reminders walk-through has someone to show.
  await post(`/api/clientes/${anaPaula.id}/ajustes`, { tipo: 'debito', valor: 4500, motivo: 'Caderno antigo' });
  const ontem = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date(Date.now() - 86_400_000));
  const vencimento = await page.request.put(`/api/devedores/${anaPaula.id}/cobranca`, { data: { dataVencimento: ontem, observacoes: null }, headers: { origin: new URL(page.url()).origin } });
  expect(vencimento.status(), await vencimento.text()).toBe(200);
  // José does not recognise his payment, on his page (issue 38): his page and his Detalhes show the dispute.
  const contestacao = await page.request.post(`/api/portal/${cliente.login}/conferencias`, {
    data: { lancamentoId: pagamento.lancamento.id, reconhece: false, motivo: 'Paguei R$ 20,00, não R$ 10,00' },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(contestacao.status(), await contestacao.text()).toBe(200);
  return { reciboId: pagamento.lancamento.id, login: cliente.login, clienteId: cliente.id };
}

// One signed-in shop per worker (signing up takes a CLI call), shared by its route checks.
const test = base.extend<object, { shop: Shop }>({
  shop: [
    async ({ browser }, use, workerInfo) => {
      const page = await browser.newPage({ baseURL: workerInfo.project.use.baseURL });
      await signedInSeller(page, workerInfo);
      const { reciboId, login, clienteId } = await seedShop(page);
      const storageState = await page.context().storageState();
      await page.close();
      await use({ storageState, reciboId, login, clienteId });
    },
    { scope: 'worker', timeout: 120_000 },
  ],
});

/** The page has rendered its data: nothing is loading any more (generous: a busy CI machine is slow). */
async function settled(page: Page) {
  await page.waitForLoadState('networkidle');
  await expect(page.locator('main').first()).toBeVisible({ timeout: 30_000 });
  await expect(page.locator('[aria-busy="true"]:visible, [data-slot="skeleton"]:visible')).toHaveCount(0, { timeout: 30_000 });
}

/** Dialogs of the signed-in screens, checked open (with the page behind them). */
const SIGNED_IN_DIALOGS: Array<{ name: string; route: string; open: (page: Page) => Promise<void> }> = [
  {
    name: 'debtor details',
    route: '/devedores',
    open: async (page) => {
      await page.getByRole('button', { name: 'Detalhes de José Conceição' }).click();
      await expect(page.getByRole('dialog').getByText('Informações pessoais')).toBeVisible();
      // How the customer pays, with its suggested limit (issue 40).
      await expect(page.getByRole('dialog').getByTestId('como-paga')).toBeVisible({ timeout: 30_000 });
    },
  },
  {
    name: 'resolve a dispute',
    route: '/devedores',
    open: async (page) => {
      await page.getByRole('button', { name: 'Detalhes de José Conceição' }).click();
      await page.getByRole('dialog').getByRole('button', { name: /^Resolver a contestação/ }).click();
      await page.getByRole('dialog', { name: 'Resolver contestação' }).getByRole('radio', { name: /Corrigir o valor/ }).check();
      await expect(page.getByRole('dialog', { name: 'Resolver contestação' }).getByLabel('Valor correto do pagamento')).toBeVisible();
    },
  },
  {
    name: 'edit customer, with the suggested limit',
    route: '/clientes',
    open: async (page) => {
      await page.getByRole('button', { name: 'Editar José Conceição' }).click();
      await expect(page.getByRole('dialog').getByTestId('sugestao-limite')).toBeVisible({ timeout: 30_000 });
    },
  },
  {
    name: 'manage debt',
    route: '/devedores',
    open: async (page) => {
      await page.getByRole('button', { name: 'Detalhes de José Conceição' }).click();
      await page.getByRole('dialog').getByRole('button', { name: 'Gerenciar dívida' }).click();
      await expect(page.getByRole('dialog').getByLabel('Observações')).toBeVisible();
    },
  },
  { name: 'invite by e-mail', route: '/equipe', open: (page) => page.getByRole('button', { name: 'Convidar por e-mail' }).first().click() },
  { name: 'login without e-mail', route: '/equipe', open: (page) => page.getByRole('button', { name: 'Criar login sem e-mail' }).first().click() },
  { name: 'due-date rule', route: '/devedores', open: (page) => page.getByRole('button', { name: 'Configurar Vencimento' }).click() },
  {
    name: 'reminders walk-through',
    route: '/devedores',
    open: async (page) => {
      await page.getByRole('button', { name: 'Lembrete Vencidos' }).click();
      await expect(page.getByRole('dialog').getByRole('heading', { name: 'Ana Paula' })).toBeVisible();
    },
  },
];

/**
 * Checks the page at each size in turn, resized in place (one load serves both sizes). `route`
 * null: the page as it is (a menu or dialog the test opened); `open`: a dialog opened before checking;
 * `allowed`: rules left out of this check, each with the reason.
 */
async function expectNoViolations(page: Page, route: string | null, open?: (page: Page) => Promise<void>, allowed: Record<string, string> = {}) {
  if (route) {
    await page.goto(route);
    await settled(page);
  }
  if (open) {
    await open(page);
    await expect(page.getByRole('dialog')).toBeVisible();
    // Let the opening animation end before measuring colours.
    await page.waitForTimeout(300);
  }
  for (const viewport of VIEWPORTS) {
    await resizeInPlace(page, viewport.width, viewport.height);
    // Legacy mode runs axe in the page itself, without a blank page per run (there are no iframes).
    const { violations } = await new AxeBuilder({ page }).withTags(TAGS).setLegacyMode().analyze();
    const failing = violations
      .filter((v) => FAILING_IMPACTS.has(v.impact ?? '') && !(v.id in allowed))
      .map((v) => `${v.id} (${v.impact}) ×${v.nodes.length}: ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`);
    expect.soft(failing, `at ${viewport.width} px:\n${failing.join('\n')}`).toEqual([]);
  }
}

test.describe(`axe, WCAG 2.1 A/AA and best practices, at ${VIEWPORTS.map((v) => `${v.width} px (${v.name})`).join(' and ')}`, () => {
  test.use({ viewport: { width: VIEWPORTS[0]!.width, height: VIEWPORTS[0]!.height } });

  for (const route of PUBLIC_ROUTES) {
    test(`${route} has no moderate, serious or critical violation`, async ({ page }) => {
      await expectNoViolations(page, route);
    });
  }

  for (const route of CUSTOMER_ROUTES) {
    test(`${route} has no moderate, serious or critical violation`, async ({ page, shop }) => {
      await expectNoViolations(page, route.replace(':login', shop.login));
    });
  }
  test('/cliente/:login: the "Não reconheço" dialog has no moderate, serious or critical violation', async ({ page, shop }) => {
    await expectNoViolations(page, `/cliente/${shop.login}`, async (p) => {
      await p.getByRole('button', { name: /^Não reconheço: Compra de/ }).click();
      await expect(p.getByRole('dialog', { name: 'Não reconheço este lançamento' })).toBeVisible();
    });
  });

  test.describe('signed in, with data', () => {
    test.use({ storageState: async ({ shop }, use) => use(shop.storageState) });
    for (const route of SIGNED_IN_ROUTES) {
      test(`${route} has no moderate, serious or critical violation`, async ({ page, shop }) => {
        await expectNoViolations(page, route.replace(':id', shop.reciboId).replace(':cliente', shop.clienteId));
      });
    }
    for (const dialog of SIGNED_IN_DIALOGS) {
      test(`${dialog.route}: ${dialog.name} dialog has no moderate, serious or critical violation`, async ({ page }) => {
        await expectNoViolations(page, dialog.route, dialog.open);
      });
    }

    test('the notification bell’s menu has no moderate, serious or critical violation', async ({ page }) => {
      await page.goto('/dashboard');
      await settled(page);
      await page.getByRole('banner').getByRole('button', { name: /^Notificações/ }).click();
      await expect(page.getByRole('menu')).toBeVisible();
      await expectNoViolations(page, null, undefined, {
        region: 'known, not fixed: the open menu is portaled to <body>, outside the banner that holds its button',
      });
    });

    test('/vendas/nova: the customer search, its results open and one active, has no moderate, serious or critical violation', async ({ page }) => {
      await page.goto('/vendas/nova');
      await settled(page);
      await page.getByLabel('Forma de pagamento').selectOption({ label: 'Fiado' });
      const busca = page.getByRole('combobox', { name: 'Buscar cliente' });
      await busca.fill('José');
      const resultado = page.getByRole('listbox', { name: 'Clientes encontrados' }).getByRole('option', { name: /José Conceição/ });
      await expect(resultado).toBeVisible({ timeout: 30_000 });
      await busca.press('ArrowDown');
      await expect(resultado).toHaveAttribute('aria-selected', 'true');
      await expectNoViolations(page, null);
    });

    test('/vendas/nova: the product search, its results open and one active, then the shortcuts help, has no moderate, serious or critical violation', async ({ page }) => {
      await page.goto('/vendas/nova');
      await settled(page);
      const busca = page.getByRole('combobox', { name: 'Buscar produto' });
      await busca.fill('2*arroz');
      const resultado = page.getByRole('listbox', { name: 'Produtos encontrados' }).getByRole('option', { name: /Arroz Tipo 1 5kg/ });
      await expect(resultado).toBeVisible({ timeout: 30_000 });
      await busca.press('ArrowDown');
      await expect(resultado).toHaveAttribute('aria-selected', 'true');
      await expectNoViolations(page, null);
      await expectNoViolations(page, null, (p) => p.getByRole('button', { name: 'Atalhos do teclado' }).click());
    });

    test('/vendas/nova: a line\'s "Desconto / preço" and the sale\'s discount, with a refusal shown, have no moderate, serious or critical violation', async ({ page }) => {
      await page.goto('/vendas/nova');
      await settled(page);
      const busca = page.getByRole('combobox', { name: 'Buscar produto' });
      await busca.fill('arroz');
      const resultado = page.getByRole('listbox', { name: 'Produtos encontrados' }).getByRole('option', { name: /Arroz Tipo 1 5kg/ });
      await expect(resultado).toBeVisible({ timeout: 30_000 });
      await busca.press('ArrowDown');
      await busca.press('Enter');
      await expectNoViolations(page, null, async (p) => {
        await p.getByRole('button', { name: 'Desconto ou preço de Arroz Tipo 1 5kg' }).click();
        const dialogo = p.getByRole('dialog', { name: 'Desconto e preço' });
        await dialogo.getByLabel('Desconto', { exact: true }).fill('1000');
        // Enter, not a click: a pointer left over "Aplicar" would measure its hover colour.
        await dialogo.getByLabel('Desconto', { exact: true }).press('Enter');
        await expect(dialogo.getByRole('alert')).toBeVisible();
      });
      await page.keyboard.press('Escape');
      await expect(page.getByRole('dialog')).toBeHidden();
      await expectNoViolations(page, null, (p) => p.getByRole('button', { name: 'Desconto na venda' }).click());
    });

    test('the backup restore confirmation has no moderate, serious or critical violation', async ({ page }, testInfo) => {
      await page.goto('/configuracoes?aba=sistema');
      await settled(page);
      const backup = await page.request.get('/api/backup/exportar');
      const file = testInfo.outputPath('backup.json');
      writeFileSync(file, await backup.body());
      await page.getByLabel('Arquivo de backup').setInputFiles(file);
      await expect(page.getByRole('dialog', { name: 'Restaurar este backup?' })).toBeVisible({ timeout: 30_000 });
      await expectNoViolations(page, null);
    });
  });
});
