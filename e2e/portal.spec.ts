import { expect, test } from '@playwright/test';
import { createAsApp, expectToast, serverEnv, signedInSeller } from './support';

/**
 * The customer page: a seller turns Mercado Pago on in the settings, a customer opens their link
 * on a phone, sees what they owe, pays by PIX in the page (a QR Code from the fake Mercado Pago,
 * paid at its fake bank) and sees "Pagamento Confirmado"; the seller then sees the lower balance and
 * the receipt.
 */
test.describe.configure({ timeout: 240_000 });

test('a customer pays the pending balance by PIX and the seller sees it', async ({ page, browser }, testInfo) => {
  await signedInSeller(page, testInfo);
  const cliente = await createAsApp(page, '/api/clientes', { nome: 'Joana Maria da Silva', telefone: '(11) 98888-7777', endereco: 'Rua Secreta, 42', limiteCredito: 100_000 });
  const produto = await createAsApp(page, '/api/produtos', { nome: 'Arroz Tipo 1 5kg', precoVenda: 2295, precoCusto: 1800, estoqueAtual: 20, estoqueMinimo: 5 });
  await createAsApp(page, '/api/vendas', { formaPagamento: 'fiado', clienteId: cliente.id, itens: [{ produtoId: produto.id, quantidade: 2 }] });

  // The seller connects Mercado Pago (the fake one) in the settings.
  const token = `APP_USR-e2e-${Date.now()}-${testInfo.workerIndex}`;
  const fakeUrl = serverEnv(testInfo).MERCADOPAGO_API_URL!;
  const { webhookSecret } = await (await page.request.get(`${fakeUrl}/__fake/accounts/${token}`)).json();
  await page.goto('/configuracoes');
  await page.getByRole('tab', { name: 'Mercado Pago' }).click();
  await page.getByRole('button', { name: 'Testar Conexão' }).click();
  await expectToast(page, 'Token necessário');
  await page.getByLabel('Access Token').fill('APP_USR-INVALID-123456');
  await page.getByRole('button', { name: 'Testar Conexão' }).click();
  await expectToast(page, 'Erro na integração');
  await page.getByLabel('Access Token').fill(token);
  await page.getByRole('button', { name: 'Testar Conexão' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Conexão OK' })).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Assinatura secreta (webhooks)').fill(webhookSecret);
  await page.getByRole('checkbox', { name: /Ativo/ }).check();
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expectToast(page, 'Configuração salva!');
  await expect(page.getByText(/Guardado: APP_USR-…/)).toBeVisible();
  await expect(page.getByLabel('Access Token')).toHaveValue('');

  // The customer's link, as the seller copies it: {origin}/cliente/{login}.
  const login = (await (await page.request.get(`/api/clientes/${cliente.id}`)).json()).login as string;
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'pt-BR', baseURL: testInfo.project.use.baseURL });
  const customer = await phone.newPage();
  await customer.goto(`/cliente/${login}`);
  // Generous waits where a page loads its data: a busy machine is slow.
  await expect(customer.getByRole('heading', { name: 'Olá, Joana' })).toBeVisible({ timeout: 30_000 });
  await expect(customer.getByRole('heading', { level: 2, name: /^Você deve R\$\s45,90$/ })).toBeVisible();
  await expect(customer.getByRole('list', { name: /^Itens da compra/ }).getByRole('listitem').filter({ hasText: 'Arroz Tipo 1 5kg' })).toContainText('2 un × R$ 22,95');
  await expect(customer.getByText('R$ 45,90').first()).toBeVisible();
  await expect(customer.getByText('98888')).toHaveCount(0);
  await expect(customer.getByText('Rua Secreta')).toHaveCount(0);
  expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  await customer.getByRole('button', { name: 'Pagar Saldo Pendente' }).click();
  await customer.getByRole('radio', { name: /Cartão/ }).check();
  await expect(customer.getByText('Taxa do cartão (5%)')).toBeVisible();
  await expect(customer.getByRole('button', { name: 'Pagar R$ 48,20' })).toBeVisible();
  await customer.getByRole('radio', { name: /PIX/ }).check();
  await customer.getByRole('button', { name: 'Gerar PIX de R$ 45,90' }).click();

  // The PIX is paid in this page (issue 38): Mercado Pago's QR Code and copia-e-cola, never its checkout.
  await expect(customer.getByRole('heading', { level: 1, name: 'Pague com PIX' })).toBeVisible({ timeout: 30_000 });
  await expect(customer).toHaveURL(/\/cliente\/[a-z0-9]+\/pagamento-pendente\?pagamento=/);
  await expect(customer.getByRole('img', { name: 'QR Code PIX de R$ 45,90' })).toBeVisible();
  const copiaCola = await customer.getByLabel('Código PIX').inputValue();
  expect(copiaCola).toMatch(/^000201/);
  await expect(customer.getByText(/^Válido até \d\d:\d\d\.$/)).toBeVisible();
  expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // The customer's bank pays it (the fake's bank page for that code); the page sees it by itself.
  const registro = new URL(customer.url()).searchParams.get('pagamento')!;
  const busca = await (await page.request.get(`${fakeUrl}/v1/payments/search?external_reference=${registro}`, { headers: { authorization: `Bearer ${token}` } })).json();
  const pago = await page.request.post(`${fakeUrl}/pix/${busca.results[0].id}/pagar`);
  expect(pago.ok()).toBe(true);
  await expect(customer.getByRole('heading', { name: 'Pagamento Confirmado' })).toBeVisible({ timeout: 30_000 });
  await expect(customer.getByText('Recebemos seu pagamento de R$ 45,90')).toBeVisible();
  await customer.getByRole('link', { name: 'Voltar para minha conta' }).click();
  await expect(customer.getByText('Nenhuma compra pendente. Tudo em dia!')).toBeVisible({ timeout: 30_000 });
  await phone.close();

  // The seller: the balance is zero, and the payment has its receipt.
  const depois = await (await page.request.get(`/api/clientes/${cliente.id}`)).json();
  expect(depois.saldoAtual).toBe(0);
  const extrato = await (await page.request.get(`/api/clientes/${cliente.id}/extrato`)).json();
  const pagamento = extrato.items.find((e: { tipo: string; metodo: string }) => e.tipo === 'pagamento' && e.metodo === 'online');
  expect(pagamento).toMatchObject({ valor: 4590 });
  await page.goto(`/recibos/${pagamento.id}`);
  await expect(page.getByText('R$ 45,90').first()).toBeVisible();
});

test('a wrong code shows "Cliente não encontrado"', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/cliente');
  await page.getByRole('button', { name: 'Acessar' }).click();
  await expect(page.getByText('Informe o código de acesso.')).toBeVisible();
  await page.getByLabel('Código de Acesso').fill('ninguem00000');
  await page.getByRole('button', { name: 'Acessar' }).click();
  await expectToast(page, 'Cliente não encontrado');
  await expect(page.getByText('Verifique se o login está correto.')).toBeVisible();
  await expect(page).toHaveURL(/\/cliente$/);
});
