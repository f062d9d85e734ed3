import { expect, test, type Page } from '@playwright/test';
import { expectToast, signedInSeller } from './support';

async function addProduct(page: Page, p: { nome: string; categoria?: string; venda: string; custo: string; estoque: string; minimo?: string }) {
  await page.getByRole('button', { name: 'Novo Produto' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Novo Produto' });
  await dialog.getByLabel('Nome do Produto').fill(p.nome);
  if (p.categoria) await dialog.getByLabel('Categoria').fill(p.categoria);
  await dialog.getByLabel('Preço de Venda').fill(p.venda);
  await dialog.getByLabel('Preço de Custo').fill(p.custo);
  await dialog.getByLabel('Estoque Atual').fill(p.estoque);
  if (p.minimo) await dialog.getByLabel('Estoque Mínimo').fill(p.minimo);
  await dialog.getByRole('button', { name: 'Criar Produto' }).click();
  await expectToast(page, 'Produto criado com sucesso!');
  await expect(dialog).toBeHidden();
}

test('a seller manages products, and lowering the stock shows the low-stock card and badge', async ({ page }, testInfo) => {
  await signedInSeller(page, testInfo);
  await page.goto('/produtos');
  await expect(page.getByText('Nenhum produto cadastrado')).toBeVisible();

  // The spec's validation messages.
  await page.getByRole('button', { name: 'Novo Produto' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Novo Produto' });
  await dialog.getByLabel('Nome do Produto').fill('Café');
  await dialog.getByLabel('Preço de Venda').fill('abc');
  await dialog.getByRole('button', { name: 'Criar Produto' }).click();
  await expectToast(page, 'Preço de venda inválido!');
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  // Something was typed: the dialog asks before throwing it away.
  await page.getByRole('alertdialog', { name: 'Descartar alterações?' }).getByRole('button', { name: 'Descartar' }).click();
  await expect(dialog).toBeHidden();

  await addProduct(page, { nome: 'Café Pilão 500g', categoria: 'Mercearia', venda: '18,90', custo: '12,50', estoque: '20' });
  await addProduct(page, { nome: 'Pão de Queijo', categoria: 'Padaria', venda: '2,50', custo: '1,00', estoque: '40', minimo: '10' });

  const list = page.getByRole('list', { name: 'Lista de produtos' });
  const cafe = list.getByRole('listitem', { name: 'Café Pilão 500g' });
  await expect(cafe).toContainText('Mercearia');
  await expect(cafe).toContainText('R$ 18,90');
  await expect(cafe).toContainText('R$ 12,50');
  await expect(cafe).toContainText('33,9%');
  await expect(cafe).toContainText('R$ 378,00');
  await expect(cafe).toContainText('Normal');

  // Cards: 2 products, none low, value 20 × 18,90 + 40 × 2,50 = 478,00.
  const card = (title: string) => page.getByRole('group', { name: title, exact: true });
  await expect(card('Total Produtos')).toContainText('2');
  await expect(card('Valor Total')).toContainText('R$ 478,00');
  await expect(card('Estoque Baixo')).toContainText('0');

  // Search by category.
  await page.getByLabel('Buscar produtos').fill('padaria');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem', { name: 'Pão de Queijo' })).toBeVisible();
  await page.getByLabel('Buscar produtos').fill('');

  // Lower the stock to the minimum: low-stock alert, badge and card.
  await cafe.getByRole('button', { name: 'Editar Café Pilão 500g' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar Produto' });
  await edit.getByLabel('Estoque Atual').fill('3');
  await edit.getByRole('button', { name: 'Salvar Alterações' }).click();
  await expectToast(page, 'Produto atualizado com sucesso!');
  await expect(cafe).toContainText('Estoque Baixo');
  await expect(card('Estoque Baixo')).toContainText('1');
  await page.getByRole('radio', { name: 'Estoque Baixo', exact: true }).click();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await page.getByRole('radio', { name: 'Todos', exact: true }).click();

  // Deactivate and delete.
  const pao = list.getByRole('listitem', { name: 'Pão de Queijo' });
  await pao.getByRole('button', { name: 'Mais ações para Pão de Queijo' }).click();
  await page.getByRole('menuitem', { name: 'Desativar produto' }).click();
  await expectToast(page, 'Produto desativado');
  await expect(list.getByRole('listitem')).toHaveCount(1);

  // The toasts stack at the bottom right, over the last row's buttons, and stay while the pointer
  // rests on them: as a person would, move the pointer off and let them go before the next click.
  await page.mouse.move(0, 0);
  await expect(page.locator('[data-sonner-toast]')).toHaveCount(0, { timeout: 15_000 });
  await cafe.getByRole('button', { name: 'Deletar Café Pilão 500g' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Deletar Produto' });
  await confirm.getByLabel('Digite o nome do produto para confirmar').fill('cafe');
  await expect(confirm.getByText('O nome digitado não confere com o nome do produto')).toBeVisible();
  await confirm.getByLabel('Digite o nome do produto para confirmar').fill('CAFÉ PILÃO 500G');
  await confirm.getByRole('button', { name: 'Deletar Produto' }).click();
  await expectToast(page, 'Produto deletado');
  await expect(page.getByText('Nenhum produto cadastrado')).toBeVisible();
});
