import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectToast, postAsApp, signedInSeller } from './support';

/**
 * Issue 33, item 1, on a phone (390 px): every screen says the same about who is late
 * (docs/decisions/027-one-meaning-of-overdue.md).
 *
 * The shop: Antônia owes R$ 120,00 from the paper notebook, entered today as "Saldo anterior do
 * caderno" (an opening balance: a debit adjustment, no sale); Severino bought Feijão fiado
 * (R$ 8,90); José bought 2 Arroz fiado (R$ 51,80) and agreed to pay in 10 days. The seller sets one
 * due date for every debt, 35 days ago. Antônia and Severino are then 35 days late (R$ 128,90);
 * José is not, his agreed date wins. Devedores, the dashboard's card, Relatórios (Inadimplência,
 * Vencido, the ageing) and each customer's own page all say so.
 */

test.describe.configure({ timeout: 180_000 });

async function post(page: Page, url: string, data?: unknown) {
  const response = await postAsApp(page, url, data);
  expect(response.ok(), `${url}: ${await response.text()}`).toBe(true);
  return response.json();
}

/** "YYYY-MM-DD" in São Paulo `days` from now, and as the page shows it. */
function diaSP(days: number): { iso: string; br: string } {
  const iso = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date(Date.now() + days * 86_400_000));
  const [y, m, d] = iso.split('-');
  return { iso, br: `${d}/${m}/${y}` };
}

const cartao = (page: Page, nome: string) => page.getByRole('list', { name: 'Lista de devedores' }).getByRole('listitem', { name: nome });
const campo = (card: Locator, termo: string) => card.locator('dt', { hasText: termo }).locator('xpath=following-sibling::dd[1]');
const figura = (page: Page, name: string) => page.getByRole('group', { name, exact: true });

