import { expect, test, type Page } from '@playwright/test';
import { addSaleItem, alturaDeToque, createAsApp, expectToast, signedInSeller } from './support';

/**
 * Loose lines ("Avulso", issue 35 part 2): "R$ 12,50 de pão e leite, põe na minha conta". At the
 * counter beside products (F8 or its button), and as "Venda rápida" from a customer's card; at a
 * desktop's width and at a phone's.
 */

const TAMANHOS = [
  { nome: 'desktop', width: 1280, height: 800 },
  { nome: 'phone', width: 390, height: 844 },
] as const;

async function saldoDe(page: Page, id: string): Promise<number> {
  const response = await page.request.get(`/api/clientes/${id}`);
  return (await response.json()).saldoPendente;
}

const semRolagemLateral = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth);

for (const tamanho of TAMANHOS) {
  test.describe(`at ${tamanho.nome} width`, () => {
    test.use({ viewport: { width: tamanho.width, height: tamanho.height } });

    test('a fiado sale of two products and an "Avulso R$ 5,00" line added with F8, then its receipt', async ({ page }, testInfo) => {
      // A browser without BarcodeDetector, whatever the platform the journey runs on.
      await page.addInitScript(() => Reflect.deleteProperty(window, 'BarcodeDetector'));
      await signedInSeller(page, testInfo);
      const leite = await createAsApp(page, '/api/produtos', { nome: 'Leite Integral 1L', precoVenda: 550, precoCusto: 400, estoqueAtual: 12, estoqueMinimo: 2, codigoBarras: '7891000100103' });
      await createAsApp(page, '/api/produtos', { nome: 'Arroz 5kg', precoVenda: 2500, precoCusto: 1800, estoqueAtual: 20, estoqueMinimo: 2 });
      const rosa = await createAsApp(page, '/api/clientes', { nome: 'Rosa Avulso', telefone: '11987654321', limiteCredito: 100_000 });

      await page.goto('/vendas/nova');
      const busca = page.getByRole('combobox', { name: 'Buscar produto' });
      await expect(busca).toBeFocused();
      await page.keyboard.type('7891000100103');
      await page.keyboard.press('Enter');
      await expect(page.getByRole('status', { name: 'Quantidade de Leite Integral 1L' })).toHaveText('1');
      await addSaleItem(page, /^Arroz 5kg/, '2');
      await expect(page.getByRole('status', { name: 'Quantidade de Arroz 5kg' })).toHaveText('2');

      // F8: the loose amount's form; the line goes in and the focus comes back to the search.
      const botao = page.getByRole('button', { name: 'Avulso' });
      await expect(botao).toHaveAttribute('aria-keyshortcuts', 'F8');
      if (tamanho.nome === 'phone') expect(await alturaDeToque(botao)).toBeGreaterThanOrEqual(44);
      await page.keyboard.press('F8');
      const dialogo = page.getByRole('dialog', { name: 'Valor avulso' });
      await dialogo.getByLabel('Descrição (opcional)').fill('pão e leite');
      // Not money: said, and nothing added.
      await dialogo.getByLabel('Valor', { exact: true }).fill('1e3');
      await dialogo.getByRole('button', { name: 'Adicionar à venda' }).click();
      await expect(dialogo.getByRole('alert')).toHaveText('Informe um valor maior que zero, como 12,50. Nada foi adicionado.');
      await dialogo.getByLabel('Valor', { exact: true }).fill('5,00');
      await expect(dialogo.getByText('= R$ 5,00')).toBeVisible();
      await dialogo.getByRole('button', { name: 'Adicionar à venda' }).click();
      await expect(dialogo).toBeHidden();
      const itens = page.getByRole('list', { name: 'Itens da venda' });
      await expect(itens.getByRole('listitem')).toHaveCount(3);
      await expect(itens.getByRole('listitem', { name: 'Avulso — pão e leite' })).toContainText('R$ 5,00');
      await expect(busca).toBeFocused();
      expect(await semRolagemLateral(page)).toBe(true);

      // F4 for the customer, F2 to finish.
      await page.keyboard.press('F4');
      await page.getByRole('combobox', { name: 'Buscar cliente' }).fill('rosa');
      await page.getByRole('listbox', { name: 'Clientes encontrados' }).getByRole('option', { name: /Rosa Avulso/ }).click();
      const resumo = page.getByRole('region', { name: 'Resumo da venda' });
      await expect(resumo).toContainText('Rosa Avulso');
      await expect(resumo).toContainText('R$ 60,50');
      await page.keyboard.press('F2');
      await expectToast(page, 'Total: R$ 60,50');
      await expect(page).toHaveURL(/\/vendas$/);
      expect(await saldoDe(page, rosa.id)).toBe(6050);
      expect((await (await page.request.get(`/api/produtos/${leite.id}`)).json()).estoqueAtual).toBe(11);

      // The receipt reads the loose line as "Avulso — pão e leite" and its value, no "× price".
      await page.getByRole('button', { name: /^Detalhes da venda/ }).first().click();
      const recibo = page.getByRole('dialog', { name: /^Venda V/ });
      const linha = recibo.getByRole('row', { name: /Avulso — pão e leite/ });
      await expect(linha).toContainText('R$ 5,00');
      await expect(linha).not.toContainText('×');
      await expect(recibo.getByRole('row', { name: /Arroz 5kg/ })).toContainText('R$ 50,00');
      await expect(recibo).toContainText('R$ 60,50');
      expect(await semRolagemLateral(page)).toBe(true);
    });

    test('"Venda rápida" from the customer\'s card puts a loose amount on their account', async ({ page }, testInfo) => {
      await signedInSeller(page, testInfo);
      // A shop with no products can sell on credit too.
      const joana = await createAsApp(page, '/api/clientes', { nome: 'Joana Rápida', telefone: '11987654322', limiteCredito: 100_000 });

      await page.goto('/clientes');
      const row = page.getByRole('listitem', { name: 'Joana Rápida' });
      await expect(row).toContainText('R$ 0,00');
      await row.getByRole('button', { name: 'Mais ações para Joana Rápida' }).click();
      await page.getByRole('menuitem', { name: 'Venda rápida' }).click();
      const dialogo = page.getByRole('dialog', { name: 'Venda rápida' });
      await dialogo.getByLabel('Valor', { exact: true }).fill('12,50');
      await dialogo.getByLabel('Observação (opcional)').fill('pão e leite');
      const registrar = dialogo.getByRole('button', { name: 'Registrar venda' });
      if (tamanho.nome === 'phone') expect(await alturaDeToque(registrar)).toBeGreaterThanOrEqual(44);
      expect(await semRolagemLateral(page)).toBe(true);
      await registrar.click();
      await expectToast(page, 'Venda registrada com sucesso!');
      await expectToast(page, 'R$ 12,50 fiado para Joana Rápida.');
      await expect(dialogo).toBeHidden();
      // The balance on the card follows.
      await expect(row).toContainText('Devedor');
      await expect(row).toContainText('R$ 12,50');
      expect(await saldoDe(page, joana.id)).toBe(1250);

      // The sale is in the list, with its loose line.
      await page.goto('/vendas');
      await page.getByRole('button', { name: /^Detalhes da venda/ }).first().click();
      const recibo = page.getByRole('dialog', { name: /^Venda V/ });
      await expect(recibo.getByRole('row', { name: /Avulso — pão e leite/ })).toContainText('R$ 12,50');
    });
  });
}
