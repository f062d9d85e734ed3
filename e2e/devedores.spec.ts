import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { expect, test, type Locator, type Page, type TestInfo } from '@playwright/test';
import { expectToast, logIn, serverEnv } from './support';

const run = promisify(execFile);

// The demo shop is written through the running server (or straight into PostgreSQL): signing up,
// customers, products and back-dated sales, all through the services.
test.describe.configure({ timeout: 240_000 });

/** A demo shop with no random history: its five collection debtors (3, 10, 20 and 40 days overdue; one due in 2 days) and Antônia's old notebook debt. */
async function demoShop(page: Page, testInfo: TestInfo) {
  const { stdout } = await run('npm', ['run', '-s', 'demo', '--', '--sales', '0', '--days', '1', '--seed', String(testInfo.workerIndex + 1)], {
    env: { ...process.env, ...serverEnv(testInfo), LOG_LEVEL: 'silent' },
    timeout: 180_000,
  });
  const email = /E-mail: (\S+)/.exec(stdout)?.[1];
  const senha = /Senha: +(\S+)/.exec(stdout)?.[1];
  expect(email && senha, stdout).toBeTruthy();
  await page.goto('/auth');
  await logIn(page, { email: email!, senha: senha! });
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** "YYYY-MM-DD" in São Paulo `days` from now, and as the page shows it. */
function diaSP(days: number): { iso: string; br: string } {
  const iso = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date(Date.now() + days * 86_400_000));
  const [y, m, d] = iso.split('-');
  return { iso, br: `${d}/${m}/${y}` };
}
/** Day 1 of the month after `iso`, as the page shows it. */
function primeiroDoMesSeguinte(iso: string): string {
  const [y, m] = iso.split('-').map(Number) as [number, number];
  const [ano, mes] = m === 12 ? [y + 1, 1] : [y, m + 1];
  return `01/${String(mes).padStart(2, '0')}/${ano}`;
}

const lista = (page: Page) => page.getByRole('list', { name: 'Lista de devedores' });
const cartao = (page: Page, nome: string) => lista(page).getByRole('listitem', { name: nome });
const campo = (card: Locator, termo: string) => card.locator('dt', { hasText: termo }).locator('xpath=following-sibling::dd[1]');
const statCard = (page: Page, titulo: string) => page.getByRole('region', { name: 'Devedores' }).getByRole('group', { name: titulo });