test('Devedores, the dashboard, Relatórios and the customer page agree about who is late, an opening balance and an agreed date included', async ({ page }, testInfo) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signedInSeller(page, testInfo);

  const antonia = await post(page, '/api/clientes', { nome: 'Antônia Ferreira', telefone: '(81) 98765-0011', limiteCredito: 100_000 });
  const severino = await post(page, '/api/clientes', { nome: 'Severino Ramos', telefone: '(81) 98765-0012', limiteCredito: 100_000 });
  const jose = await post(page, '/api/clientes', { nome: 'José Conceição', telefone: '(81) 98765-0013', limiteCredito: 100_000 });
  const arroz = await post(page, '/api/produtos', { nome: 'Arroz Tipo 1 5kg', precoVenda: 2590, precoCusto: 1800, estoqueAtual: 50, estoqueMinimo: 5 });
  const feijao = await post(page, '/api/produtos', { nome: 'Feijão Carioca 1kg', precoVenda: 890, precoCusto: 600, estoqueAtual: 40, estoqueMinimo: 5 });
  await post(page, `/api/clientes/${antonia.id}/ajustes`, { tipo: 'debito', valor: 12_000, motivo: 'Saldo anterior do caderno' });
  await post(page, '/api/vendas', { formaPagamento: 'fiado', clienteId: severino.id, itens: [{ produtoId: feijao.id, quantidade: 1 }] });
  await post(page, '/api/vendas', { formaPagamento: 'fiado', clienteId: jose.id, itens: [{ produtoId: arroz.id, quantidade: 2 }] });
  const acordo = diaSP(10);
  const combinado = await page.request.put(`/api/devedores/${jose.id}/cobranca`, {
    data: { dataVencimento: acordo.iso, observacoes: 'Paga quando receber' },
    headers: { origin: new URL(page.url()).origin },
  });
  expect(combinado.status(), await combinado.text()).toBe(200);

  // Devedores: the seller makes every debt due 35 days ago.
  const vencimento = diaSP(-35);
  await page.goto('/devedores');
  await page.getByRole('button', { name: 'Configurar Vencimento' }).click();
  const dialog = page.getByRole('dialog', { name: 'Configurar Vencimento' });
  await dialog.getByLabel(/Data fixa para todos/).check();
  await dialog.getByLabel('Data de vencimento').fill(vencimento.br);
  await dialog.getByRole('button', { name: 'Salvar' }).click();
  await expectToast(page, 'Configuração salva!');

  const stat = (titulo: string) => page.getByRole('region', { name: 'Devedores' }).getByRole('group', { name: titulo });
  await expect(stat('Total Devedores')).toContainText('3');
  await expect(stat('Dívidas Vencidas')).toContainText('2');
  await expect(stat('Casos Críticos')).toContainText('2');
  // The opening balance is a debt like a sale: late by the rule, since the day it was entered.
  const cardAntonia = cartao(page, 'Antônia Ferreira');
  await expect(cardAntonia.getByText('35 dias de atraso')).toBeVisible();
  await expect(cardAntonia.getByText('CRÍTICO', { exact: true })).toBeVisible();
  await expect(campo(cardAntonia, 'Vencimento')).toHaveText(`${vencimento.br} (VENCIDO)`);
  await expect(campo(cardAntonia, 'Em aberto desde')).toHaveText(diaSP(0).br);
  await expect(cartao(page, 'Severino Ramos').getByText('35 dias de atraso')).toBeVisible();
  // José's agreed date wins over the shop's rule.
  const cardJose = cartao(page, 'José Conceição');
  await expect(cardJose.getByText('No prazo')).toBeVisible();
  await expect(campo(cardJose, 'Vencimento')).toHaveText(`${acordo.br} · data combinada`);

  // The dashboard's debtors card.
  await page.goto('/dashboard');
  const devedores = page.getByRole('region', { name: 'Devedores' });
  await expect(devedores.getByText('3 clientes com saldo pendente')).toBeVisible();
  await expect(devedores.getByText('Total a receber: R$ 180,70')).toBeVisible();
  await expect(devedores.getByText('Vencido: R$ 128,90 de 2 clientes')).toBeVisible();

  // Relatórios → Resumo: Inadimplência is today's overdue share of what is owed, 128,90 ÷ 180,70.
  await page.goto('/relatorios');
  const inadimplencia = figura(page, 'Inadimplência');
  await expect(inadimplencia.getByText('71,3%', { exact: true })).toBeVisible();
  await expect(inadimplencia).toContainText('R$ 128,90 vencidos de R$ 180,70 a receber; R$ 51,80 ainda a vencer.');
  await expect(inadimplencia).toContainText(`Hoje, ${diaSP(0).br}`);

  // Relatórios → Financeiro: Vencido and the ageing, customer by customer.
  await page.getByRole('tab', { name: 'Financeiro' }).click();
  await expect(page).toHaveURL(/aba=financeiro/);
  await expect(figura(page, 'Vencido')).toContainText('R$ 128,90');
  await expect(figura(page, 'A Receber')).toContainText('R$ 180,70');
  const atraso = page.getByRole('region', { name: 'A receber por dias de atraso' });
  await expect(atraso).toContainText(`Pela regra da loja, todas as contas vencem em ${vencimento.br}. Uma data combinada com o cliente vale no lugar da regra`);
  await atraso.getByText('Ver dados em tabela').click();
  await expect(atraso.getByRole('row', { name: /Mais de 30 dias/ })).toContainText('R$ 128,90');
  await expect(atraso.getByRole('row', { name: /Mais de 30 dias/ })).toContainText('2');
  await expect(atraso.getByRole('row', { name: /A vencer/ })).toContainText('R$ 51,80');
  await expect(page.getByText('Nenhum cliente devendo.')).toHaveCount(0);

  // Each customer's own page says the same.
  await page.goto(`/cliente/${antonia.login}`);
  await expect(page.getByRole('heading', { name: /^Olá, Antônia/ })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(`Venceu em ${vencimento.br}: 35 dias de atraso.`)).toBeVisible();
  await page.goto(`/cliente/${jose.login}`);
  await expect(page.getByRole('heading', { name: /^Olá, José/ })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(`Vence em ${acordo.br}.`)).toBeVisible();
  // Nothing sideways on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
