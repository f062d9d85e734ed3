import { calcularDescontos } from '@caderneta/shared/descontos';
import { valorDaLinha } from '@caderneta/shared/unidades';
import { expect, test, type Page } from '@playwright/test';
import { addSaleItem, alturaDeToque, createAsApp, expectToast, signedInSeller } from './support';

/**
 * Discounts and changed prices at the counter (issue 35, part 3): a fiado sale of 0,350 kg of cheese
 * (R$ 29,90/kg), 2 breads (R$ 0,75) and "Avulso" R$ 5,00, 10 % off the sale, made with the mouse at
 * a desktop's width and at a phone's, and with the keyboard alone; the total on screen is the one
 * charged, and the receipt, the customer's statement and the report say so. A line sold at another
 * price shows the catalogue's on the receipt.
 */

const QUEIJO = { nome: 'Queijo Minas', unidade: 'kg', precoVenda: 2990, precoCusto: 2000, estoqueAtual: 2500, estoqueMinimo: 0, codigoBarras: '7891000100301' };
const PAO = { nome: 'Pão Francês', unidade: 'un', precoVenda: 75, precoCusto: 40, estoqueAtual: 100, estoqueMinimo: 0, codigoBarras: '7891000100318' };

/** The sale by the shared rule: R$ 10,47 + 1,50 + 5,00 = 16,97; 10 % is R$ 1,70; R$ 15,27 to pay. */
const venda = (() => {
  const calculo = calcularDescontos(
    [{ bruto: valorDaLinha(350, QUEIJO.precoVenda, 'kg') }, { bruto: valorDaLinha(2, PAO.precoVenda, 'un') }, { bruto: 500 }],
    { tipo: 'percentual', valor: 10 },
  );
  if (!calculo.ok) throw new Error('the journey\'s sale must fit its discount');
  return calculo;
})();
const reais = (centavos: number) => `R$ ${(centavos / 100).toFixed(2).replace('.', ',')}`;
const TOTAL = reais(venda.total);
const DESCONTO = reais(venda.descontoVenda);
const SUBTOTAL = reais(venda.total + venda.descontoVenda);

const TAMANHOS = [
  { nome: 'desktop', width: 1280, height: 800 },
  { nome: 'phone', width: 390, height: 844 },
] as const;

const semRolagemLateral = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

async function lojaComCliente(page: Page, nome: string) {
  await createAsApp(page, '/api/produtos', QUEIJO);
  await createAsApp(page, '/api/produtos', PAO);
  return createAsApp(page, '/api/clientes', { nome, telefone: '11987654321', limiteCredito: 100_000 });
}

/** The sale on /vendas, its receipt, the customer's statement and the report's "Descontos concedidos". */
async function conferirDepois(page: Page, cliente: { id: string; nome: string }) {
  await expectToast(page, `Total: ${TOTAL}`);
  await expect(page).toHaveURL(/\/vendas$/);
  expect(TOTAL).toBe('R$ 15,27');
  expect((await (await page.request.get(`/api/clientes/${cliente.id}`)).json()).saldoPendente).toBe(venda.total);

  const linha = page.getByRole('list', { name: 'Lista de vendas' }).getByRole('listitem').first();
  await expect(linha).toContainText(TOTAL);
  await expect(linha).toContainText(`Desconto ${DESCONTO}`);

  // The receipt: each line before the sale's discount, then Subtotal, the discount and the total.
  await linha.getByRole('button', { name: /^Detalhes da venda/ }).click();
  const recibo = page.getByRole('dialog', { name: /^Venda V/ });
  await expect(recibo.getByRole('row', { name: /Queijo Minas/ })).toContainText('R$ 10,47');
  await expect(recibo.getByRole('row', { name: /Pão Francês/ })).toContainText('R$ 1,50');
  await expect(recibo.getByRole('row', { name: /^Avulso/ })).toContainText('R$ 5,00');
  await expect(recibo.getByRole('row', { name: /^Subtotal/ })).toContainText(SUBTOTAL);
  await expect(recibo.getByRole('row', { name: /^Desconto na venda \(10%\)/ })).toContainText(`−${DESCONTO}`);
  await expect(recibo.getByRole('row', { name: /^Total/ })).toContainText(TOTAL);
  expect(await semRolagemLateral(page)).toBe(true);
  await page.keyboard.press('Escape');
  await expect(recibo).toBeHidden();

  // The customer's statement: the sale at what was charged.
  await page.goto('/clientes');
  const row = page.getByRole('listitem', { name: cliente.nome });
  await expect(row).toContainText(TOTAL);
  await row.getByRole('button', { name: `Mais ações para ${cliente.nome}` }).click();
  await page.getByRole('menuitem', { name: 'Extrato' }).click();
  const extrato = page.getByRole('dialog', { name: `Extrato de ${cliente.nome}` });
  await expect(extrato).toContainText(/Venda fiado V\d+/);
  await expect(extrato).toContainText(`−${TOTAL}`);
  await page.keyboard.press('Escape');

  // The report: what the discounts took off in the period.
  await page.goto('/relatorios');
  await expect(page.getByRole('group', { name: 'Descontos concedidos', exact: true })).toContainText(DESCONTO);
  await expect(page.getByRole('group', { name: 'Total de Vendas', exact: true })).toContainText(TOTAL);
}