test('a seller sees debtors by level, moves due dates with the rule, sends the reminders and takes a payment', async ({ page }, testInfo) => {
  await demoShop(page, testInfo);
  await page.getByRole('link', { name: 'Devedores' }).first().click();
  await expect(page.getByRole('heading', { name: 'Devedores', level: 1 })).toBeVisible();

  // Cards: six debtors (the five and Antônia, whose notebook balance entered today is due in 30 days
  // like a purchase of today), four overdue, one critical, 73 / 6 ≈ 12 days.
  await expect(statCard(page, 'Total Devedores')).toContainText('6');
  await expect(statCard(page, 'Dívidas Vencidas')).toContainText('4');
  await expect(statCard(page, 'Casos Críticos')).toContainText('1');
  await expect(statCard(page, 'Média Atraso')).toContainText('12 dias');

  // Badges by level; the broken promise is flagged.
  const terezinha = cartao(page, 'Terezinha Campos');
  await expect(terezinha.getByText('40 dias de atraso')).toBeVisible();
  await expect(terezinha.getByText('CRÍTICO', { exact: true })).toBeVisible();
  await expect(terezinha.getByText('Promessa não cumprida')).toBeVisible();
  await expect(cartao(page, 'Expedito Moura').getByText('ALTO', { exact: true })).toBeVisible();
  await expect(cartao(page, 'Josefa Cavalcanti').getByText('MÉDIO', { exact: true })).toBeVisible();
  await expect(cartao(page, 'Severino Ramos').getByText('3 dias de atraso')).toBeVisible();
  await expect(cartao(page, 'Luzia Andrade').getByText('No prazo')).toBeVisible();

  // Sort: the broken promise first, then by due date, the oldest first.
  await page.getByLabel('Ordenar').selectOption({ label: 'Mais Antigo' });
  await expect(page).toHaveURL(/ordem=mais_antigo/);
  await expect(lista(page).getByRole('heading', { level: 2 })).toHaveText([
    'Terezinha Campos',
    'Expedito Moura',
    'Josefa Cavalcanti',
    'Severino Ramos',
    'Luzia Andrade',
    'Antônia Ferreira Lima',
  ]);

  // The rule moves every due date at once: 30 days after the purchase → day 1 of the next month.
  const severino = cartao(page, 'Severino Ramos');
  await expect(campo(severino, 'Vencimento')).toHaveText(`${diaSP(-3).br} (VENCIDO)`);
  await page.getByRole('button', { name: 'Configurar Vencimento' }).click();
  let dialog = page.getByRole('dialog', { name: 'Configurar Vencimento' });
  await dialog.getByLabel(/Todo mês, no dia escolhido/).check();
  await expect(dialog.getByLabel('Dia do vencimento')).toHaveValue('1');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expectToast(page, 'Configuração salva!');
  await expect(campo(severino, 'Vencimento')).toContainText(primeiroDoMesSeguinte(diaSP(-33).iso));
  // Back to 30 days, as the demo had it.
  await page.getByRole('button', { name: 'Configurar Vencimento' }).click();
  dialog = page.getByRole('dialog', { name: 'Configurar Vencimento' });
  await dialog.getByLabel(/Prazo em dias após a compra/).check();
  await expect(dialog.getByLabel('Prazo (dias)')).toHaveValue('30');
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expect(campo(severino, 'Vencimento')).toHaveText(`${diaSP(-3).br} (VENCIDO)`);

  // The reminders walk-through: one debtor at a time, each message for WhatsApp, each marked sent.
  await page.getByRole('button', { name: 'Lembrete Vencidos' }).click();
  dialog = page.getByRole('dialog', { name: 'Lembrete Vencidos' });
  for (let i = 1; i <= 4; i++) {
    await expect(dialog.getByText(`${i} de 4`)).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Abrir WhatsApp' })).toHaveAttribute('href', /^https:\/\/wa\.me\/5581987650\d{3}\?text=/);
    await dialog.getByRole('button', { name: 'Enviado' }).click();
  }
  await expect(dialog.getByText('Pronto! Você passou por todos.')).toBeVisible();
  await expect(dialog.getByText('4 lembretes registrados.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Fechar' }).first().click();
  for (const [nome, faixa] of [
    ['Terezinha Campos', 'Formal'],
    ['Expedito Moura', 'Firme'],
    ['Josefa Cavalcanti', 'Firme'],
    ['Severino Ramos', 'Gentil'],
  ] as const) {
    const card = cartao(page, nome);
    await expect(campo(card, 'Último lembrete')).toHaveText(new RegExp(`^${diaSP(0).br}, \\d\\d:\\d\\d · ${faixa}$`));
    await expect(card.getByText('Lembrado hoje')).toBeVisible();
  }

  // A payment from the card: everything owed, and the debtor leaves the list.
  await severino.getByRole('button', { name: 'Registrar pagamento de Severino Ramos' }).click();
  const pagamento = page.getByRole('dialog', { name: 'Registrar pagamento' });
  await pagamento.getByRole('button', { name: /^Quitar tudo/ }).click();
  await expect(pagamento.getByTestId('confirmacao')).toContainText('saldo depois: R$ 0,00');
  await pagamento.getByRole('button', { name: 'Registrar Pagamento' }).click();
  await expectToast(page, 'Débito totalmente quitado!');
  await expect(cartao(page, 'Severino Ramos')).toHaveCount(0);
  await expect(statCard(page, 'Total Devedores')).toContainText('5');
});

const GENTIL = 'Oi, {nome}! A conta de {saldo} na {loja} venceu em {vencimento}. {link}\nPIX copia e cola:\n{pix}';

