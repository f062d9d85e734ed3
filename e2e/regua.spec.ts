import { expect, test } from '@playwright/test';
import { addDays, ehDiaDeEnvio, formatDate, JANELA_PADRAO, today } from '@caderneta/shared';
import { connectFakeWhatsapp, createAsApp, expectToast, postAsApp, runJobAt, signedInSeller } from './support';

/**
 * The régua that runs by itself (issue 38, item 3; docs/decisions/045). The shop turns it on in
 * Configurações → Mensagens; a customer who consented owes a fiado purchase due on a day V; time
 * moves (the jobs run "as if at" an instant, as an operator runs them: `npm run -s jobs -- run
 * NAME --at INSTANT`) to V − 3, V and V + 10, and the fake Cloud API receives the right reminder
 * each time. The customer disputes the purchase and the reminders stop; the shop answers and they
 * go on.
 */
test.describe.configure({ timeout: 300_000 });

/** A due day V whose steps all fall on sending days (Monday–Saturday, no national holiday). */
function vencimentoDoTeste(): string {
  let v = addDays(today(), 45);
  while (![-3, 0, 10, 31, 32].every((d) => ehDiaDeEnvio(JANELA_PADRAO, addDays(v, d)))) v = addDays(v, 1);
  return v;
}

test('the régua sends D−3, the due day and 10 days late by itself, stops for a dispute and goes on once the shop answers', async ({ page }, testInfo) => {
  await signedInSeller(page, testInfo);
  const { fake } = await connectFakeWhatsapp(page, testInfo);

  // The reminder before the due date (3 days) and the régua itself.
  const mensagens = page.locator('form').filter({ has: page.getByRole('button', { name: 'Salvar mensagens' }) });
  await mensagens.getByLabel('Lembrete antes do vencimento').check();
  await mensagens.getByRole('button', { name: 'Salvar mensagens' }).click();
  await expectToast(page, 'Configurações salvas!');
  const regua = page.locator('[data-slot="card"]').filter({ has: page.getByRole('heading', { name: 'Régua automática' }) });
  await expect(regua).toContainText('Etapas: 3 dias antes do vencimento, no dia do vencimento');
  await regua.getByRole('switch', { name: 'Enviar lembretes automaticamente' }).click();
  await regua.getByRole('button', { name: 'Salvar régua' }).click();
  await expectToast(page, 'Régua automática ligada! Os lembretes de hoje já estão na fila.');

  // A customer who consented buys on credit; the shop agrees a due date with her.
  const cliente = await createAsApp(page, '/api/clientes', { nome: 'Lúcia Prado', telefone: '(11) 95555-1234', limiteCredito: 100_000, avisos: true });
  const produto = await createAsApp(page, '/api/produtos', { nome: 'Feijão 1kg', precoVenda: 1890, precoCusto: 1200, estoqueAtual: 20, estoqueMinimo: 5 });
  await createAsApp(page, '/api/vendas', { formaPagamento: 'fiado', clienteId: cliente.id, itens: [{ produtoId: produto.id, quantidade: 1 }] });
  const v = vencimentoDoTeste();
  const combinado = await page.request.put(`/api/devedores/${cliente.id}/cobranca`, { data: { dataVencimento: v }, headers: { origin: new URL(page.url()).origin } });
  expect(combinado.status(), await combinado.text()).toBe(200);

  type Enviada = { template: string; parametros: string[] };
  const lembretes = async () =>
    ((await (await page.request.get(`${fake}/__fake/messages?to=5511955551234`)).json()) as { messages: Enviada[] }).messages.filter((m) => m.template === 'caderneta_lembrete');
  /** The day's run of the régua at 10:00 of day V + `dias`, then the sending job half a minute later. */
  const dia = async (dias: number) => {
    const d = addDays(v, dias);
    expect(await runJobAt(testInfo, 'regua', `${d}T10:00:00-03:00`)).toMatch(/regua: (\d+ run\(s\) done|nothing due)/);
    await runJobAt(testInfo, 'enviar-mensagens', `${d}T10:00:30-03:00`);
  };
  const data = formatDate(v, 'pt-BR');

  await dia(-3);
  expect((await lembretes()).map((m) => m.parametros[3])).toEqual([`vence em ${data}`]);
  const [primeiro] = await lembretes();
  expect(primeiro!.parametros.slice(0, 3)).toEqual(['Lúcia Prado', expect.stringMatching(/^Mercadinho /), 'R$ 18,90']);
  await dia(0);
  await dia(10);
  expect((await lembretes()).map((m) => m.parametros[3])).toEqual([`vence em ${data}`, `vence hoje, ${data}`, `venceu em ${data}`]);

  // The shop sees each one in her Detalhes, and the last as her card's "último lembrete".
  await page.goto(`/devedores?cliente=${cliente.id}`);
  const avisos = page.getByRole('dialog', { name: 'Detalhes de Lúcia Prado' }).getByRole('region', { name: 'Avisos automáticos' });
  await expect(avisos.getByRole('listitem').filter({ hasText: 'Lembrete firme: R$ 18,90' })).toContainText('Enviado', { timeout: 30_000 });
  await expect(avisos.getByRole('listitem').filter({ hasText: 'Lembrete antes do vencimento' })).toHaveCount(1);

  // She disputes the purchase on her page: on the 31st day late, nothing goes.
  const pagina = await (await page.request.get(`/api/portal/${cliente.login}`)).json();
  const contesta = await postAsApp(page, `/api/portal/${cliente.login}/conferencias`, { lancamentoId: pagina.pendentes[0].lancamentoId, reconhece: false, motivo: 'Não comprei feijão' });
  expect(contesta.status(), await contesta.text()).toBe(200);
  await dia(31);
  expect(await lembretes()).toHaveLength(3);

  // The shop answers with a note: the next day the formal reminder goes.
  const [contestacao] = (await (await page.request.get(`/api/clientes/${cliente.id}/contestacoes`)).json()).items;
  const resolvida = await postAsApp(page, `/api/contestacoes/${contestacao.id}/resolver`, { acao: 'respondida', resposta: 'A compra foi sua, o cupom está na loja.' });
  expect(resolvida.status(), await resolvida.text()).toBe(200);
  await dia(32);
  expect((await lembretes()).map((m) => m.parametros[3])).toEqual([`vence em ${data}`, `vence hoje, ${data}`, `venceu em ${data}`, `venceu em ${data}`]);
});
