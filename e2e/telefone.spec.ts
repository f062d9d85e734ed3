import { writeFileSync } from 'node:fs';
import { inflateSync } from 'node:zlib';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { postAsApp, resizeInPlace, signedInSeller } from './support';

/**
 * The seller's usual screen is a phone (390 × 844; 360 px on the cheapest ones): every signed-in
 * page and the main dialogs fit the width, amounts are never cut, and every button is a thumb's
 * size (≥ 44 px) — issue 8 "Phone first".
 */

const LONG_CLIENT = 'Maria Aparecida dos Santos Oliveira Pereira de Albuquerque';
const LONG_OVERDUE = 'Antônia Conceição Nascimento Figueiredo de Vasconcelos Cavalcanti';
const LONG_PRODUCT = 'Refrigerante Guaraná Antarctica Zero Açúcar Garrafa Pet 2 Litros Pack com 6';
const MIN_TAP = 44;

// Each journey signs up and creates data through the real server; give a busy machine room.
test.describe.configure({ timeout: 300_000 });

interface Fixture {
  clienteId: string;
  pagamentoId: string;
  /** A customer owing what a real one might (R$ 9.876,54): the customer page's figures at their usual width. */
  devedoraComum: string;
}

async function post(page: Page, url: string, data: unknown): Promise<{ id: string; lancamento?: { id: string } }> {
  const response = await postAsApp(page, url, data);
  expect(response.status(), `${url}: ${await response.text()}`).toBe(201);
  return response.json();
}