for (const tamanho of TAMANHOS) {
  test.describe(`at ${tamanho.nome} width`, () => {
    test.use({ viewport: { width: tamanho.width, height: tamanho.height } });

    test('a fiado sale with 10 % off the sale shows R$ 15,27, charges it, and the receipt, statement and report agree', async ({ page }, testInfo) => {
      await signedInSeller(page, testInfo);
      const cliente = await lojaComCliente(page, `Rosa Desconto ${tamanho.nome}`);

      await page.goto('/vendas/nova');
      await addSaleItem(page, /^Queijo Minas/, '0,350');
      await addSaleItem(page, /^Pão Francês/, '2');
      await page.getByRole('button', { name: 'Avulso' }).click();
      const avulso = page.getByRole('dialog', { name: 'Valor avulso' });
      await avulso.getByLabel('Valor', { exact: true }).fill('5,00');
      await avulso.getByRole('button', { name: 'Adicionar à venda' }).click();
      await expect(avulso).toBeHidden();
      const itens = page.getByRole('list', { name: 'Itens da venda' });
      await expect(itens.getByRole('listitem')).toHaveCount(3);

      await page.getByLabel('Forma de pagamento').selectOption('fiado');
      await page.getByRole('combobox', { name: 'Buscar cliente' }).fill('rosa');
      await page.getByRole('listbox', { name: 'Clientes encontrados' }).getByRole('option', { name: new RegExp(cliente.nome) }).click();

      const resumo = page.getByRole('region', { name: 'Resumo da venda' });
      const botao = resumo.getByRole('button', { name: 'Desconto na venda' });
      const ajuste = itens.getByRole('button', { name: 'Desconto ou preço de Pão Francês' });
      if (tamanho.nome === 'phone') for (const b of [botao, ajuste]) expect(await alturaDeToque(b)).toBeGreaterThanOrEqual(44);
      await botao.click();
      const dialogo = page.getByRole('dialog', { name: 'Desconto na venda' });
      // Above the sale: said, and nothing changes.
      await dialogo.getByLabel('Desconto', { exact: true }).fill('20,00');
      await dialogo.getByRole('button', { name: 'Aplicar' }).click();
      await expect(dialogo.getByRole('alert')).toHaveText('O desconto passa do valor.');
      await dialogo.getByRole('radio', { name: 'Porcentagem (%)' }).check();
      await dialogo.getByLabel('Desconto', { exact: true }).fill('10');
      await expect(dialogo).toContainText(TOTAL);
      expect(await semRolagemLateral(page)).toBe(true);
      await dialogo.getByRole('button', { name: 'Aplicar' }).click();
      await expect(dialogo).toBeHidden();

      await expect(resumo).toContainText(`Subtotal${SUBTOTAL}`);
      await expect(resumo).toContainText(`Desconto na venda (10%)−${DESCONTO}`);
      await expect(resumo).toContainText(TOTAL);
      expect(await semRolagemLateral(page)).toBe(true);
      await page.getByRole('button', { name: 'Finalizar Venda' }).click();
      await conferirDepois(page, cliente);
    });
  });
}

test('the same sale with the keyboard alone: "0,350*" and "2*" with codes, F8, F4, F6 "10%", F2', async ({ page }, testInfo) => {
  await signedInSeller(page, testInfo);
  const cliente = await lojaComCliente(page, 'Rosa Teclado Desconto');

  await page.goto('/vendas/nova');
  const busca = page.getByRole('combobox', { name: 'Buscar produto' });
  await expect(busca).toBeFocused();
  await page.keyboard.type(`0,350*${QUEIJO.codigoBarras}`);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status', { name: 'Quantidade de Queijo Minas' })).toHaveText('0,350 kg');
  await page.keyboard.type(`2*${PAO.codigoBarras}`);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status', { name: 'Quantidade de Pão Francês' })).toHaveText('2');

  await page.keyboard.press('F8');
  const avulso = page.getByRole('dialog', { name: 'Valor avulso' });
  await expect(avulso.getByLabel('Descrição (opcional)')).toBeFocused();
  await page.keyboard.press('Enter');
  await page.keyboard.type('5,00');
  await page.keyboard.press('Enter');
  await expect(avulso).toBeHidden();
  await expect(busca).toBeFocused();

  await page.keyboard.press('F4');
  await expect(page.getByRole('combobox', { name: 'Buscar cliente' })).toBeFocused();
  await page.keyboard.type('rosa');
  await expect(page.getByRole('listbox', { name: 'Clientes encontrados' }).getByRole('option', { name: /Rosa Teclado Desconto/ })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('button', { name: 'Trocar cliente' })).toBeFocused();

  // F6: the sale's discount, its field focused; "10%" is ten percent.
  await expect(page.getByRole('button', { name: 'Desconto na venda' })).toHaveAttribute('aria-keyshortcuts', 'F6');
  await page.keyboard.press('F6');
  const dialogo = page.getByRole('dialog', { name: 'Desconto na venda' });
  await expect(dialogo.getByLabel('Desconto', { exact: true })).toBeFocused();
  await page.keyboard.type('10%');
  await expect(dialogo.getByRole('radio', { name: 'Porcentagem (%)' })).toBeChecked();
  await page.keyboard.press('Enter');
  await expect(dialogo).toBeHidden();
  const resumo = page.getByRole('region', { name: 'Resumo da venda' });
  await expect(resumo).toContainText(`Desconto na venda (10%)−${DESCONTO}`);
  await expect(resumo).toContainText(TOTAL);

  // "?" lists F6 among the counter's keys.
  await page.keyboard.press('Escape');
  await expect(busca).toBeFocused();
  await busca.evaluate((e) => e.blur());
  await page.keyboard.press('?');
  const ajuda = page.getByRole('dialog', { name: 'Atalhos do teclado' });
  await expect(ajuda).toContainText('F6');
  await expect(ajuda).toContainText('Dá um desconto na venda toda');
  await page.keyboard.press('Escape');
  await expect(ajuda).toBeHidden();

  await page.keyboard.press('F2');
  await conferirDepois(page, cliente);
});

