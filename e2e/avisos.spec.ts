import { expect, test } from '@playwright/test';
import { connectFakeWhatsapp, createAsApp, expectToast, latestMailTo, signedInSeller } from './support';

/**
 * Automatic notices (issue 38, LGPD, docs/decisions/043): the seller records, on the customer's
 * form, that the customer agreed to them; a fiado sale then reaches the customer by e-mail (sent
 * by the server's job, read here in its outbox), with the balance and their page's link; the
 * seller sees it in Detalhes; the customer stops them on their page, and the next sale tells
 * nobody.
 */
test.describe.configure({ timeout: 180_000 });

test('a customer who agreed gets an e-mail of each fiado sale, and stops them on their page', async ({ page, browser }, testInfo) => {
  await signedInSeller(page, testInfo);
  const email = `joana.${Date.now().toString(36)}${testInfo.workerIndex}@example.com`;
  await page.goto('/clientes');
  await page.getByRole('button', { name: 'Novo Cliente' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Novo Cliente' });
  await dialog.getByLabel(/^Nome/).fill('Joana Maria da Silva');
  await dialog.getByLabel(/^Telefone/).fill('(11) 98888-7777');
  await dialog.getByRole('switch', { name: 'Avisos automáticos' }).click();
  await expect(dialog.getByText('Informe o e-mail do cliente: é por ele que os avisos chegam.')).toBeVisible();
  await dialog.getByLabel(/^E-mail/).fill(email);
  await dialog.getByRole('button', { name: 'Cadastrar Cliente' }).click();
  await expectToast(page, 'Cliente cadastrado com sucesso!');

  const clientes = await (await page.request.get('/api/clientes?busca=Joana')).json();
  const cliente = clientes.items[0] as { id: string; login: string };
  const produto = await createAsApp(page, '/api/produtos', { nome: 'Arroz Tipo 1 5kg', precoVenda: 2295, precoCusto: 1800, estoqueAtual: 20, estoqueMinimo: 5 });
  await createAsApp(page, '/api/vendas', { formaPagamento: 'fiado', clienteId: cliente.id, itens: [{ produtoId: produto.id, quantidade: 2 }] });

  // The server's job sends it within seconds (MENSAGENS_SEGUNDOS=5 here).
  await expect.poll(async () => (await latestMailTo(testInfo, email)).subject, { timeout: 60_000 }).toMatch(/: compra de R\$\s45,90 na sua conta$/);
  const mail = await latestMailTo(testInfo, email);
  expect(mail.text).toContain('Olá, Joana Maria da Silva!');
  expect(mail.text).toContain('Saldo em aberto: R$ 45,90.');
  const link = /(http\S+\/cliente\/\S+)/.exec(mail.text)?.[1];
  expect(link).toContain(`/cliente/${cliente.login}`);

  await page.goto(`/devedores?cliente=${cliente.id}`);
  const detalhes = page.getByRole('dialog', { name: 'Detalhes de Joana Maria da Silva' });
  const avisos = detalhes.getByRole('region', { name: 'Avisos automáticos' });
  await expect(avisos.getByRole('listitem')).toHaveCount(1, { timeout: 30_000 });
  await expect(avisos.getByRole('listitem')).toContainText('Compra fiado de R$ 45,90');
  await expect(avisos.getByRole('listitem')).toContainText('Enviado');
  await expect(avisos.getByRole('listitem')).toContainText(`E-mail para ${email}`);

  // The customer opens the link from the e-mail, on a phone, and stops the notices.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'pt-BR' });
  const customer = await phone.newPage();
  await customer.goto(link!);
  const secao = customer.getByRole('region', { name: 'Avisos da loja' });
  await expect(secao).toContainText('Você autorizou a loja a avisar, por e-mail, cada compra, pagamento e ajuste da sua conta, com o saldo.', { timeout: 30_000 });
  await secao.getByRole('button', { name: 'Parar avisos' }).click();
  await expectToast(customer, 'Pronto: você não vai mais receber avisos automáticos desta loja.');
  await expect(secao).toContainText(/Você parou os avisos automáticos em \d{2}\/\d{2}\/\d{4}\. Para voltar a recebê-los, fale com a loja\./);
  expect(await customer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await phone.close();

  // The shop sees who stopped them, and a new sale tells nobody.
  await createAsApp(page, '/api/vendas', { formaPagamento: 'fiado', clienteId: cliente.id, itens: [{ produtoId: produto.id, quantidade: 1 }] });
  await page.goto('/clientes');
  await page.getByRole('button', { name: 'Editar Joana Maria da Silva' }).click();
  const editar = page.getByRole('dialog', { name: 'Editar Cliente' });
  await expect(editar.getByRole('switch', { name: 'Avisos automáticos' })).not.toBeChecked();
  await expect(editar.getByText(/^O cliente parou os avisos em \d{2}\/\d{2}\/\d{4}\.$/)).toBeVisible();
  const log = await (await page.request.get(`/api/clientes/${cliente.id}/mensagens`)).json();
  expect(log.items).toHaveLength(1);
});

test("the shop connects its WhatsApp Business number: a sale's notice goes as the template, its delivery shows on the card, and PARAR stops it", async ({ page }, testInfo) => {
  await signedInSeller(page, testInfo);
  const { fake, phoneNumberId } = await connectFakeWhatsapp(page, testInfo);

  // A customer asked on WhatsApp: the invitation goes from the shop's number, and the reply SIM is the consent.
  await createAsApp(page, '/api/clientes', { nome: 'Rita Alves', telefone: '(11) 96543-2109', limiteCredito: 100_000 });
  await page.goto('/clientes');
  await page.getByRole('button', { name: 'Editar Rita Alves' }).click();
  const editar = page.getByRole('dialog', { name: 'Editar Cliente' });
  await editar.getByRole('button', { name: 'Pedir autorização pelo WhatsApp' }).click();
  await expectToast(page, 'Pedido de autorização enviado');
  await page.keyboard.press('Escape');
  await expect
    .poll(async () => ((await (await page.request.get(`${fake}/__fake/messages?to=5511965432109`)).json()) as { messages: { template: string }[] }).messages.map((m) => m.template), { timeout: 60_000 })
    .toEqual(['caderneta_convite']);
  expect((await page.request.post(`${fake}/__fake/phones/${phoneNumberId}/reply`, { data: { from: '5511965432109', text: 'Sim' } })).ok()).toBe(true);
  await page.reload();
  await page.getByRole('button', { name: 'Editar Rita Alves' }).click();
  await expect(page.getByRole('dialog', { name: 'Editar Cliente' }).getByText(/^Autorizado em \d{2}\/\d{2}\/\d{4}, pelo próprio cliente\.$/)).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Editar Cliente' }).getByRole('switch', { name: 'Avisos automáticos' })).toBeChecked();
  await page.keyboard.press('Escape');

  const cliente = await createAsApp(page, '/api/clientes', { nome: 'Paulo Mendes', telefone: '(11) 97654-3210', limiteCredito: 100_000, avisos: true });
  const produto = await createAsApp(page, '/api/produtos', { nome: 'Café 500g', precoVenda: 1890, precoCusto: 1200, estoqueAtual: 20, estoqueMinimo: 5 });
  await createAsApp(page, '/api/vendas', { formaPagamento: 'fiado', clienteId: cliente.id, itens: [{ produtoId: produto.id, quantidade: 1 }] });

  type Enviada = { id: string; template: string; parametros: string[] };
  let enviada: Enviada | undefined;
  await expect
    .poll(async () => {
      const { messages } = (await (await page.request.get(`${fake}/__fake/messages?to=5511976543210`)).json()) as { messages: Enviada[] };
      enviada = messages.find((m) => m.template === 'caderneta_lancamento');
      return enviada?.parametros.slice(0, 3);
    }, { timeout: 60_000 })
    .toEqual(['Paulo Mendes', expect.stringMatching(/^Mercadinho /), 'uma compra fiado de R$ 18,90']);

  // WhatsApp reports it read: the debtor's card says so.
  expect((await page.request.post(`${fake}/__fake/messages/${enviada!.id}/status`, { data: { status: 'read' } })).ok()).toBe(true);
  await page.goto('/devedores');
  const devedor = page.getByRole('listitem', { name: 'Paulo Mendes' });
  await expect(devedor).toContainText(/Último aviso automático:\s*WhatsApp: Lida/, { timeout: 30_000 });

  // The customer replies PARAR: their page says the notices stopped, and the shop sees who stopped them.
  expect((await page.request.post(`${fake}/__fake/phones/${phoneNumberId}/reply`, { data: { from: '5511976543210', text: 'PARAR' } })).ok()).toBe(true);
  const login = (await (await page.request.get(`/api/clientes/${cliente.id}`)).json()).login as string;
  await page.goto(`/cliente/${login}`);
  await expect(page.getByRole('region', { name: 'Avisos da loja' })).toContainText('Você parou os avisos automáticos em', { timeout: 30_000 });
});
