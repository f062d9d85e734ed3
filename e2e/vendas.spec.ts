import { expect, test, type Page } from '@playwright/test';
import { addSaleItem, expectToast, postAsApp, signedInSeller } from './support';

interface NewProduct {
  nome: string;
  precoVenda: number;
  precoCusto: number;
  estoqueAtual: number;
  estoqueMinimo?: number;
  codigoBarras?: string;
  unidade?: 'un' | 'kg' | 'g' | 'l' | 'ml' | 'cx' | 'pct';
}

/** Catalogue set-up through the API with the seller's own session (the screens are covered elsewhere). */
async function createProduct(page: Page, p: NewProduct): Promise<{ id: string }> {
  const response = await postAsApp(page, '/api/produtos', { estoqueMinimo: 2, ...p });
  expect(response.status()).toBe(201);
  return response.json();
}

async function stockOf(page: Page, id: string): Promise<number> {
  const response = await page.request.get(`/api/produtos/${id}`);
  return (await response.json()).estoqueAtual;
}

const card = (page: Page, title: string) => page.getByRole('group', { name: title, exact: true });

test('sells by weight: 0,350 kg of a R$ 29,90/kg cheese is R$ 10,47, and the stock loses 350 g', async ({ page }, testInfo) => {
  await signedInSeller(page, testInfo);
  const queijo = await createProduct(page, { nome: 'Queijo Minas', unidade: 'kg', precoVenda: 2990, precoCusto: 2000, estoqueAtual: 2500 });

  await page.goto('/vendas/nova');
  await addSaleItem(page, /^Queijo Minas/, '0,350');
  const linha = page.getByRole('list', { name: 'Itens da venda' }).getByRole('listitem', { name: 'Queijo Minas' });
  await expect(linha).toContainText('0,350 kg × R$ 29,90/kg');
  await expect(linha).toContainText('R$ 10,47');
  await page.getByRole('button', { name: 'Finalizar Venda' }).click();
  await expectToast(page, 'Total: R$ 10,47');
  await expect(page).toHaveURL(/\/vendas$/);
  expect(await stockOf(page, queijo.id)).toBe(2150);

  // The sale's detail reads the line as it was sold.
  await page.getByRole('button', { name: /^Detalhes da venda/ }).first().click();
  const item = page.getByRole('dialog').getByRole('row', { name: /Queijo Minas/ });
  await expect(item).toContainText('0,350 kg');
  await expect(item).toContainText('R$ 29,90/kg');
  await expect(item).toContainText('R$ 10,47');
});

