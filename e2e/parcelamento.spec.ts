import { expect, test, type Locator } from '@playwright/test';
import { datasMensais, formatDate, today } from '@caderneta/shared';
import { createAsApp, expectToast, serverEnv, signedInSeller } from './support';

/**
 * Parcelamento (issue 40, item 1; docs/decisions/046): the owner splits a customer's R$ 300,00 into
 * 3 monthly instalments in Gerenciar dívida — the form proposes equal amounts, refuses amounts that
 * do not add up to the debt, and saves the schedule — and the debtor's card, Detalhes and the
 * customer's own page show the instalment that is due. A payment at the counter settles the first
 * instalment and the next one becomes the due one everywhere; the customer pays that one by PIX on
 * her page (the fake Mercado Pago), and the last becomes the due one.
 */
const campo = (card: Locator, termo: string) => card.locator('dt', { hasText: termo }).locator('xpath=following-sibling::dd[1]');

test('split R$ 300,00 into 3 monthly instalments, see the due one on the card and the customer page, pay one and the next becomes due', async ({ page }, testInfo) => {
  await signedInSeller(page, testInfo);
  const cliente = await createAsApp(page, '/api/clientes', { nome: 'Dalva Nunes', telefone: '(81) 98765-4321', limiteCredito: 100_000 });
  const produto = await createAsApp(page, '/api/produtos', { nome: 'Cesta básica', precoVenda: 10_000, precoCusto: 8_000, estoqueAtual: 10, estoqueMinimo: 1 });
  await createAsApp(page, '/api/vendas', { formaPagamento: 'fiado', clienteId: cliente.id, itens: [{ produtoId: produto.id, quantidade: 3 }] });
  // The form proposes the first instalment a month from today, the others on today's day of the month.
  const hoje = today();
  const [d1, d2, d3] = datasMensais(datasMensais(hoje, 2)[1]!, 3, Number(hoje.slice(8))).map((d) => formatDate(d, 'pt-BR'));

  // The owner on a phone: every step at 390 px wide.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/devedores');
  const card = page.getByRole('list', { name: 'Lista de devedores' }).getByRole('listitem', { name: 'Dalva Nunes' });
  await card.getByRole('button', { name: 'Detalhes de Dalva Nunes' }).click();
  const detalhes = page.getByRole('dialog', { name: 'Detalhes de Dalva Nunes' });
  await detalhes.getByRole('button', { name: 'Gerenciar dívida' }).click();
  const secao = detalhes.getByRole('region', { name: 'Parcelamento' });
  await secao.getByRole('button', { name: 'Parcelar dívida' }).click();

  // The proposal: 3 times, every month on today's day from next month, R$ 100,00 each.
  await expect(secao.getByLabel('Número de parcelas')).toHaveValue('3');
  await expect(secao.getByLabel('Valor da parcela 1')).toHaveValue('100,00');
  await expect(secao.getByLabel('Valor da parcela 3')).toHaveValue('100,00');
  await expect(secao.getByLabel('Vencimento da parcela 2')).toHaveValue(d2!);
  const largura = await detalhes.evaluate((el) => [el.scrollWidth, el.clientWidth]);
  expect(largura[0]).toBeLessThanOrEqual(largura[1]!);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Amounts that do not add up to the debt: said, nothing saved.
  await secao.getByLabel('Valor da parcela 3').fill('99,99');
  await expect(secao.getByText('Soma das parcelas: R$ 299,99 · Dívida: R$ 300,00')).toBeVisible();
  await secao.getByRole('button', { name: 'Salvar parcelamento' }).click();
  await expect(secao.getByRole('alert')).toHaveText('As parcelas devem somar exatamente a dívida.');
  await secao.getByLabel('Valor da parcela 3').fill('100,00');
  await secao.getByRole('button', { name: 'Salvar parcelamento' }).click();
  await expectToast(page, 'Parcelamento salvo');
  const parcelas = secao.getByRole('listitem');
  await expect(parcelas).toHaveText([
    `Parcela 1 de 3 · vence em ${d1}R$ 100,00 · Em aberto`,
    `Parcela 2 de 3 · vence em ${d2}R$ 100,00 · Em aberto`,
    `Parcela 3 de 3 · vence em ${d3}R$ 100,00 · Em aberto`,
  ]);
  await expect(secao).toContainText('R$ 300,00 em 3 parcelas · falta R$ 300,00');

  // The card: the due date is the first instalment's.
  await detalhes.getByRole('button', { name: 'Fechar' }).last().click();
  await expect(campo(card, 'Vencimento')).toHaveText(`${d1} · da parcela`);
  await expect(campo(card, 'Parcela')).toHaveText('1 de 3 · R$ 100,00 em aberto');

  // She pays R$ 100,00 by PIX at the counter: the first instalment is paid, the second is due.
  await card.getByRole('button', { name: 'Registrar pagamento de Dalva Nunes' }).click();
  const pagamento = page.getByRole('dialog', { name: 'Registrar pagamento' });
  await pagamento.getByLabel('Valor do pagamento').fill('100,00');
  await pagamento.getByLabel('Forma de pagamento').selectOption({ label: 'PIX' });
  await pagamento.getByRole('button', { name: 'Registrar Pagamento' }).click();
  await expectToast(page, 'Pagamento registrado!');
  await expect(campo(card, 'Parcela')).toHaveText('2 de 3 · R$ 100,00 em aberto');
  await expect(campo(card, 'Vencimento')).toHaveText(`${d2} · da parcela`);

  // The shop takes PIX on the customer page (the fake Mercado Pago).
  const token = `APP_USR-parcelas-${Date.now()}-${testInfo.workerIndex}`;
  const fakeUrl = serverEnv(testInfo).MERCADOPAGO_API_URL!;
  const { webhookSecret } = await (await page.request.get(`${fakeUrl}/__fake/accounts/${token}`)).json();
  const mp = await page.request.put('/api/configuracoes/mercadopago', {
    data: { accessToken: token, publicKey: 'APP_USR-public', webhookSecret, ambiente: 'sandbox', ativo: true },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(mp.status(), await mp.text()).toBe(200);

  // Her page, at a phone's width: what she owes, the due instalment, and the schedule.
  await page.goto(`/cliente/${cliente.login}`);
  await expect(page.getByRole('heading', { name: 'Você deve R$ 200,00' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(`Vence em ${d2}.`)).toBeVisible();
  const cronograma = page.getByRole('list', { name: 'Parcelamento combinado com a loja' }).getByRole('listitem');
  await expect(cronograma).toHaveText([
    `Parcela 1 de 3 · vence em ${d1}R$ 100,00 · Paga`,
    `Parcela 2 de 3 · vence em ${d2}R$ 100,00 · Em aberto`,
    `Parcela 3 de 3 · vence em ${d3}R$ 100,00 · Em aberto`,
  ]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // She pays the second instalment by PIX in the page: what falls due on it, not all she owes.
  await page.getByRole('button', { name: 'Pagar Saldo Pendente' }).click();
  await expect(page.getByRole('radio', { name: 'O que vence na parcela: R$ 100,00' })).toBeChecked();
  await expect(page.getByRole('radio', { name: 'Todo o saldo: R$ 200,00' })).not.toBeChecked();
  await page.getByRole('button', { name: 'Gerar PIX de R$ 100,00' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Pague com PIX' })).toBeVisible({ timeout: 30_000 });
  const registro = new URL(page.url()).searchParams.get('pagamento')!;
  const busca = await (await page.request.get(`${fakeUrl}/v1/payments/search?external_reference=${registro}`, { headers: { authorization: `Bearer ${token}` } })).json();
  expect((await page.request.post(`${fakeUrl}/pix/${busca.results[0].id}/pagar`)).ok()).toBe(true);
  await expect(page.getByRole('heading', { name: 'Pagamento Confirmado' })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('link', { name: 'Voltar para minha conta' }).click();
  await expect(page.getByRole('heading', { name: 'Você deve R$ 100,00' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(`Vence em ${d3}.`)).toBeVisible();
  await expect(cronograma).toHaveText([
    `Parcela 1 de 3 · vence em ${d1}R$ 100,00 · Paga`,
    `Parcela 2 de 3 · vence em ${d2}R$ 100,00 · Paga`,
    `Parcela 3 de 3 · vence em ${d3}R$ 100,00 · Em aberto`,
  ]);
});