test('messages are edited in Configurações, {pix} follows the shop key, Link opens the customer page, and the reminder before the due date lists who is due soon', async ({ page, context }, testInfo) => {
  await demoShop(page, testInfo);
  await page.goto('/configuracoes');
  await page.getByRole('tab', { name: 'Mensagens' }).click();
  const gentil = page.getByLabel('Tom gentil');
  await gentil.fill(GENTIL);
  const previa = page.getByTestId('previa-gentil');
  await expect(previa).toContainText('Oi, Maria da Silva! A conta de R$ 150,00 na Mercadinho Bom Preço venceu em');
  // No PIX key yet: {pix} and its label are left out.
  await expect(page.getByText(/A loja ainda não tem chave PIX/)).toBeVisible();
  await expect(previa).not.toContainText('PIX');
  await page.getByLabel(/Lembrete antes do vencimento/).check();
  await page.getByLabel('Dias antes do vencimento').fill('3');
  await page.getByRole('button', { name: 'Salvar mensagens' }).click();
  await expectToast(page, 'Configurações salvas!');
  await page.reload();
  await page.getByRole('tab', { name: 'Mensagens' }).click();
  await expect(page.getByLabel('Tom gentil')).toHaveValue(GENTIL);

  // The shop's PIX key (Loja tab): the preview now carries the shop's own code for R$ 150,00.
  await page.getByRole('tab', { name: 'Loja' }).click();
  await page.getByLabel('Chave PIX').fill('(81) 98765-4321');
  await page.getByLabel('Nome do recebedor').fill('Mercadinho Bom Preço');
  await page.getByLabel('Cidade').fill('Recife');
  await page.getByRole('button', { name: 'Salvar chave PIX' }).click();
  await expectToast(page, 'Configuração salva!');
  await page.getByRole('tab', { name: 'Mensagens' }).click();
  await expect(previa).toContainText(/PIX copia e cola:\s*000201\S*5406150\.00/);

  await page.goto('/devedores');
  // Severino is 3 days overdue: the gentle tier, with the text just saved and his PIX code.
  const severino = cartao(page, 'Severino Ramos');
  const whatsapp = severino.getByRole('link', { name: /WhatsApp/ });
  await expect(whatsapp).toHaveAttribute('href', new RegExp(`^https://wa\\.me/5581987650001\\?text=${encodeURIComponent('Oi, Severino Ramos! A conta de R$')}`));
  const texto = new URL((await whatsapp.getAttribute('href'))!).searchParams.get('text')!;
  const codigo = /PIX copia e cola:\n(000201.+)$/.exec(texto)?.[1];
  expect(codigo, texto).toContain('+5581987654321');

  // "Link" copies the customer page's address; it opens Severino's page, whose PIX is for the same balance.
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await severino.getByRole('button', { name: 'Copiar o link de acesso de Severino Ramos' }).click();
  await expectToast(page, 'Link copiado!');
  const link = await page.evaluate(() => navigator.clipboard.readText());
  expect(link).toMatch(new RegExp(`^${testInfo.project.use.baseURL}/cliente/[^/]+$`));
  expect(texto).toContain(link);
  await page.goto(link);
  await expect(page.getByRole('heading', { name: /^Olá, Severino/ })).toBeVisible({ timeout: 30_000 });
  // The same key and amount (the customer page's code also names the shop in its description).
  const valor = /5303986(54\d\d[\d.]+?)5802BR/.exec(codigo!)?.[1];
  expect(valor, codigo).toBeTruthy();
  await expect(page.getByLabel('Código PIX', { exact: true })).toHaveValue(new RegExp(`^000201.*\\+5581987654321.*5303986${valor!.replace('.', '\\.')}5802BR`));
  await page.goto('/devedores');

  await page.getByRole('button', { name: 'Lembrete Vencidos' }).click();
  const dialog = page.getByRole('dialog', { name: 'Lembrete Vencidos' });
  await dialog.getByRole('tab', { name: 'A vencer' }).click();
  // Due in two days (Luzia): within 3 days. Antônia's notebook balance, entered today, is due in 30.
  await expect(dialog.getByText('1 de 1')).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Luzia Andrade' })).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Antônia Ferreira Lima' })).toHaveCount(0);
  await expect(dialog.getByText('Lembrete amigável')).toBeVisible();
});

