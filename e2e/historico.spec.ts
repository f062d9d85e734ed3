import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { createAsApp, expectToast, signedInSeller } from './support';

// Each journey signs up and works through the real server; give a busy machine room.
test.describe.configure({ timeout: 300_000 });

/** axe-core's WCAG 2.1 A/AA rules and best practices, as e2e/a11y.spec.ts runs them on every page. */
async function expectAccessible(page: Page, where: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice']).setLegacyMode().analyze();
  const failing = violations
    .filter((v) => ['moderate', 'serious', 'critical'].includes(v.impact ?? ''))
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(' ')).join('\n    ')}`);
  expect(failing, where).toEqual([]);
}

test('the history says who cancelled a sale and why, and shows a customer\'s limit before → after; it fits a phone', async ({ page }, testInfo) => {
  const seller = await signedInSeller(page, testInfo);
  const cliente = await createAsApp(page, '/api/clientes', { nome: 'Joana Histórico', telefone: '11987654321', limiteCredito: 10_000 });
  const produto = await createAsApp(page, '/api/produtos', { nome: 'Café 500g', precoVenda: 1890, precoCusto: 1200, estoqueAtual: 50, estoqueMinimo: 2 });

  // The limit, changed on the customer's form.
  await page.goto('/clientes');
  const row = page.getByRole('list', { name: 'Lista de clientes' }).getByRole('listitem', { name: 'Joana Histórico' });
  await row.getByRole('button', { name: 'Editar Joana Histórico' }).click();
  const edit = page.getByRole('dialog', { name: 'Editar Cliente' });
  await edit.getByLabel('Limite de Crédito').fill('250,00');
  await edit.getByRole('button', { name: 'Salvar Alterações' }).click();
  await expectToast(page, 'Cliente atualizado com sucesso!');

  // A fiado sale, cancelled on /vendas with its reason.
  const venda = await createAsApp(page, '/api/vendas', { formaPagamento: 'fiado', clienteId: cliente.id, itens: [{ produtoId: produto.id, quantidade: 2 }] });
  await page.goto(`/vendas?busca=${venda.numeroVenda}`);
  const vendaRow = page.getByRole('list', { name: 'Lista de vendas' }).getByRole('listitem', { name: venda.numeroVenda });
  await vendaRow.getByRole('button', { name: `Cancelar venda ${venda.numeroVenda}` }).click();
  const cancelar = page.getByRole('alertdialog', { name: `Cancelar a venda ${venda.numeroVenda}?` });
  // Without a reason nothing is cancelled.
  await cancelar.getByRole('button', { name: 'Cancelar Venda' }).click();
  await expect(cancelar.getByRole('alert')).toHaveText('Informe o motivo do cancelamento (ao menos 3 letras).');
  await cancelar.getByLabel('Motivo do cancelamento').fill('Cliente devolveu o café');
  await cancelar.getByRole('button', { name: 'Cancelar Venda' }).click();
  await expectToast(page, 'Venda cancelada');
  await expect(vendaRow).toContainText('Cancelado');

  // Histórico, from the menu: newest first, in words, with the person and the reason.
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Histórico' }).click();
  await expect(page).toHaveURL(/\/historico$/);
  const lista = page.getByRole('list', { name: 'Mudanças da loja' });
  const cancelada = lista.getByRole('listitem', { name: 'Venda cancelada' });
  await expect(cancelada).toContainText(seller.nome);
  await expect(cancelada).toContainText('Motivo: Cliente devolveu o café');
  await expect(cancelada).toContainText('Total R$ 37,80 · Fiado · Joana Histórico');
  await expect(cancelada).toContainText('Situação: Pendente → Cancelado');
  await expect(cancelada.getByRole('link', { name: `Venda ${venda.numeroVenda}` })).toHaveAttribute('href', `/vendas?busca=${venda.numeroVenda}`);
  await expect(lista.getByRole('listitem', { name: 'Venda registrada' })).toBeVisible();

  // Only the cancellations.
  await page.getByLabel('Tipo').selectOption({ label: 'Cancelamentos' });
  await expect(page).toHaveURL(/grupo=cancelamentos/);
  await expect(lista.getByRole('heading', { level: 2 })).toHaveText(['Venda cancelada']);

  // The customer's own history, from their statement.
  await page.goto('/clientes');
  await row.getByRole('button', { name: 'Mais ações para Joana Histórico' }).click();
  await page.getByRole('menuitem', { name: 'Extrato' }).click();
  await page.getByRole('dialog', { name: 'Extrato de Joana Histórico' }).getByRole('link', { name: 'Histórico do cliente' }).click();
  await expect(page).toHaveURL(new RegExp(`/historico\\?clienteId=${cliente.id}$`));
  await expect(page.getByText('Somente: Joana Histórico')).toBeVisible();
  await expect(lista.getByRole('heading', { level: 2 })).toHaveText(['Venda cancelada', 'Venda registrada', 'Cliente alterado', 'Cliente cadastrado']);
  await expect(lista.getByRole('listitem', { name: 'Cliente alterado' })).toContainText('Limite de crédito: R$ 100,00 → R$ 250,00');
  await expectAccessible(page, 'the customer\'s history at desktop size');

  // On a phone: nothing wider than the screen, the filters one under the other, every control a fingertip wide.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/historico');
  await expect(lista.getByRole('listitem').first()).toBeVisible();
  const largura = await page.evaluate(() => ({ pagina: document.documentElement.scrollWidth, tela: document.documentElement.clientWidth }));
  expect(largura.pagina).toBeLessThanOrEqual(largura.tela);
  const pessoa = await page.getByLabel('Pessoa').boundingBox();
  const tipo = await page.getByLabel('Tipo').boundingBox();
  expect(tipo!.y).toBeGreaterThanOrEqual(pessoa!.y + pessoa!.height);
  const pequenos = await page.getByRole('main').evaluate((main) =>
    [...main.querySelectorAll('button, select, input, a')]
      .filter((el) => (el as HTMLElement).offsetParent !== null)
      .filter((el) => el.getBoundingClientRect().height < 43.5)
      .map((el) => `${el.tagName} ${el.textContent?.trim() ?? ''} ${Math.round(el.getBoundingClientRect().height)}`),
  );
  expect(pequenos).toEqual([]);
  await expectAccessible(page, 'the history on a phone');
});
