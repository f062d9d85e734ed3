import { expect, test } from '@playwright/test';
import { addSaleItem, createAsApp, expectToast, latestMailTo, logIn, postAsApp, signedInSeller } from './support';

// Two people, each through the real server and the real screens: give a busy machine room.
test.describe.configure({ timeout: 300_000 });

test('the owner invites a cashier by e-mail; the cashier sells fiado within the limit, is refused past it and a cancellation; the owner sees it all in Histórico', async ({
  page,
  browser,
}, testInfo) => {
  const dono = await signedInSeller(page, testInfo);
  await createAsApp(page, '/api/clientes', { nome: 'Joana Equipe', telefone: '11987654321', limiteCredito: 10_000 });
  await createAsApp(page, '/api/produtos', { nome: 'Café Equipe', precoVenda: 2_000, precoCusto: 1_200, estoqueAtual: 50, estoqueMinimo: 1 });

  // Equipe, from the menu: invite Ana as a cashier.
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Equipe' }).click();
  await expect(page).toHaveURL(/\/equipe$/);
  await page.getByRole('button', { name: 'Convidar por e-mail' }).first().click();
  const convite = page.getByRole('dialog', { name: 'Convidar por e-mail' });
  const email = `ana.${Date.now().toString(36)}${testInfo.workerIndex}@example.com`;
  await convite.getByLabel('Nome').fill('Ana Caixa');
  await convite.getByLabel('E-mail').fill(email);
  await convite.getByLabel('Função').selectOption({ label: 'Caixa' });
  await convite.getByRole('button', { name: 'Enviar convite' }).click();
  // The link is shown too, to send another way (WhatsApp); it is the e-mail's.
  const link = page.getByRole('dialog', { name: 'Convite de Ana Caixa' });
  const mail = await latestMailTo(testInfo, email);
  expect(mail.subject).toBe(`Convite para a equipe de ${dono.loja} na Caderneta`);
  await expect(link.getByLabel('Link do convite')).toHaveValue(mail.link!);
  await link.getByRole('button', { name: 'Fechar' }).first().click();
  const pessoas = page.getByRole('list', { name: 'Pessoas da loja' });
  await expect(pessoas.getByRole('listitem').filter({ hasText: 'Ana Caixa' })).toContainText('Convite enviado');

  // Ana opens the link in the e-mail (her own browser), sets her password, and signs in.
  const ana = await (await browser.newContext({ baseURL: new URL(page.url()).origin })).newPage();
  await ana.goto(new URL(mail.link!).pathname);
  await expect(ana.getByRole('heading', { name: `Convite para a equipe de ${dono.loja}` })).toBeVisible();
  await ana.getByLabel('Senha', { exact: true }).fill('caixa1234');
  await ana.getByLabel('Confirmar senha').fill('caixa1234');
  await ana.getByRole('button', { name: 'Criar senha e entrar' }).click();
  await expect(ana).toHaveURL(/\/auth/);
  await expect(ana.getByRole('tabpanel', { name: 'Entrar' }).getByLabel('E-mail ou usuário')).toHaveValue(email);
  await logIn(ana, { email, senha: 'caixa1234' });
  await expect(ana).toHaveURL(/\/dashboard$/);

  // A cashier's menu: the counter, not the reports, the settings, the history nor the team.
  const menu = ana.getByRole('navigation', { name: 'Menu principal' });
  await expect(menu.getByRole('link', { name: 'Nova Venda' })).toBeVisible();
  for (const fora of ['Relatórios', 'Configurações', 'Histórico', 'Equipe']) await expect(menu.getByRole('link', { name: fora })).toHaveCount(0);

  // Fiado within Joana's limit (R$ 100,00): 3 × R$ 20,00.
  const venderFiado = async (quantidade: string) => {
    await ana.goto('/vendas/nova');
    await ana.getByLabel('Forma de pagamento').selectOption({ label: 'Fiado' });
    await addSaleItem(ana, /^Café Equipe/, quantidade);
    await ana.getByRole('combobox', { name: 'Buscar cliente' }).fill('joana');
    await ana.getByRole('listbox', { name: 'Clientes encontrados' }).getByRole('option', { name: /Joana Equipe/ }).click();
    await ana.getByRole('button', { name: 'Finalizar Venda' }).click();
  };
  await venderFiado('3');
  await expectToast(ana, 'Venda registrada com sucesso!');
  await expect(ana).toHaveURL(/\/vendas$/);

  // Past the limit (R$ 60,00 + R$ 60,00 > R$ 100,00): refused, nothing sold.
  await venderFiado('3');
  const limite = ana.getByRole('alertdialog', { name: 'Venda acima do limite de crédito' });
  await expect(limite).toContainText('sua função na loja não permite vender acima do limite');
  await limite.getByRole('button', { name: 'Voltar à venda' }).click();

  // No cancel button on her sale, and the server refuses it all the same.
  await ana.goto('/vendas');
  const lista = ana.getByRole('list', { name: 'Lista de vendas' });
  const venda = lista.getByRole('listitem').filter({ hasText: 'Joana Equipe' });
  await expect(venda).toHaveCount(1);
  await expect(venda.getByRole('button', { name: /^Cancelar venda/ })).toHaveCount(0);
  const vendaId = (await (await ana.request.get('/api/vendas?pageSize=1')).json()).items[0].id as string;
  const recusa = await postAsApp(ana, `/api/vendas/${vendaId}/cancelar`, { motivo: 'Tentativa do caixa' });
  expect(recusa.status()).toBe(403);
  expect(await recusa.json()).toMatchObject({ code: 'SEM_PERMISSAO', details: { permissao: 'cancelar_venda' } });
  // A page of the owner's, typed in: said plainly, nothing shown.
  await ana.goto('/relatorios');
  await expect(ana.getByText('Sua função na loja não permite abrir esta página')).toBeVisible();

  // The owner: Ana is on the team now, and Histórico says what she did.
  await page.reload();
  await expect(pessoas.getByRole('listitem').filter({ hasText: 'Ana Caixa' })).not.toContainText('Convite');
  await page.getByRole('navigation', { name: 'Menu principal' }).getByRole('link', { name: 'Histórico' }).click();
  const historico = page.getByRole('list', { name: 'Mudanças da loja' });
  const registrada = historico.getByRole('listitem', { name: 'Venda registrada' });
  await expect(registrada).toHaveCount(1);
  await expect(registrada).toContainText('Ana Caixa');
  await expect(historico.getByRole('listitem').filter({ hasText: 'Ana Caixa' }).first()).toBeVisible();
  await ana.context().close();
});