test('how a customer pays: the facts and a suggested limit on Detalhes and on the customer, the owner decides, and the customer sees the same facts', async ({ page }, testInfo) => {
  await demoShop(page, testInfo);
  await page.getByRole('link', { name: 'Devedores' }).first().click();

  // Terezinha bought 70, 55 and 41 days ago on a 30-day term and paid nothing: three purchases
  // 40, 25 and 11 days late; her promise for 4 days ago was broken.
  await cartao(page, 'Terezinha Campos').getByRole('button', { name: 'Detalhes de Terezinha Campos' }).click();
  const detalhes = page.getByRole('dialog', { name: 'Detalhes de Terezinha Campos' });
  const resumo = detalhes.getByTestId('como-paga');
  await expect(campo(resumo, 'Vencidas sem pagar')).toHaveText('3');
  await expect(campo(resumo, 'Compras pagas em dia')).toHaveText('0');
  await expect(campo(resumo, 'Atraso médio')).toHaveText('25 dias');
  await expect(campo(resumo, 'Maior atraso')).toHaveText('40 dias');
  await expect(campo(resumo, 'Promessas quebradas')).toHaveText('1 de 1');
  await expect(resumo).toContainText(/Limite sugerido: R\$\s[\d.,]+ \(reduzir\)/);
  await expect(resumo).toContainText(/3 de 3 compras pagas com atraso ou vencidas; atraso médio de 25 dias; maior atraso de 40 dias; 1 promessa de pagamento quebrada; maior compra fiado R\$/);
  const login = (await detalhes.getByText(/^@\w+$/).textContent())!.slice(1);

  // She pays everything today: the three purchases are now paid late, none is overdue.
  await detalhes.getByRole('button', { name: 'Pagamento', exact: true }).click();
  const pagamento = page.getByRole('dialog', { name: 'Registrar pagamento' });
  await pagamento.getByRole('button', { name: /^Quitar tudo/ }).click();
  await pagamento.getByRole('button', { name: 'Registrar Pagamento' }).click();
  await expectToast(page, 'Débito totalmente quitado!');
  await expect(campo(resumo, 'Pagas com atraso')).toHaveText('3');
  await expect(campo(resumo, 'Vencidas sem pagar')).toHaveText('0');
  await detalhes.getByRole('button', { name: 'Fechar' }).last().click();

  // On the customer: the same suggestion under the limit; "Usar sugestão" fills the field, and only
  // saving the form changes the limit.
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Clientes' }).click();
  await page.getByRole('button', { name: 'Editar Terezinha Campos' }).click();
  const editar = page.getByRole('dialog', { name: 'Editar Cliente' });
  const sugestao = editar.getByTestId('sugestao-limite');
  await expect(sugestao).toContainText('É só uma sugestão');
  const sugerido = /Limite sugerido: R\$\s([\d.,]+) \(reduzir\)/.exec((await sugestao.textContent()) ?? '')?.[1];
  expect(sugerido).toBeTruthy();
  await expect(editar.getByLabel(/^Limite de Crédito/)).toHaveValue('2000,00');
  await sugestao.getByRole('button', { name: 'Usar sugestão' }).click();
  await expect(editar.getByLabel(/^Limite de Crédito/)).toHaveValue(sugerido!.replace(/\./g, ''));
  await editar.getByRole('button', { name: 'Salvar Alterações' }).click();
  await expectToast(page, 'Cliente atualizado com sucesso!');

  // Her own page shows the same facts, in her words, and no limit.
  await page.goto(`/cliente/${login}`);
  const card = page.locator('[data-slot="card"]', { has: page.getByRole('heading', { name: 'Como você paga' }) });
  await expect(card.getByRole('listitem')).toHaveText([
    'Nenhuma compra paga em dia',
    '3 compras pagas com atraso',
    'Nenhuma compra vencida sem pagar',
    'Atraso médio: 25 dias',
    'Maior atraso: 40 dias',
    'Promessas de pagamento não cumpridas: 1 de 1',
    /^Maior compra fiado: R\$\s[\d.,]+$/,
  ]);
  await expect(card).not.toContainText(/limite/i);
});

