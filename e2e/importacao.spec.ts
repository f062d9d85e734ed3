import ExcelJS from 'exceljs';
import { expect, test, type Page } from '@playwright/test';
import { expectToast, signedInSeller } from './support';

// Each journey signs up and works through the real server; give a busy machine room.
test.describe.configure({ timeout: 300_000 });

/** A shop's paper caderneta passed to a spreadsheet: 300 customers, 5 of them written wrong. */
async function caderneta(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('Fiado');
  // "Pendura" (slang for what a customer owes) is no name the import knows: the owner says what it is.
  sheet.addRow(['Nome', 'Celular', 'E-mail', 'Pendura', 'Data do saldo']);
  for (let i = 1; i <= 300; i++) {
    const numero = String(i).padStart(3, '0');
    sheet.addRow([`Cliente ${numero}`, `(11) 9${String(8000_0000 + i).slice(0, 4)}-${String(8000_0000 + i).slice(4)}`, i % 10 === 0 ? `cliente${i}@example.com` : null, 10 + i / 2, '10/01/2026']);
  }
  // Row 11 (Cliente 010): no phone one can call; row 21: an amount nobody can read; row 31: the
  // phone of row 2 again; row 41: a day February does not have; row 51: no name.
  sheet.getCell('B11').value = '12345';
  sheet.getCell('D21').value = 'dez reais';
  sheet.getCell('B31').value = sheet.getCell('B2').value;
  sheet.getCell('E41').value = '31/02/2026';
  sheet.getCell('A51').value = null;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** Nothing wider than the phone: no sideways scrolling. */
const cabeNoTelefone = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

test('the owner imports a 300-row XLSX with 5 bad rows on a phone, fixes a column, confirms, and finds the debtors with their opening balances', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signedInSeller(page, testInfo);
  await page.goto('/clientes');
  await page.getByRole('link', { name: 'Importar clientes' }).click();
  await expect(page).toHaveURL(/\/importar\/clientes$/);
  await expect(page.getByRole('heading', { name: 'Importar clientes', level: 1 })).toBeVisible();

  await page.getByLabel('Arquivo da planilha').setInputFiles({ name: 'caderneta.xlsx', mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', buffer: await caderneta() });

  // The columns: names, phones, e-mails and the date are recognised; "Pendura" is the owner's to say.
  await expect(page.getByLabel('O que a coluna “Nome” tem')).toHaveValue('nome');
  await expect(page.getByLabel('O que a coluna “Celular” tem')).toHaveValue('telefone');
  const pendura = page.getByLabel('O que a coluna “Pendura” tem');
  await expect(pendura).toHaveValue('');
  expect(await cabeNoTelefone(page)).toBe(true);
  await pendura.selectOption({ label: 'Saldo devedor inicial' });
  await page.getByRole('button', { name: 'Conferir as linhas' }).click();

  // The preview: 295 ready, 5 with problems, each said in words.
  const contagens = page.getByRole('list', { name: 'Resumo das linhas' });
  await expect(contagens).toContainText('295 prontas para importar');
  await expect(contagens).toContainText('5 com problemas');
  await page.getByLabel('Só linhas com problemas').check();
  const linhas = page.getByRole('list', { name: 'Linhas do arquivo' });
  await expect(linhas.getByRole('listitem', { name: /^Linha \d+$/ })).toHaveCount(5);
  await expect(linhas.getByRole('listitem', { name: 'Linha 11' })).toContainText('número inválido');
  await expect(linhas.getByRole('listitem', { name: 'Linha 21' })).toContainText('valor não reconhecido');
  await expect(linhas.getByRole('listitem', { name: 'Linha 31' })).toContainText('Duplicado da linha 2');
  await expect(linhas.getByRole('listitem', { name: 'Linha 41' })).toContainText('data não reconhecida');
  await expect(linhas.getByRole('listitem', { name: 'Linha 51' })).toContainText('obrigatório');
  expect(await cabeNoTelefone(page)).toBe(true);

  await page.getByRole('button', { name: 'Importar 295 clientes' }).click();
  const confirmar = page.getByRole('alertdialog', { name: 'Importar clientes?' });
  await expect(confirmar).toContainText('295 clientes novos');
  await confirmar.getByRole('button', { name: 'Importar', exact: true }).click();
  await expectToast(page, 'Importação concluída');

  // Devedores: the imported customers owe what the notebook said — 295 of them, the largest debt first.
  await page.getByRole('link', { name: 'Ver devedores' }).click();
  await expect(page).toHaveURL(/\/devedores$/);
  await expect(page.getByRole('region', { name: 'Devedores' }).getByRole('group', { name: 'Total Devedores' })).toContainText('295');
  await page.getByLabel('Ordenar').selectOption({ label: 'Maior Dívida' });
  const maior = page.getByRole('list', { name: 'Lista de devedores' }).getByRole('listitem').first();
  await expect(maior).toHaveAccessibleName('Cliente 300');
  await expect(maior).toContainText('R$ 160,00');

  // A customer's statement says where the debt came from.
  const busca = await (await page.request.get('/api/clientes?busca=Cliente%20007')).json();
  await page.goto(`/extratos/${busca.items[0].id}`);
  const extrato = page.getByRole('article', { name: 'Extrato de Cliente 007' });
  await expect(extrato).toContainText('Ajuste — Saldo anterior (caderneta)');
  await expect(extrato).toContainText('Deve R$ 13,50');
});