test('à vista sale takes stock out, and cancelling it brings the stock back', async ({ page }, testInfo) => {
  await signedInSeller(page, testInfo);
  const refri = await createProduct(page, { nome: 'Refrigerante 2L', precoVenda: 950, precoCusto: 600, estoqueAtual: 10 });

  await page.goto('/vendas/nova');
  const finalizar = page.getByRole('button', { name: 'Finalizar Venda' });
  await expect(finalizar).toBeDisabled();
  await addSaleItem(page, /^Refrigerante 2L/, '2');
  // Adding the same product again merges the line.
  await addSaleItem(page, /^Refrigerante 2L/, '1');
  await expect(page.getByRole('status', { name: 'Quantidade de Refrigerante 2L' })).toHaveText('3');
  const resumo = page.getByRole('region', { name: 'Resumo da venda' });
  await expect(resumo).toContainText('R$ 28,50');
  await expect(resumo).toContainText('À Vista');

  // More than the stock is refused on the spot.
  await addSaleItem(page, /^Refrigerante 2L/, '20');
  await expectToast(page, 'Estoque insuficiente');

  await page.getByLabel('Observações').fill('Festa da escola');
  await finalizar.click();
  await expectToast(page, 'Venda registrada com sucesso!');
  await expectToast(page, 'Total: R$ 28,50');
  await expect(page).toHaveURL(/\/vendas$/);
  expect(await stockOf(page, refri.id)).toBe(7);

  const list = page.getByRole('list', { name: 'Lista de vendas' });
  const row = list.getByRole('listitem').filter({ hasText: 'Festa da escola' });
  await expect(row).toContainText('Pago');
  await expect(row).toContainText('À vista');
  await expect(row).toContainText('Cliente não informado');
  await expect(row).toContainText('R$ 28,50');

  // The search works on the observation.
  await page.getByLabel('Buscar vendas').fill('escola');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await page.getByLabel('Buscar vendas').fill('nada disso');
  await expect(page.getByText('Nenhuma venda encontrada')).toBeVisible();
  await page.getByLabel('Buscar vendas').fill('');

  await row.getByRole('button', { name: /^Cancelar venda/ }).click();
  await page.getByRole('alertdialog').getByLabel('Motivo do cancelamento').fill('Cliente desistiu');
  await page.getByRole('alertdialog').getByRole('button', { name: 'Cancelar Venda' }).click();
  await expectToast(page, 'Venda cancelada');
  await expect(row).toContainText('Cancelado');
  expect(await stockOf(page, refri.id)).toBe(10);

  // A product that was sold cannot be deleted; the seller is offered to deactivate it.
  await page.goto('/produtos');
  await page.getByRole('listitem', { name: 'Refrigerante 2L' }).getByRole('button', { name: 'Deletar Refrigerante 2L' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Deletar Produto' });
  await confirm.getByLabel('Digite o nome do produto para confirmar').fill('Refrigerante 2L');
  await confirm.getByRole('button', { name: 'Deletar Produto' }).click();
  await expect(confirm.getByText(/Não é possível deletar produto que possui vendas registradas/)).toBeVisible();
  await confirm.getByRole('button', { name: 'Desativar Produto' }).click();
  await expectToast(page, 'Produto desativado');
});

test('a barcode scanner at the counter: each scan adds one unit of the product with that code', async ({ page }, testInfo) => {
  await signedInSeller(page, testInfo);
  const leite = await createProduct(page, { nome: 'Leite Integral 1L', precoVenda: 549, precoCusto: 400, estoqueAtual: 12, codigoBarras: '7891000100103' });
  // A product whose name holds the same digits is not what the scanner means.
  await createProduct(page, { nome: 'Kit 7891000100103', precoVenda: 100, precoCusto: 50, estoqueAtual: 5 });

  await page.goto('/vendas/nova');
  const busca = page.getByLabel('Buscar produto');
  for (let scan = 0; scan < 2; scan++) {
    // A scanner types the code in a burst and presses Enter.
    await busca.pressSequentially('7891000100103', { delay: 5 });
    await busca.press('Enter');
    await expect(busca).toHaveValue('');
  }
  await expect(page.getByText('Leite Integral 1L adicionado à venda.')).toBeVisible();
  const itens = page.getByRole('list', { name: 'Itens da venda' });
  await expect(itens.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByRole('status', { name: 'Quantidade de Leite Integral 1L' })).toHaveText('2');

  await page.getByRole('button', { name: 'Finalizar Venda' }).click();
  await expectToast(page, 'Total: R$ 10,98');
  expect(await stockOf(page, leite.id)).toBe(10);
});

test('fiado to a new customer, debtor badge, partial then full payment, statement and dashboard', async ({ page }, testInfo) => {
  await signedInSeller(page, testInfo);
  await createProduct(page, { nome: 'Arroz 5kg', precoVenda: 2500, precoCusto: 1800, estoqueAtual: 20 });
  await createProduct(page, { nome: 'Feijão 1kg', precoVenda: 800, precoCusto: 500, estoqueAtual: 20 });

  // A new customer, registered on the customers page.
  await page.goto('/clientes');
  await page.getByRole('button', { name: 'Novo Cliente' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Novo Cliente' });
  await dialog.getByLabel('Nome').fill('Pedro Fiado');
  await dialog.getByLabel('Telefone').fill('11987654321');
  await dialog.getByRole('button', { name: 'Cadastrar Cliente' }).click();
  await expectToast(page, 'Cliente cadastrado com sucesso!');

  await page.goto('/vendas/nova');
  await page.getByLabel('Forma de pagamento').selectOption({ label: 'Fiado' });
  await addSaleItem(page, /^Arroz 5kg/, '2');
  await addSaleItem(page, /^Feijão 1kg/, '1');
  await page.getByRole('button', { name: 'Finalizar Venda' }).click();
  await expectToast(page, 'Cliente obrigatório');
  // Said on the customer search too, which takes the focus.
  await expect(page.getByLabel('Buscar cliente')).toBeFocused();
  await expect(page.getByLabel('Buscar cliente')).toHaveAccessibleDescription('Selecione um cliente para vendas fiadas.');

  // Picked with the keyboard: the focus stays in the search box while ↓ makes a result active,
  // Escape closes the results keeping the text, and Enter picks the active one.
  const busca = page.getByRole('combobox', { name: 'Buscar cliente' });
  await busca.fill('pedro');
  const resultados = page.getByRole('listbox', { name: 'Clientes encontrados' });
  const resultado = resultados.getByRole('option', { name: /Pedro Fiado/ });
  await expect(resultado).toBeVisible();
  await busca.press('Escape');
  await expect(resultados).toBeHidden();
  await expect(busca).toHaveValue('pedro');
  await busca.press('ArrowDown');
  await expect(resultado).toHaveAttribute('aria-selected', 'true');
  await expect(busca).toHaveAttribute('aria-activedescendant', (await resultado.getAttribute('id'))!);
  await expect(busca).toBeFocused();
  // The active result is marked by more than a tint: a ring inside its edge.
  await expect(resultado).not.toHaveCSS('box-shadow', 'none');
  await busca.press('Enter');
  await expect(page.getByRole('button', { name: 'Trocar cliente' })).toBeFocused();
  await expect(page.getByRole('region', { name: 'Resumo da venda' })).toContainText('Pedro Fiado');
  await expect(page.getByRole('region', { name: 'Resumo da venda' })).toContainText('R$ 58,00');
  await page.getByRole('button', { name: 'Finalizar Venda' }).click();
  await expectToast(page, 'Venda registrada com sucesso!');
  await expect(page).toHaveURL(/\/vendas$/);
  const row = page.getByRole('list', { name: 'Lista de vendas' }).getByRole('listitem').filter({ hasText: 'Pedro Fiado' });
  await expect(row).toContainText('Pendente');
  await expect(row).toContainText('Fiado');
  await expect(card(page, 'Pendentes')).toContainText('R$ 58,00');

  // The customer is now a debtor.
  await page.goto('/clientes');
  const pedro = page.getByRole('listitem', { name: 'Pedro Fiado' });
  await expect(pedro).toContainText('Devedor');
  await expect(pedro).toContainText('R$ 58,00');
  await expect(card(page, 'Com Pendências')).toContainText('1');

  // Dashboard figures.
  await page.goto('/dashboard');
  await expect(card(page, 'Vendas Hoje')).toContainText('1');
  await expect(card(page, 'Valor Total')).toContainText('R$ 58,00');
  await expect(card(page, 'Total de Clientes')).toContainText('1');
  await expect(page.getByText('1 cliente com saldo pendente')).toBeVisible();

  // Partial payment, then the rest.
  await page.goto('/clientes');
  await pedro.getByRole('button', { name: 'Mais ações para Pedro Fiado' }).click();
  await page.getByRole('menuitem', { name: 'Registrar pagamento' }).click();
  let pay = page.getByRole('dialog', { name: 'Registrar pagamento' });
  await pay.getByLabel('Valor do pagamento').fill('abc');
  await pay.getByRole('button', { name: 'Registrar Pagamento' }).click();
  await expectToast(page, 'Valor inválido');
  await pay.getByLabel('Valor do pagamento').fill('20,00');
  await pay.getByLabel('Forma de pagamento').selectOption({ label: 'PIX' });
  await pay.getByRole('button', { name: 'Registrar Pagamento' }).click();
  await expectToast(page, 'Pagamento registrado!');
  await expect(page.getByText('Saldo devedor restante: R$ 38,00')).toBeVisible();
  await expect(pedro).toContainText('R$ 38,00');

  await pedro.getByRole('button', { name: 'Mais ações para Pedro Fiado' }).click();
  await page.getByRole('menuitem', { name: 'Registrar pagamento' }).click();
  pay = page.getByRole('dialog', { name: 'Registrar pagamento' });
  await pay.getByLabel('Valor do pagamento').fill('38,00');
  await pay.getByRole('button', { name: 'Registrar Pagamento' }).click();
  await expect(page.getByText('Débito totalmente quitado!')).toBeVisible();
  await expect(pedro).toContainText('Ativo');

  // The statement lists every entry with the running balance.
  await pedro.getByRole('button', { name: 'Mais ações para Pedro Fiado' }).click();
  await page.getByRole('menuitem', { name: 'Extrato' }).click();
  const extrato = page.getByRole('dialog', { name: 'Extrato de Pedro Fiado' });
  await expect(extrato).toContainText(/Venda fiado V\d+/);
  await expect(extrato).toContainText('Pagamento — PIX');
  await expect(extrato).toContainText('Pagamento — Dinheiro');
  // Amount and running balance after each entry (a typographic minus sign).
  await expect(extrato).toContainText('−R$ 58,00');
  await expect(extrato).toContainText('+R$ 20,00−R$ 38,00');
  await expect(extrato).toContainText('+R$ 38,00R$ 0,00');
  await page.keyboard.press('Escape');

  // The sale is now paid, and the customer with sales cannot be deleted.
  await page.goto('/vendas');
  await expect(page.getByRole('list', { name: 'Lista de vendas' }).getByRole('listitem').filter({ hasText: 'Pedro Fiado' })).toContainText('Pago');
  await page.goto('/clientes');
  await pedro.getByRole('button', { name: 'Deletar Pedro Fiado' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Deletar Cliente' });
  await confirm.getByLabel('Digite o nome do cliente para confirmar').fill('Pedro Fiado');
  await confirm.getByRole('button', { name: 'Deletar Cliente' }).click();
  await expect(confirm.getByText(/Não é possível deletar cliente que possui vendas registradas/)).toBeVisible();

  await page.goto('/dashboard');
  await expect(card(page, 'Valor Total')).toContainText('R$ 0,00');
  await expect(page.getByText('Nenhum cliente devendo. Tudo em dia!')).toBeVisible();
});
