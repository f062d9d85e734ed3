import { expect, test } from '@playwright/test';
import { createAsApp, expectToast, signedInSeller } from './support';

/*
 * Issue 33 on a phone (390 × 844): the same customer is not registered twice without the seller
 * knowing (item 6); an agreed due date is never saved while it is not a date (item 2) nor when it
 * is before the purchase (item 3, refused by the server too); and the customer's own page says what
 * they owe, when it is due and what they bought (item 8).
 */

test.describe.configure({ timeout: 240_000 });
test.use({ viewport: { width: 390, height: 844 } });

/** "YYYY-MM-DD" in São Paulo `days` from now, and as the page writes it (dd/mm/aaaa). */
function diaSP(days: number): { iso: string; br: string; digits: string } {
  const iso = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date(Date.now() + days * 86_400_000));
  const [y, m, d] = iso.split('-');
  return { iso, br: `${d}/${m}/${y}`, digits: `${d}${m}${y}` };
}

test('a seller registers a customer once, agrees a due date that makes sense, and the customer reads what they owe', async ({ page, browser }, testInfo) => {
  await signedInSeller(page, testInfo);
  const noSideways = async () => expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);

  // Item 6: Maria José da Silva is registered…
  await page.goto('/clientes');
  await page.getByRole('button', { name: 'Novo Cliente' }).first().click();
  let dialog = page.getByRole('dialog', { name: 'Novo Cliente' });
  await dialog.getByLabel('Nome').fill('Maria José da Silva');
  await dialog.getByLabel('Telefone').fill('(11) 98765-4321');
  await dialog.getByRole('button', { name: 'Cadastrar Cliente' }).click();
  await expectToast(page, 'Cliente cadastrado com sucesso!');
  await expect(dialog).toBeHidden();

  // …and typed again, as another cashier would: the existing customer is shown, nothing is created.
  await page.getByRole('button', { name: 'Novo Cliente' }).first().click();
  dialog = page.getByRole('dialog', { name: 'Novo Cliente' });
  await dialog.getByLabel('Nome').fill('maria jose silva');
  await dialog.getByLabel('Telefone').fill('11 98765-4321');
  await dialog.getByRole('button', { name: 'Cadastrar Cliente' }).click();
  const aviso = dialog.getByRole('alert').filter({ hasText: 'Já existe um cliente parecido' });
  await expect(aviso).toBeVisible();
  await expect(aviso).toContainText('Maria José da Silva');
  await expect(aviso).toContainText('Mesmo telefone · Nome quase igual');
  await expect(aviso.getByRole('button', { name: 'Criar mesmo assim' })).toBeVisible();
  await noSideways();
  await aviso.getByRole('button', { name: 'Abrir o cliente Maria José da Silva' }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Buscar clientes')).toHaveValue('Maria José da Silva');
  const lista = page.getByRole('list', { name: 'Lista de clientes' });
  await expect(lista.getByRole('listitem')).toHaveCount(1);
  await expect(lista.getByRole('listitem', { name: 'Maria José da Silva' })).toContainText(/@maria\d{5}/);
  const clientes = (await (await page.request.get('/api/clientes?busca=maria')).json()) as { total: number; items: Array<{ id: string; login: string }> };
  expect(clientes.total).toBe(1);
  const maria = clientes.items[0]!;

  // A fiado purchase today: 2 × R$ 22,15.
  const arroz = await createAsApp(page, '/api/produtos', { nome: 'Arroz Tipo 1 5kg', precoVenda: 2215, precoCusto: 1800, estoqueAtual: 20, estoqueMinimo: 2 });
  await createAsApp(page, '/api/vendas', { formaPagamento: 'fiado', clienteId: maria.id, itens: [{ produtoId: arroz.id, quantidade: 2 }] });

  await page.goto('/devedores');
  await page.getByRole('button', { name: 'Detalhes de Maria José da Silva' }).click();
  const detalhes = page.getByRole('dialog', { name: 'Detalhes de Maria José da Silva' });
  await detalhes.getByRole('button', { name: 'Gerenciar dívida' }).click();
  const data = detalhes.getByLabel('Data de vencimento combinada');
  const salvar = detalhes.getByRole('button', { name: 'Salvar informações' });
  const hoje = diaSP(0);
  await expect(data).toHaveAccessibleDescription(new RegExp(`Não pode ser antes da compra mais antiga em aberto, de ${hoje.br.replaceAll('/', '\\/')}`));

  // Item 2: 31/02 is no date: said under the field, and nothing is saved or said saved.
  await data.fill('31022027');
  await expect(detalhes.getByText('Informe uma data válida.')).toBeVisible();
  await salvar.click();
  await expect(data).toHaveAttribute('aria-invalid', 'true');

  // Item 3: the day before the purchase would make her late before she bought: refused on the field…
  const ontem = diaSP(-1);
  await data.fill(ontem.digits);
  await expect(detalhes.getByText('A data combinada não pode ser antes da compra mais antiga em aberto.')).toBeVisible();
  await salvar.click();
  await noSideways();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Informações atualizadas' })).toHaveCount(0);
  // …and by the server, whoever sends it.
  const recusa = await page.request.put(`/api/devedores/${maria.id}/cobranca`, {
    data: { dataVencimento: ontem.iso, observacoes: null },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(recusa.status()).toBe(400);
  expect(await recusa.json()).toMatchObject({ code: 'VALIDATION', issues: [{ path: 'dataVencimento', message: 'vencimentoAntesDaCompra' }] });
  expect(((await (await page.request.get(`/api/devedores/${maria.id}`)).json()) as { dataVencimentoPropria: string | null }).dataVencimentoPropria).toBeNull();

  // A date that makes sense is saved, and only then said saved.
  const combinado = diaSP(10);
  await data.fill(combinado.digits);
  await detalhes.getByLabel('Observações').fill('Paga quando receber');
  await salvar.click();
  await expectToast(page, 'Informações atualizadas');
  expect(((await (await page.request.get(`/api/devedores/${maria.id}`)).json()) as { dataVencimentoPropria: string }).dataVencimentoPropria).toBe(combinado.iso);
  await detalhes.getByRole('button', { name: 'Voltar aos detalhes' }).click();
  await detalhes.getByRole('button', { name: 'Fechar' }).first().click();
  await expect(page.getByRole('listitem', { name: 'Maria José da Silva' })).toContainText(`${combinado.br} · data combinada`);

  // Item 8: Maria's own page, on her phone, without the seller's session.
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'pt-BR', baseURL: testInfo.project.use.baseURL });
  const cliente = await phone.newPage();
  await cliente.goto(`/cliente/${maria.login}`);
  await expect(cliente.getByRole('heading', { name: 'Olá, Maria' })).toBeVisible({ timeout: 30_000 });
  await expect(cliente.getByRole('heading', { level: 2, name: /^Você deve R\$\s44,30$/ })).toBeVisible();
  await expect(cliente.getByText(`Vence em ${combinado.br}.`)).toBeVisible();
  const compras = cliente.getByRole('heading', { name: 'Compras que faltam pagar' }).locator('xpath=ancestor::*[@data-slot="card"][1]');
  await expect(compras.getByText(`Compra de ${hoje.br}`)).toBeVisible();
  await expect(compras.getByRole('list', { name: /^Itens da compra/ }).getByRole('listitem').filter({ hasText: 'Arroz Tipo 1 5kg' })).toContainText('2 un × R$ 22,15');
  await expect(cliente.getByText('Saldo Atual')).toHaveCount(0);
  await expect(cliente.getByText(/[−-]\s?R\$/)).toHaveCount(0);
  expect(await cliente.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await phone.close();
});
