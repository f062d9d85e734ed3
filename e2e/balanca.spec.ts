import { expect, test } from '@playwright/test';
import { createAsApp, expectToast, signedInSeller } from './support';

/**
 * Scale labels (issue 35, part 5): the shop says how its scale prints labels (Configurações › Loja),
 * registers the cheese under its code on the scale ("42"), and a label typed at the counter as a
 * scanner types it adds the weight printed on it.
 */

// Each journey signs up and works through the real server; give a busy machine room.
test.describe.configure({ timeout: 300_000 });

/** EAN-13: the first 12 digits and their check digit (weights 1 and 3 from the left). */
function ean13(doze: string) {
  const soma = [...doze].reduce((total, digito, i) => total + Number(digito) * (i % 2 === 0 ? 1 : 3), 0);
  return `${doze}${(10 - (soma % 10)) % 10}`;
}

test('a weight label of a cheese sold by the kg: 0,350 kg at R$ 29,90/kg is R$ 10,47, and the sale takes 350 g from stock', async ({ page }, testInfo) => {
  // A browser without BarcodeDetector, whatever the platform the journey runs on.
  await page.addInitScript(() => Reflect.deleteProperty(window, 'BarcodeDetector'));
  await signedInSeller(page, testInfo);

  // The scale prints a 5-digit code and the weight in grams.
  await page.goto('/configuracoes?aba=loja');
  const etiqueta = page.getByRole('group', { name: 'Etiqueta da balança' });
  await expect(etiqueta.getByText('2 CCCC VVVVVVV D')).toBeVisible();
  await etiqueta.getByLabel('Dígitos do código do produto').selectOption('5');
  await etiqueta.getByLabel('Valor na etiqueta').selectOption('peso');
  await expect(etiqueta.getByText('2 CCCCC VVVVVV D')).toBeVisible();
  await page.getByRole('button', { name: 'Salvar', exact: true }).click();
  await expectToast(page, 'Configurações salvas!');
  expect((await (await page.request.get('/api/me')).json()).perfil.etiquetaBalanca).toEqual({ digitosCodigo: 5, valor: 'peso' });

  // R$ 29,90/kg, 2,500 kg in stock (in grams), under its code on the scale.
  const queijo = await createAsApp(page, '/api/produtos', { nome: 'Queijo Minas', unidade: 'kg', precoVenda: 2990, precoCusto: 2000, estoqueAtual: 2500, estoqueMinimo: 0, codigoBarras: '42' });

  await page.goto('/vendas/nova');
  const busca = page.getByRole('combobox', { name: 'Buscar produto' });
  await expect(busca).toBeFocused();

  // A label misread: said, nothing added, the code kept to be corrected.
  const label = ean13('200042000350');
  const errado = `${label.slice(0, 12)}${(Number(label[12]) + 1) % 10}`;
  await page.keyboard.type(errado);
  await page.keyboard.press('Enter');
  await expect(page.getByText('Código de balança inválido: confira o dígito verificador. Nada foi adicionado.')).toBeVisible();
  await expect(busca).toHaveValue(errado);

  // The label as printed: 2, code 00042, 000350 g, its check digit.
  await busca.fill('');
  await page.keyboard.type(label);
  await page.keyboard.press('Enter');
  const linha = page.getByRole('list', { name: 'Itens da venda' }).getByRole('listitem', { name: 'Queijo Minas' });
  await expect(linha.getByRole('status', { name: 'Quantidade de Queijo Minas' })).toHaveText('0,350 kg');
  await expect(linha).toContainText('0,350 kg × R$ 29,90/kg');
  await expect(linha).toContainText('R$ 10,47');
  await expect(page.getByText('Etiqueta de balança: 0,350 kg de Queijo Minas')).toBeVisible();
  await expect(busca).toHaveValue('');
  await expect(busca).toBeFocused();

  await page.getByRole('button', { name: 'Finalizar Venda' }).click();
  await expectToast(page, 'Total: R$ 10,47');
  await expect(page).toHaveURL(/\/vendas$/);
  expect((await (await page.request.get(`/api/produtos/${queijo.id}`)).json()).estoqueAtual).toBe(2150);
});
