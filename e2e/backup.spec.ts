import { readFileSync } from 'node:fs';
import { BACKUP_VERSAO } from '@caderneta/shared/schemas/backup';
import { expect, test, type Page } from '@playwright/test';
import { createAsApp, expectToast, signedInSeller } from './support';

// Each journey signs up and works through the real server; give a busy machine room.
test.describe.configure({ timeout: 300_000 });

/** Name, badge and amounts of every customer as /clientes shows them (not the login: it may change). */
async function customersOnScreen(page: Page) {
  await page.goto('/clientes');
  const rows = page.getByRole('list', { name: 'Lista de clientes' }).getByRole('listitem');
  await expect(rows.first()).toBeVisible();
  const out: string[] = [];
  for (const row of await rows.all()) {
    const nome = await row.getByRole('heading').textContent();
    const valores = ((await row.textContent()) ?? '').match(/R\$\s?[\d.,]+/g) ?? [];
    out.push(`${nome} ${valores.join(' ')}`);
  }
  return out.sort();
}

test('export, import into a fresh account: the same customers and balances', async ({ page, browser }, testInfo) => {
  await signedInSeller(page, testInfo);
  const maria = await createAsApp(page, '/api/clientes', { nome: 'Maria das Graças', telefone: '11987654321', limiteCredito: 100_000 });
  const jose = await createAsApp(page, '/api/clientes', { nome: 'José Carlos', telefone: '11976543210', limiteCredito: 50_000 });
  const arroz = await createAsApp(page, '/api/produtos', { nome: 'Arroz 5kg', precoVenda: 2890, precoCusto: 2100, estoqueAtual: 20, estoqueMinimo: 2 });
  await createAsApp(page, '/api/vendas', { formaPagamento: 'fiado', clienteId: maria.id, itens: [{ produtoId: arroz.id, quantidade: 3 }] });
  await createAsApp(page, '/api/vendas', { formaPagamento: 'fiado', clienteId: jose.id, itens: [{ produtoId: arroz.id, quantidade: 1 }] });
  await createAsApp(page, `/api/clientes/${maria.id}/pagamentos`, { valor: 2000, metodo: 'pix' });
  const before = await customersOnScreen(page);

  await page.goto('/configuracoes?aba=sistema');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar Dados' }).click();
  const download = await downloading;
  await expectToast(page, 'Backup exportado');
  expect(download.suggestedFilename()).toMatch(/^caderneta-backup-\d{4}-\d{2}-\d{2}\.json$/);
  const file = testInfo.outputPath('backup.json');
  await download.saveAs(file);
  const json = JSON.parse(readFileSync(file, 'utf8'));
  expect(json).toMatchObject({ formato: 'caderneta-backup', versao: BACKUP_VERSAO, contagens: { clientes: 2, produtos: 1, vendas: 2 } });

  // A brand-new account on another browser restores the file.
  const fresh = await browser.newPage({ baseURL: testInfo.project.use.baseURL });
  await signedInSeller(fresh, testInfo);
  await fresh.goto('/configuracoes?aba=sistema');
  await fresh.getByLabel('Arquivo de backup').setInputFiles(file);
  const confirm = fresh.getByRole('dialog', { name: 'Restaurar este backup?' });
  await expect(confirm).toBeVisible({ timeout: 30_000 });
  await expect(confirm.getByRole('row', { name: /Clientes/ })).toContainText('2');
  await expect(confirm.getByRole('row', { name: /Vendas/ })).toContainText('2');
  await confirm.getByRole('button', { name: 'Substituir e restaurar' }).click();
  const done = fresh.getByRole('dialog', { name: 'Backup restaurado' });
  await expect(done).toBeVisible({ timeout: 60_000 });
  // The first account still holds the customers' logins: both got new ones, listed.
  await expect(done.getByText('2 clientes ganharam um novo código de acesso')).toBeVisible();
  await done.getByRole('button', { name: 'Fechar' }).first().click();

  expect(await customersOnScreen(fresh)).toEqual(before);
  await fresh.close();
});

test('a damaged file is refused with the reason, and nothing changes', async ({ page }, testInfo) => {
  await signedInSeller(page, testInfo);
  await createAsApp(page, '/api/clientes', { nome: 'Cliente Fica', telefone: '11987654321', limiteCredito: 10_000 });
  await page.goto('/configuracoes?aba=sistema');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar Dados' }).click();
  const file = testInfo.outputPath('backup.json');
  await (await downloading).saveAs(file);
  const edited = readFileSync(file, 'utf8').replace('"Cliente Fica"', '"Cliente Editado"');
  await page.getByLabel('Arquivo de backup').setInputFiles({ name: 'editado.json', mimeType: 'application/json', buffer: Buffer.from(edited) });
  const refused = page.getByRole('dialog', { name: 'Arquivo recusado' });
  await expect(refused).toBeVisible({ timeout: 30_000 });
  await expect(refused).toContainText('O arquivo foi alterado ou está corrompido');
  await expect(refused).toContainText('Nada foi alterado.');
  await refused.getByRole('button', { name: 'Fechar' }).first().click();
  await page.goto('/clientes');
  await expect(page.getByRole('list', { name: 'Lista de clientes' })).toContainText('Cliente Fica');
});