test('a line sold at another price shows the catalogue\'s beside it, on the counter and on the receipt, with a line\'s own discount', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signedInSeller(page, testInfo);
  await lojaComCliente(page, 'Rosa Preço');

  await page.goto('/vendas/nova');
  await addSaleItem(page, /^Queijo Minas/, '0,350');
  await addSaleItem(page, /^Pão Francês/, '2');
  const itens = page.getByRole('list', { name: 'Itens da venda' });

  await itens.getByRole('button', { name: 'Desconto ou preço de Pão Francês' }).click();
  let dialogo = page.getByRole('dialog', { name: 'Desconto e preço' });
  await expect(dialogo).toContainText('Preço de tabela: R$ 0,75');
  await dialogo.getByLabel('Preço unitário').fill('0,70');
  // More off than the line is worth at its new price: said, nothing changes.
  await dialogo.getByLabel('Desconto', { exact: true }).fill('2,00');
  await dialogo.getByRole('button', { name: 'Aplicar' }).click();
  await expect(dialogo.getByRole('alert')).toHaveText('O desconto passa do valor.');
  await dialogo.getByLabel('Desconto', { exact: true }).fill('');
  expect(await semRolagemLateral(page)).toBe(true);
  await dialogo.getByRole('button', { name: 'Aplicar' }).click();
  await expect(dialogo).toBeHidden();
  await expect(itens.getByRole('listitem', { name: 'Pão Francês' })).toContainText('2 un × R$ 0,70 (tabela R$ 0,75)');

  await itens.getByRole('button', { name: 'Desconto ou preço de Queijo Minas' }).click();
  dialogo = page.getByRole('dialog', { name: 'Desconto e preço' });
  await dialogo.getByRole('radio', { name: 'Porcentagem (%)' }).check();
  await dialogo.getByLabel('Desconto', { exact: true }).fill('10');
  await dialogo.getByRole('button', { name: 'Aplicar' }).click();
  await expect(dialogo).toBeHidden();
  const queijo = itens.getByRole('listitem', { name: 'Queijo Minas' });
  await expect(queijo).toContainText('0,350 kg × R$ 29,90/kg = R$ 10,47');
  await expect(queijo).toContainText('Desconto −10% (−R$ 1,05)');
  await expect(queijo).toContainText('R$ 9,42');
  // R$ 9,42 + 1,40.
  await expect(page.getByRole('region', { name: 'Resumo da venda' })).toContainText('R$ 10,82');
  expect(await semRolagemLateral(page)).toBe(true);

  await page.getByRole('button', { name: 'Finalizar Venda' }).click();
  await expectToast(page, 'Total: R$ 10,82');
  await expect(page).toHaveURL(/\/vendas$/);
  await page.getByRole('button', { name: /^Detalhes da venda/ }).first().click();
  const recibo = page.getByRole('dialog', { name: /^Venda V/ });
  const pao = recibo.getByRole('row', { name: /Pão Francês/ });
  await expect(pao).toContainText('R$ 0,70');
  await expect(pao).toContainText('tabela R$ 0,75');
  await expect(pao).toContainText('R$ 1,40');
  const linhaQueijo = recibo.getByRole('row', { name: /Queijo Minas/ });
  await expect(linhaQueijo).toContainText('Desconto −10% (−R$ 1,05)');
  await expect(linhaQueijo).toContainText('R$ 9,42');
  await expect(recibo.getByRole('row', { name: /^Total/ })).toContainText('R$ 10,82');
  expect(await semRolagemLateral(page)).toBe(true);
});
