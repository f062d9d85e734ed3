import { expect, test, type Page } from '@playwright/test';
import { expectToast, signedInSeller } from './support';

async function addCustomer(page: Page, c: { nome: string; telefone: string; endereco?: string; email?: string }) {
  await page.getByRole('button', { name: 'Novo Cliente' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Novo Cliente' });
  await dialog.getByLabel('Nome').fill(c.nome);
  await dialog.getByLabel('Telefone').fill(c.telefone);
  if (c.email) await dialog.getByLabel('E-mail').fill(c.email);
  if (c.endereco) await dialog.getByLabel('Endereço').fill(c.endereco);
  await dialog.getByRole('button', { name: 'Cadastrar Cliente' }).click();
  await expectToast(page, 'Cliente cadastrado com sucesso!');
  await expect(dialog).toBeHidden();
}

test('a seller registers, finds, edits, deactivates and deletes customers', async ({ page }, testInfo) => {
  await signedInSeller(page, testInfo);
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Clientes' }).click();
  await expect(page).toHaveURL(/\/clientes$/);
  await expect(page.getByText('Nenhum cliente cadastrado')).toBeVisible();

  // Required fields are checked before anything is sent.
  await page.getByRole('button', { name: 'Adicionar Primeiro Cliente' }).click();
  const empty = page.getByRole('dialog', { name: 'Novo Cliente' });
  await empty.getByRole('button', { name: 'Cadastrar Cliente' }).click();
  await expectToast(page, 'Nome e telefone são obrigatórios.');
  await empty.getByRole('button', { name: 'Cancelar' }).click();

  await addCustomer(page, { nome: 'José Conceição', telefone: '(11) 98765-4321', endereco: 'Rua das Flores, 10' });
  await addCustomer(page, { nome: 'Ana Paula', telefone: '21 3456-7890' });

  const list = page.getByRole('list', { name: 'Lista de clientes' });
  const jose = list.getByRole('listitem', { name: 'José Conceição' });
  await expect(jose).toContainText('(11) 98765-4321');
  await expect(jose).toContainText('Rua das Flores, 10');
  await expect(jose).toContainText(/@jose\d{5}/);
  await expect(jose).toContainText('Ativo');
  await expect(list.getByRole('listitem', { name: 'Ana Paula' })).toContainText('(21) 3456-7890');

  // Search ignores accents and case, and finds phones by digits.
  const search = page.getByLabel('Buscar clientes');
  await search.fill('conceicao');
  await expect(page.getByText('1 cliente encontrado')).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await search.fill('3456');
  await expect(list.getByRole('listitem', { name: 'Ana Paula' })).toBeVisible();
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await search.fill('');
  await expect(list.getByRole('listitem')).toHaveCount(2);

  // Edit.
  await jose.getByRole('button', { name: 'Editar José Conceição' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar Cliente' });
  await edit.getByLabel('Endereço').fill('Avenida Brasil, 500');
  await edit.getByRole('button', { name: 'Salvar Alterações' }).click();
  await expectToast(page, 'Cliente atualizado com sucesso!');
  await expect(jose).toContainText('Avenida Brasil, 500');

  // Deactivate: leaves the active list, shows under "Inativos", and comes back.
  await list.getByRole('listitem', { name: 'Ana Paula' }).getByRole('button', { name: 'Mais ações para Ana Paula' }).click();
  await page.getByRole('menuitem', { name: 'Desativar cliente' }).click();
  // It asks first, saying what the customer loses and what is kept.
  const desativar = page.getByRole('alertdialog', { name: 'Desativar Ana Paula?' });
  await expect(desativar).toContainText('As vendas e o saldo ficam guardados');
  await desativar.getByRole('button', { name: 'Desativar cliente' }).click();
  await expectToast(page, 'Cliente desativado');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await page.getByRole('radio', { name: 'Inativos', exact: true }).click();
  await expect(list.getByRole('listitem', { name: 'Ana Paula' })).toBeVisible();
  await list.getByRole('listitem', { name: 'Ana Paula' }).getByRole('button', { name: 'Mais ações para Ana Paula' }).click();
  await page.getByRole('menuitem', { name: 'Reativar cliente' }).click();
  await expectToast(page, 'Cliente reativado');
  await page.getByRole('radio', { name: 'Ativos', exact: true }).click();
  await expect(list.getByRole('listitem')).toHaveCount(2);

  // Delete needs the name typed (case and spaces do not matter).
  await jose.getByRole('button', { name: 'Deletar José Conceição' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Deletar Cliente' });
  const button = confirm.getByRole('button', { name: 'Deletar Cliente' });
  await confirm.getByLabel('Digite o nome do cliente para confirmar').fill('José');
  await expect(confirm.getByText('O nome digitado não confere com o nome do cliente')).toBeVisible();
  await expect(button).toBeDisabled();
  await confirm.getByLabel('Digite o nome do cliente para confirmar').fill('  josé conceição ');
  await expect(button).toBeEnabled();
  await button.click();
  await expectToast(page, 'José Conceição foi removido permanentemente.');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(page.getByText('Total de Clientes')).toBeVisible();
});

test('regenerating a login replaces the customer handle', async ({ page }, testInfo) => {
  await signedInSeller(page, testInfo);
  await page.goto('/clientes');
  await addCustomer(page, { nome: 'Carla Dias', telefone: '11912345678' });
  const row = page.getByRole('listitem', { name: 'Carla Dias' });
  const before = (await row.textContent())!.match(/@carla\d{5}/)![0];
  await row.getByRole('button', { name: 'Mais ações para Carla Dias' }).click();
  await page.getByRole('menuitem', { name: 'Gerar novo login' }).click();
  await page.getByRole('button', { name: 'Gerar Novo Login' }).click();
  await expectToast(page, 'Novo login gerado');
  await expect(row).toContainText(/@carla\d{5}/);
  await expect(row).not.toContainText(before);
});

test('on a phone, a tap outside "Novo Cliente" with a name typed asks before throwing it away; the seller keeps editing and saves', async ({ page }, testInfo) => {
  await signedInSeller(page, testInfo);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/clientes');
  await page.getByRole('button', { name: 'Novo Cliente' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Novo Cliente' });
  await dialog.getByLabel('Nome').fill('Rosa Fiado');

  // A slip of the thumb on the dimmed page beside the dialog.
  const box = (await dialog.boundingBox())!;
  await page.mouse.click(4, box.y + box.height / 2);
  const pergunta = page.getByRole('alertdialog', { name: 'Descartar alterações?' });
  await expect(pergunta).toBeVisible();
  await expect(pergunta.getByRole('button', { name: 'Continuar editando' })).toBeFocused();
  await pergunta.getByRole('button', { name: 'Continuar editando' }).click();
  await expect(pergunta).toBeHidden();
  await expect(dialog.getByLabel('Nome')).toHaveValue('Rosa Fiado');

  await dialog.getByLabel('Telefone').fill('11987654321');
  await dialog.getByRole('button', { name: 'Cadastrar Cliente' }).click();
  await expectToast(page, 'Cliente cadastrado com sucesso!');
  await expect(dialog).toBeHidden();
  await expect(pergunta).toBeHidden();
  await expect(page.getByRole('listitem', { name: 'Rosa Fiado' })).toBeVisible();
});