test('a customer disputes a purchase on their page: the shop is told, the collection pauses, the owner cancels the sale with an answer the customer reads', async ({ page }, testInfo) => {
  await demoShop(page, testInfo);
  await page.getByRole('link', { name: 'Devedores' }).first().click();
  await cartao(page, 'Terezinha Campos').getByRole('button', { name: 'Detalhes de Terezinha Campos' }).click();
  const detalhes = page.getByRole('dialog', { name: 'Detalhes de Terezinha Campos' });
  const login = (await detalhes.getByText(/^@\w+$/).textContent())!.slice(1);
  await detalhes.getByRole('button', { name: 'Fechar' }).last().click();

  // On her page, at a phone's width: she recognises one purchase and disputes another, with the reason.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/cliente/${login}`);
  const compras = page.locator('[data-slot="card"]', { has: page.getByRole('heading', { name: 'Compras que faltam pagar' }) });
  const naoReconheco = compras.getByRole('button', { name: /^Não reconheço: Compra de/ });
  await expect(naoReconheco).toHaveCount(3);
  await compras.getByRole('button', { name: /^Reconheço: Compra de/ }).last().click();
  await expectToast(page, 'Obrigado! Você confirmou este lançamento.');
  await expect(compras.getByText(/^Você reconheceu em/)).toBeVisible();
  const rotulo = (await naoReconheco.first().getAttribute('aria-label'))!.replace('Não reconheço: ', '');
  await naoReconheco.first().click();
  const dialogo = page.getByRole('dialog', { name: 'Não reconheço este lançamento' });
  await dialogo.getByLabel(/O que está errado\?/).fill('Não fiz essa compra, estava viajando');
  await dialogo.getByRole('button', { name: 'Enviar contestação' }).click();
  await expectToast(page, 'Contestação enviada');
  await expect(compras.getByText(/^Você contestou em .*A loja vai responder aqui\.$/)).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Lançamentos contestados' })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The shop: the dashboard counts her, a notification leads to her Detalhes, her card says the collection is paused.
  await page.setViewportSize({ width: 1280, height: 800 });
  await page.goto('/dashboard');
  await expect(page.getByRole('region', { name: 'Devedores' }).getByText('1 cliente contestou um lançamento: cobrança pausada')).toBeVisible();
  await page.goto('/devedores');
  const card = cartao(page, 'Terezinha Campos');
  await expect(card.getByText('Contestação aberta')).toBeVisible();
  await expect(card.getByText('Cobrança pausada: o cliente contestou um lançamento. Resolva em Detalhes.')).toBeVisible();
  await expect(card.getByRole('button', { name: 'Marcar o lembrete para Terezinha Campos como enviado' })).toHaveCount(0);
  const pendente = card.getByText('Saldo pendente', { exact: true }).locator('xpath=following-sibling::p[1]');
  const pendenteAntes = (await pendente.textContent())!;
  await page.goto('/notificacoes');
  await page.getByRole('list', { name: 'Lista de notificações' }).getByRole('link', { name: 'Lançamento contestado' }).first().click();
  await expect(page).toHaveURL(/\/devedores\?cliente=/);
  const secao = page.getByRole('dialog', { name: 'Detalhes de Terezinha Campos' }).getByRole('region', { name: 'Contestações' });
  await expect(secao).toContainText('“Não fiz essa compra, estava viajando”');
  await secao.getByRole('button', { name: /^Resolver a contestação/ }).click();
  const resolver = page.getByRole('dialog', { name: 'Resolver contestação' });
  await resolver.getByRole('radio', { name: /Cancelar a compra/ }).check();
  await resolver.getByLabel(/Resposta ao cliente/).fill('Foi lançada em você por engano, desculpe. Já cancelei.');
  await resolver.getByRole('button', { name: 'Resolver' }).click();
  await expectToast(page, 'Contestação resolvida');
  await expect(secao).toContainText(/Compra cancelada em .*Foi lançada em você por engano, desculpe\. Já cancelei\./);
  await page.getByRole('dialog', { name: 'Detalhes de Terezinha Campos' }).getByRole('button', { name: 'Fechar' }).last().click();
  await expect(card.getByText('Contestação aberta')).toHaveCount(0);
  // The cancelled purchase left her balance.
  await expect(pendente).not.toHaveText(pendenteAntes);

  // Her page: two purchases left, and the shop's answer under what she disputed.
  await page.goto(`/cliente/${login}`);
  await expect(compras.getByRole('button', { name: /^Não reconheço: Compra de/ })).toHaveCount(2);
  await expect(compras.getByRole('button', { name: `Não reconheço: ${rotulo}` })).toHaveCount(0);
  await expect(compras.getByText(/^Você reconheceu em/)).toBeVisible();
  const contestados = page.locator('[data-slot="card"]', { has: page.getByRole('heading', { name: 'Lançamentos contestados' }) });
  await expect(contestados).toContainText(rotulo);
  await expect(contestados).toContainText(/A loja cancelou a compra em .*Foi lançada em você por engano, desculpe\. Já cancelei\./);
});