/** Data that stresses a narrow screen: long names, millions of reais, a payment and a cancelled sale. */
async function createData(page: Page): Promise<Fixture> {
  const cliente = await post(page, '/api/clientes', {
    nome: LONG_CLIENT,
    telefone: '11987654321',
    endereco: 'Rua Doutor Antônio Bernardino de Campos Sobrinho, 1234, apartamento 56, Jardim Paulistano',
    limiteCredito: 1_000_000_000,
  });
  const inativo = await post(page, '/api/clientes', { nome: `${LONG_CLIENT} Inativa`, telefone: '11912345678', limiteCredito: 0 });
  expect((await postAsApp(page, `/api/clientes/${inativo.id}/desativar`)).ok()).toBe(true);
  const produto = await post(page, '/api/produtos', {
    nome: LONG_PRODUCT,
    categoria: 'Bebidas e refrigerantes importados',
    descricao: 'Descrição muito longa do produto para ver se a linha quebra ou corta direito no telefone',
    precoVenda: 99_999_999,
    precoCusto: 80_000_000,
    estoqueAtual: 90_000,
    estoqueMinimo: 10,
  });
  await post(page, '/api/produtos', { nome: 'Pão francês', precoVenda: 75, precoCusto: 40, estoqueAtual: 3, estoqueMinimo: 5 });
  const itens = [{ produtoId: produto.id, quantidade: 5 }];
  await post(page, '/api/vendas', { formaPagamento: 'fiado', clienteId: cliente.id, itens, observacoes: 'Observação comprida da venda para a festa da escola do bairro' });
  const cancelada = await post(page, '/api/vendas', { formaPagamento: 'vista', itens: [{ produtoId: produto.id, quantidade: 1 }] });
  expect((await postAsApp(page, `/api/vendas/${cancelada.id}/cancelar`, { motivo: 'Cliente desistiu' })).ok()).toBe(true);
  const pagamento = await post(page, `/api/clientes/${cliente.id}/pagamentos`, { valor: 123837537, metodo: 'pix', observacao: 'Pagamento parcial' });
  const notas = await page.request.put(`/api/devedores/${cliente.id}/cobranca`, {
    data: { dataVencimento: null, observacoes: 'Observação comprida sobre a cobrança: paga quando receber o pagamento da obra do vizinho' },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(notas.status(), await notas.text()).toBe(200);
  // An old notebook's debt overdue since yesterday (an agreed due date; no purchase of today's is
  // behind it, so the date may be past): the reminders walk-through shows this debtor.
  const antiga = await post(page, '/api/clientes', { nome: LONG_OVERDUE, telefone: '11976543210', limiteCredito: 5_000_000 });
  await post(page, `/api/clientes/${antiga.id}/ajustes`, { tipo: 'debito', valor: 123_456_789, motivo: 'Caderno antigo' });
  const ontem = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date(Date.now() - 86_400_000));
  const vencimento = await page.request.put(`/api/devedores/${antiga.id}/cobranca`, {
    data: { dataVencimento: ontem, observacoes: null },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(vencimento.status(), await vencimento.text()).toBe(200);
  const comum = await post(page, '/api/clientes', { nome: 'Joana Souza', telefone: '11955554444', limiteCredito: 5_000_000 });
  await post(page, `/api/clientes/${comum.id}/ajustes`, { tipo: 'debito', valor: 987_654, motivo: 'Caderno antigo' });
  return { clienteId: cliente.id, pagamentoId: pagamento.lancamento!.id, devedoraComum: comum.id };
}

interface LayoutProblems {
  pageScrollWidth: number;
  clientWidth: number;
  /** Elements that scroll or clip sideways (`overflow-x` other than visible) with hidden content. */
  clipped: string[];
  wide: string[];
  /** Visible buttons smaller than a fingertip. */
  small: string[];
}

/** What a person on this screen would hit: sideways scrolling, cut amounts, tiny buttons. */
async function layoutProblems(page: Page, within?: Locator): Promise<LayoutProblems> {
  const root = within ? await within.elementHandle() : null;
  return page.evaluate(
    ({ root, minTap }) => {
      const scope: Element = root ?? document.body;
      const describe = (el: Element) =>
        `${el.tagName.toLowerCase()}${el.getAttribute('aria-label') ? `[${el.getAttribute('aria-label')}]` : ''} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
      // Inside a box of at most 1 px that clips (`sr-only`: text for screen readers), nothing shows.
      const insideClippedPixel = (el: Element) => {
        for (let a = el.parentElement; a; a = a.parentElement) {
          const r = a.getBoundingClientRect();
          if ((r.width <= 1 || r.height <= 1) && getComputedStyle(a).overflow !== 'visible') return true;
        }
        return false;
      };
      const visible = (el: Element) => {
        const r = el.getBoundingClientRect();
        const s = getComputedStyle(el);
        return r.width > 0 && r.height > 0 && s.visibility !== 'hidden' && s.display !== 'none' && !insideClippedPixel(el);
      };
      const all = [scope, ...scope.querySelectorAll('*')].filter((el) => !el.closest('[data-sonner-toaster]'));
      const money = /R\$\s?\d/;
      const clipped = all
        .filter((el) => {
          if (!visible(el) || el.matches('input, textarea, select') || el.scrollWidth <= el.clientWidth + 1) return false;
          // The page's own sideways scroll is measured separately; this is everything inside it.
          if (el === document.documentElement || el === document.body) return false;
          const r = el.getBoundingClientRect();
          if (r.width <= 1 || r.height <= 1) return false; // visually hidden text for screen readers
          const overflowX = getComputedStyle(el).overflowX;
          // A box that scrolls sideways, or an amount of money cut short ("R$ 1.238.37…").
          return overflowX === 'auto' || overflowX === 'scroll' || (overflowX !== 'visible' && money.test(el.textContent ?? ''));
        })
        .map(describe);
      // Text running out of its button or filter ("Estoque Baixo" past its pill's edge).
      const spilled = all
        .filter((el) => el.matches('button, [role="radio"], [role="tab"]') && visible(el) && el.scrollWidth > el.clientWidth + 1)
        .map((el) => `spills out: ${describe(el)} ${el.scrollWidth} > ${el.clientWidth}`);
      clipped.push(...spilled);
      // An amount's number broken over two lines ("R$ 750,7" / "2"): read as a different figure.
      // ("R$" at the end of one line and the number on the next, in a sentence, reads right.) Up to
      // R$ 999.999,99: the walk's amounts in the millions and billions, past any shop's, may wrap
      // rather than push the page wider.
      const amount = /(?<=R\$[\s\u00a0]?)(?<![\d.])\d{1,3}(?:\.\d{3})?,\d{2}(?![\d,])/g;
      const walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const parent = node.parentElement;
        if (!parent || parent.closest('[data-sonner-toaster]') || !visible(parent)) continue;
        for (const match of (node.textContent ?? '').matchAll(amount)) {
          const range = document.createRange();
          range.setStart(node, match.index);
          range.setEnd(node, match.index + match[0].length);
          const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.bottom)));
          if (lines.size > 1) clipped.push(`broken over lines: ${describe(parent)} "${match[0]}"`);
        }
      }
      // Everything a thumb taps: buttons, filters, tabs, search results, form fields, menu links.
      const tappable = 'button, [role="button"], a[data-slot="button"], [role="radio"], [role="tab"], [role="option"], input:not([type="checkbox"]):not([type="radio"]):not([type="hidden"]):not([type="file"]), select, nav a';
      const small = all
        .filter((el) => el.matches(tappable) && visible(el))
        .filter((el) => {
          const r = el.getBoundingClientRect();
          return r.width < minTap - 0.5 || r.height < minTap - 0.5;
        })
        .map((el) => `${describe(el)} ${Math.round(el.getBoundingClientRect().width)}×${Math.round(el.getBoundingClientRect().height)}`);
      const width = document.documentElement.clientWidth;
      const beyond = (el: Element) => visible(el) && el.getBoundingClientRect().right > width + 1;
      // The outermost elements that reach past the right edge: where to look when the page is too wide.
      const wide = all.filter((el) => beyond(el) && !(el.parentElement && beyond(el.parentElement))).map(describe);
      return {
        wide,
        pageScrollWidth: document.documentElement.scrollWidth,
        clientWidth: document.documentElement.clientWidth,
        clipped,
        small,
      };
    },
    { root, minTap: MIN_TAP },
  );
}

async function expectFits(page: Page, where: string, within?: Locator) {
  // Wait for the page's data (no skeletons, no "Carregando") before measuring.
  await expect(page.locator('[data-slot="skeleton"]')).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: /Carregando/ })).toHaveCount(0);
  const problems = await layoutProblems(page, within);
  expect.soft(problems.pageScrollWidth, `${where}: page wider than the screen`).toBeLessThanOrEqual(problems.clientWidth);
  expect.soft(problems.wide, `${where}: elements past the right edge`).toEqual([]);
  expect.soft(problems.clipped, `${where}: content cut or scrolling sideways`).toEqual([]);
  expect.soft(problems.small, `${where}: buttons under ${MIN_TAP} px`).toEqual([]);
}

/** The phones the walk measures: the usual one, and the cheapest ones' 360 px. */
const WIDTHS = [390, 360];

/** `expectFits` at each phone width, the page resized in place (one load serves both widths). */
async function expectFitsEachWidth(page: Page, where: string, within?: Locator) {
  for (const width of WIDTHS) {
    await resizeInPlace(page, width, 844);
    await expectFits(page, `${where} at ${width}px`, within);
  }
}

async function openDialog(page: Page, open: () => Promise<void>, where: string) {
  await page.setViewportSize({ width: WIDTHS[0]!, height: 844 });
  await open();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  // Let the opening animation end before measuring.
  await expect(dialog).not.toHaveAttribute('data-state', 'closed');
  await page.waitForTimeout(300);
  await expectFitsEachWidth(page, where, dialog);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
}

/** Two items in the new sale, one with a long name and a price in the millions. */
async function fillCart(page: Page) {
  const select = page.getByLabel('Produto', { exact: true });
  for (const name of [LONG_PRODUCT, 'Pão francês']) {
    await expect(select.locator('option', { hasText: name })).toHaveCount(1);
    await select.selectOption({ label: (await select.locator('option', { hasText: name }).textContent())! });
    await page.getByRole('button', { name: 'Adicionar' }).click();
  }
  await expect(page.getByRole('list', { name: 'Itens da venda' }).getByRole('listitem')).toHaveCount(2);
}

test('on a phone the total and "Finalizar Venda" stay on screen while the items scroll', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signedInSeller(page, testInfo);
  await createData(page);
  await page.goto('/vendas/nova');
  await fillCart(page);
  const finalizar = page.getByRole('button', { name: 'Finalizar Venda' });
  const total = page.getByRole('region', { name: 'Resumo da venda' }).getByText('R$ 1.000.000,74');
  for (const y of [0, 400, 100_000]) {
    await page.evaluate((top) => window.scrollTo({ top }), y);
    await expect(finalizar).toBeInViewport({ ratio: 1 });
    await expect(total).toBeInViewport({ ratio: 1 });
  }
  // Nothing at the end of the page hides under the bar: "Cancelar" can still be reached.
  await expect(page.getByRole('button', { name: 'Cancelar' })).toBeInViewport({ ratio: 1 });
  const [bar, cancel] = await Promise.all([finalizar.boundingBox(), page.getByRole('button', { name: 'Cancelar' }).boundingBox()]);
  expect(cancel!.y + cancel!.height).toBeLessThanOrEqual(bar!.y);
  // The items are above the bar, reachable by scrolling: the bar does not cover the list's start.
  await page.evaluate(() => window.scrollTo({ top: 0 }));
  await expect(page.getByRole('heading', { name: 'Nova Venda', level: 1 })).toBeInViewport();
});

test('the sign-in page fits a phone and every control on it is a thumb\'s size', async ({ page }) => {
  await page.setViewportSize({ width: WIDTHS[0]!, height: 844 });
  await page.goto('/auth');
  await expect(page.getByRole('tab', { name: 'Entrar' })).toBeVisible();
  await expectFitsEachWidth(page, '/auth');
  // The "Permanecer logado" checkbox is small; its label, which ticks it too, is a thumb's height.
  const lembrar = page.locator('label', { hasText: 'Permanecer logado' });
  expect((await lembrar.boundingBox())!.height).toBeGreaterThanOrEqual(MIN_TAP - 0.5);
  await lembrar.click();
  await expect(page.getByRole('checkbox', { name: 'Permanecer logado' })).toBeChecked();
  await page.getByRole('tab', { name: 'Criar Conta' }).click();
  await expectFitsEachWidth(page, '/auth, Criar Conta');
});

// Pages and dialogs are two journeys, so the two halves of the walk run side by side.
test(`every signed-in page fits a ${WIDTHS.join(' and a ')} px phone`, async ({ page }, testInfo) => {
  await page.setViewportSize({ width: WIDTHS[0]!, height: 844 });
  await signedInSeller(page, testInfo);
  const { pagamentoId, clienteId, devedoraComum } = await createData(page);
  const login = (await (await page.request.get(`/api/clientes/${clienteId}`)).json()).login as string;
  const loginComum = (await (await page.request.get(`/api/clientes/${devedoraComum}`)).json()).login as string;

  const routes = [
    '/dashboard',
    '/vendas/nova',
    '/vendas',
    '/clientes',
    '/clientes?status=inativos',
    '/produtos',
    '/produtos?status=inativos',
    '/devedores',
    '/relatorios',
    '/relatorios?aba=vendas',
    '/relatorios?aba=clientes',
    '/relatorios?aba=produtos',
    '/relatorios?aba=financeiro',
    '/configuracoes',
    '/configuracoes?aba=loja',
    '/configuracoes?aba=mercadopago',
    '/configuracoes?aba=mensagens',
    '/configuracoes?aba=notificacoes',
    '/configuracoes?aba=sistema',
    '/notificacoes',
    '/equipe',
    '/importar/clientes',
    '/importar/produtos',
    `/recibos/${pagamentoId}`,
    '/cliente',
    `/cliente/${login}`,
    `/cliente/${loginComum}`,
  ];
  for (const route of routes) {
    await page.goto(route);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible({ timeout: 30_000 });
    if (route === '/vendas/nova') await fillCart(page);
    // A report's charts have their figures as a table under "Ver dados em tabela": opened, they fit too.
    for (const summary of await page.getByText('Ver dados em tabela').all()) await summary.click();
    await expectFitsEachWidth(page, route);
  }
});

test(`every dialog, and the new sale with a customer chosen, fits a ${WIDTHS.join(' and a ')} px phone`, async ({ page }, testInfo) => {
  await page.setViewportSize({ width: WIDTHS[0]!, height: 844 });
  await signedInSeller(page, testInfo);
  await createData(page);

  // A fiado sale to the customer with the long name: found by the search, then chosen, the page
  // keeps its width (the name is cut with "…") and the total bar stays on screen.
  await page.goto('/vendas/nova');
  await fillCart(page);
  await page.getByLabel('Forma de pagamento').selectOption({ label: 'Fiado' });
  await page.getByLabel('Buscar cliente').fill('maria aparecida');
  const encontrados = page.getByRole('listbox', { name: 'Clientes encontrados' });
  await expect(encontrados.getByRole('option', { name: new RegExp(LONG_CLIENT) })).toBeVisible();
  await expectFitsEachWidth(page, '/vendas/nova, customer search');
  await encontrados.getByRole('option', { name: new RegExp(LONG_CLIENT) }).click();
  await expect(page.getByRole('region', { name: 'Resumo da venda' })).toContainText('Maria Aparecida');
  await expectFitsEachWidth(page, '/vendas/nova, customer chosen');
  await expect(page.getByRole('button', { name: 'Finalizar Venda' })).toBeInViewport({ ratio: 1 });

  await page.goto('/dashboard');
  await openDialog(page, () => page.getByRole('button', { name: 'Abrir menu' }).click(), 'menu');

  await page.goto('/clientes');
  await expect(page.getByRole('heading', { name: LONG_CLIENT })).toBeVisible({ timeout: 30_000 });
  await openDialog(page, () => page.getByRole('button', { name: 'Novo Cliente' }).click(), 'new customer');
  const more = page.getByRole('button', { name: `Mais ações para ${LONG_CLIENT}` });
  await openDialog(
    page,
    async () => {
      await more.click();
      // The row's menu is thumb-sized too. Layout height, not the on-screen box: the menu opens
      // with a zoom from 95 %, and a box measured mid-animation is 5 % short.
      const heights = await page.getByRole('menuitem').evaluateAll((items) => items.map((el) => (el as HTMLElement).offsetHeight));
      expect(heights.length).toBeGreaterThan(0);
      expect(Math.min(...heights), 'menu items under 44 px').toBeGreaterThanOrEqual(MIN_TAP - 0.5);
      await page.getByRole('menuitem', { name: 'Registrar pagamento' }).click();
    },
    'payment',
  );
  await openDialog(
    page,
    async () => {
      await more.click();
      await page.getByRole('menuitem', { name: 'Extrato' }).click();
      await expect(page.getByRole('dialog').getByText(/Pagamento parcial/)).toBeVisible();
    },
    'statement',
  );

  await page.goto('/devedores');
  const detalhes = page.getByRole('button', { name: `Detalhes de ${LONG_CLIENT}` });
  await openDialog(
    page,
    async () => {
      await detalhes.click();
      await expect(page.getByRole('dialog').getByText(/Pagamento parcial/)).toBeVisible();
    },
    'debtor details',
  );
  await openDialog(
    page,
    async () => {
      await detalhes.click();
      await page.getByRole('dialog').getByRole('button', { name: 'Gerenciar dívida' }).click();
      await expect(page.getByRole('dialog').getByLabel('Observações')).toBeVisible();
    },
    'manage debt',
  );
  await openDialog(page, () => page.getByRole('button', { name: 'Configurar Vencimento' }).click(), 'due-date rule');
  await openDialog(
    page,
    async () => {
      await page.getByRole('button', { name: 'Lembrete Vencidos' }).click();
      await expect(page.getByRole('dialog').getByRole('heading', { name: LONG_OVERDUE })).toBeVisible();
    },
    'reminders',
  );

  await page.goto('/produtos');
  await openDialog(page, () => page.getByRole('button', { name: 'Novo Produto' }).click(), 'new product');

  await page.goto('/configuracoes?aba=sistema');
  const backup = testInfo.outputPath('backup.json');
  writeFileSync(backup, await (await page.request.get('/api/backup/exportar')).body());
  await openDialog(
    page,
    async () => {
      await page.getByLabel('Arquivo de backup').setInputFiles(backup);
      await expect(page.getByRole('dialog', { name: 'Restaurar este backup?' })).toBeVisible({ timeout: 30_000 });
    },
    'restore confirmation',
  );

  await page.goto('/vendas');
  const details = page.getByRole('button', { name: /^Detalhes da venda/ }).first();
  await openDialog(
    page,
    async () => {
      await details.click();
      await expect(page.getByRole('dialog').getByText(LONG_PRODUCT)).toBeVisible();
    },
    'sale detail',
  );
});

test('a new page of a long list starts at the top of the list', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signedInSeller(page, testInfo);
  for (let i = 1; i <= 21; i++) {
    await post(page, '/api/produtos', { nome: `Produto ${String(i).padStart(2, '0')}`, precoVenda: 100 * i, precoCusto: 50, estoqueAtual: 10, estoqueMinimo: 1 });
  }
  await page.goto('/produtos');
  const next = page.getByRole('button', { name: 'Próxima' });
  await next.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(1000);
  await next.click();
  await expect(page.getByText('Página 2 de 2')).toBeVisible();
  // The list's first row is on screen again, not the pagination at its end.
  await expect(page.getByRole('list', { name: 'Lista de produtos' }).getByRole('listitem').first()).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBeLessThan(1000);
});

test('no page jumps while its data arrives, on a phone or a desktop', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signedInSeller(page, testInfo);
  const cliente = await post(page, '/api/clientes', { nome: 'Joana Souza', telefone: '11955554444', limiteCredito: 5_000_000 });
  await post(page, `/api/clientes/${cliente.id}/ajustes`, { tipo: 'debito', valor: 12_345, motivo: 'Caderno antigo' });
  // A shop with some history: the dashboard's "Atividade recente" is full.
  const produto = await post(page, '/api/produtos', { nome: 'Pão francês', precoVenda: 75, precoCusto: 40, estoqueAtual: 1_000, estoqueMinimo: 5 });
  for (let i = 0; i < 8; i++) await post(page, '/api/vendas', { formaPagamento: 'vista', itens: [{ produtoId: produto.id, quantidade: i + 1 }] });
  // Every layout shift a page makes while it loads (the browser's own measure, as Lighthouse reads it).
  await page.addInitScript(() => {
    const shifts: { value: number; hadRecentInput: boolean }[] = [];
    (window as unknown as { shifts: typeof shifts }).shifts = shifts;
    new PerformanceObserver((list) => shifts.push(...(list.getEntries() as unknown as typeof shifts))).observe({ type: 'layout-shift', buffered: true });
  });
  // A slow connection: every answer comes well after the page has drawn its placeholders.
  await page.route(/\/api\/(?!auth\/)/, async (route) => {
    if (route.request().method() === 'GET') await new Promise((resolve) => setTimeout(resolve, 1_000));
    await route.continue();
  });
  const phone = ['/dashboard', '/vendas', '/clientes', '/devedores', '/configuracoes', '/configuracoes?aba=loja', '/configuracoes?aba=sistema'];
  const desktop = ['/dashboard', '/vendas', '/clientes', '/devedores', '/configuracoes'];
  for (const [width, height, route] of [...phone.map((r) => [390, 844, r] as const), ...desktop.map((r) => [1280, 800, r] as const)]) {
    await page.setViewportSize({ width, height });
    await page.goto(route);
    await page.waitForLoadState('networkidle');
    // Loaded: no placeholder or "Carregando…" left, and a frame or two for a late shift to be recorded.
    await expect(page.locator('[data-slot="skeleton"]')).toHaveCount(0);
    await expect(page.getByText(/^Carregando/)).toHaveCount(0);
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    const shifts = await page.evaluate(() => (window as unknown as { shifts: { value: number; hadRecentInput: boolean }[] }).shifts);
    expect(shifts.filter((s) => !s.hadRecentInput).reduce((sum, s) => sum + s.value, 0), `${route} at ${width} px`).toBe(0);
  }
  await page.goto('/dashboard');
  await expect(page.getByText('1 cliente com saldo pendente')).toBeVisible();
});

test('on a desktop the header shows the whole name and e-mail', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const seller = await signedInSeller(page, testInfo);
  await expect(page.getByRole('banner')).toContainText(seller.email);
  const cut = await page.getByRole('banner').evaluate((header) =>
    [...header.querySelectorAll('span')].filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent),
  );
  expect(cut).toEqual([]);
});

/** The colours a PDF paints with (`r g b rg` / `RG` operators in its page streams, Flate-compressed). */
function coresPintadas(pdf: Buffer): Set<string> {
  const text = pdf.toString('latin1');
  const cores = new Set<string>();
  for (let at = text.indexOf('stream'); at !== -1; at = text.indexOf('stream', at)) {
    let start = at + 'stream'.length;
    if (text[start] === '\r') start++;
    if (text[start] === '\n') start++;
    const end = text.indexOf('endstream', start);
    at = end + 'endstream'.length;
    let content: string;
    try {
      content = inflateSync(pdf.subarray(start, end)).toString('latin1');
    } catch {
      continue; // a font or an image, not a page's drawing
    }
    for (const [, r, g, b] of content.matchAll(/(?:^|\s)([\d.]+) ([\d.]+) ([\d.]+) (?:rg|RG)\b/g)) cores.add(`${r} ${g} ${b}`);
  }
  return cores;
}

test('a receipt prints black on white from the dark theme, without buttons, and fits 80 mm and A4', async ({ page }, testInfo) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  const seller = await signedInSeller(page, testInfo);
  const { pagamentoId } = await createData(page);
  await page.goto(`/recibos/${pagamentoId}`);
  const recibo = page.getByRole('article', { name: 'Recibo de pagamento' });
  await expect(recibo).toContainText(seller.loja);
  await expect(recibo).toContainText('R$ 1.238.375,37');
  expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
  await expect(page.getByRole('button', { name: 'Imprimir' })).toBeVisible();

  await page.emulateMedia({ media: 'print', colorScheme: 'dark' });
  await expect(page.getByRole('button', { name: 'Imprimir' })).toBeHidden();
  await expect(page.getByRole('button')).toHaveCount(0);
  await expect(page.getByRole('link')).toHaveCount(0);
  await expect(page.getByRole('navigation')).toHaveCount(0);

  const colors = await page.evaluate(() => {
    const texts = [...document.querySelectorAll('article *')].filter((el) => (el as HTMLElement).innerText?.trim() && el.childElementCount === 0);
    return {
      body: getComputedStyle(document.body).backgroundColor,
      page: getComputedStyle(document.querySelector('main')!).backgroundColor,
      article: getComputedStyle(document.querySelector('article')!).backgroundColor,
      text: [...new Set(texts.map((el) => getComputedStyle(el).color))],
    };
  });
  const white = /^rgb\(255, 255, 255\)$|^rgba\(0, 0, 0, 0\)$/;
  expect(colors.body).toBe('rgb(255, 255, 255)');
  expect(colors.page).toMatch(white);
  expect(colors.article).toMatch(white);
  expect(colors.text).toEqual(['rgb(0, 0, 0)']);
  // What the printer gets, with "background graphics" on: every colour painted is black or white.
  // The theme's dark `color-scheme` once filled the page's margins with a dark frame.
  for (const format of [{ width: '80mm' }, { format: 'A4' }]) {
    const pdf = await page.pdf({ ...format, printBackground: true });
    expect(coresPintadas(pdf), JSON.stringify(format)).toEqual(new Set(['0 0 0', '1 1 1']));
  }

  // 80 mm roll (≈ 72 mm printable, 272 px at 96 dpi) and A4 (210 mm, 794 px): nothing runs off the paper.
  for (const width of [272, 794]) {
    await page.setViewportSize({ width, height: 1000 });
    const fit = await page.evaluate(() => ({
      scroll: document.documentElement.scrollWidth,
      client: document.documentElement.clientWidth,
      article: document.querySelector('article')!.getBoundingClientRect().right,
    }));
    expect(fit.scroll, `${width}px`).toBeLessThanOrEqual(fit.client);
    expect(fit.article, `${width}px`).toBeLessThanOrEqual(fit.client);
  }
});
