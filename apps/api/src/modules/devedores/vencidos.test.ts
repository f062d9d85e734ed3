import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Notificacao, NotificacoesPage } from '@caderneta/shared';
import { buildTestApp, createSeller, type SellerSession, type TestApp } from '../../../test/app';
import { testClock } from '../../../test/clock';
import { insertCliente, insertProduto } from '../../../test/fixtures';
import { withSeller } from '../../db/client';
import { notificarClientesVencidos } from './vencidos.service';

/*
 * The daily job "clientes-vencidos": customers whose due date (the debtors' rule) passed since the
 * last run are announced once, as 'devedor' notifications with the days overdue.
 */

const clock = testClock('2026-03-05T10:00:00-03:00');
const manha = (dia: string) => `${dia}T10:00:00-03:00`;

let t: TestApp;
let loja: SellerSession;
let vizinha: SellerSession;
let semAviso: SellerSession;
const ids: Record<string, string> = {};

async function fiado(s: SellerSession, nome: string, valor: number, quando: string) {
  const cliente = await insertCliente(t, s.id, { nome, telefone: '81987654321', limiteCredito: 1_000_000 });
  const produto = await insertProduto(t, s.id, { precoVenda: valor, estoqueAtual: 10 });
  const voltar = clock.now();
  clock.set(quando);
  const response = await s.request({ method: 'POST', url: '/api/vendas', payload: { formaPagamento: 'fiado', clienteId: cliente.id, itens: [{ produtoId: produto.id, quantidade: 1 }] } });
  expect(response.statusCode, response.body).toBe(201);
  clock.set(voltar);
  ids[nome] = cliente.id;
}

async function preparar(s: SellerSession, devedor: boolean | null) {
  const regra = await s.request({ method: 'PUT', url: '/api/cobranca/regra', payload: { tipo: 'dias_fixos', diasPrazo: 10 } });
  expect(regra.statusCode, regra.body).toBe(200);
  if (devedor !== null) {
    const prefs = await s.request({ method: 'PUT', url: '/api/configuracoes/notificacoes', payload: { venda: true, pagamento: true, estoque_baixo: true, devedor } });
    expect(prefs.statusCode, prefs.body).toBe(200);
  }
}

/** The overdue notifications of a seller (those of the daily job carry the due date). */
async function vencidos(s: SellerSession): Promise<Notificacao[]> {
  const response = await s.request({ method: 'GET', url: '/api/notificacoes?pageSize=100' });
  expect(response.statusCode).toBe(200);
  return (response.json() as NotificacoesPage).items.filter((n) => n.tipo === 'devedor' && n.params.vencimento !== undefined);
}

async function rodarEm(dia: string) {
  clock.set(manha(dia));
  const summary = await t.app.jobs.runDue();
  expect(summary.failed['clientes-vencidos'] ?? 0).toBe(0);
  return summary;
}

beforeAll(async () => {
  t = await buildTestApp({ clock });
  loja = await createSeller(t);
  vizinha = await createSeller(t);
  semAviso = await createSeller(t);
  await preparar(loja, true);
  await preparar(vizinha, true);
  // The preference's default: off.
  await preparar(semAviso, null);
  await fiado(loja, 'Vence dia 9', 1000, '2026-02-27T12:00:00-03:00'); // due 9 March
  await fiado(loja, 'Vence dia 11', 2500, '2026-03-01T12:00:00-03:00'); // due 11 March
  await fiado(loja, 'Vence dia 13', 4000, '2026-03-03T12:00:00-03:00'); // due 13 March
  await insertCliente(t, loja.id, { nome: 'Sem dívida' });
  await fiado(vizinha, 'Cliente da vizinha', 700, '2026-02-27T12:00:00-03:00'); // due 9 March
  await fiado(semAviso, 'Cliente sem aviso', 900, '2026-02-27T12:00:00-03:00'); // due 9 March
}, 60_000);
afterAll(() => t.close());

describe('the daily job "clientes-vencidos"', () => {
  it('says nothing on the due date itself', async () => {
    const summary = await rodarEm('2026-03-09');
    expect(summary.ok['clientes-vencidos']).toBeGreaterThanOrEqual(3);
    expect(await vencidos(loja)).toEqual([]);
    expect(await vencidos(vizinha)).toEqual([]);
  });

  it('announces a customer on the first day after the due date, once, with the days overdue and the amount', async () => {
    await rodarEm('2026-03-10');
    expect((await vencidos(loja)).map((n) => n.params)).toEqual([
      { clienteId: ids['Vence dia 9'], nome: 'Vence dia 9', valor: 1000, vencimento: '2026-03-09', diasAtraso: 1 },
    ]);
    // Again the same day, and the next day: nothing new for that customer and due date.
    await rodarEm('2026-03-10');
    await rodarEm('2026-03-11');
    expect((await vencidos(loja)).map((n) => n.params.nome)).toEqual(['Vence dia 9']);
  });

  it("each seller hears of their own customers only, and only with the preference on (off by default)", async () => {
    expect((await vencidos(vizinha)).map((n) => n.params)).toEqual([
      { clienteId: ids['Cliente da vizinha'], nome: 'Cliente da vizinha', valor: 700, vencimento: '2026-03-09', diasAtraso: 1 },
    ]);
    expect(await vencidos(semAviso)).toEqual([]);
    // The shop's debtors list agrees: the customer is overdue there, but no notification was raised.
    const devedores = await semAviso.request({ method: 'GET', url: '/api/devedores?situacao=vencidos' });
    expect(devedores.json().items.map((d: { nome: string }) => d.nome)).toEqual(['Cliente sem aviso']);
  });

  it('catches up on the days no run happened', async () => {
    await rodarEm('2026-03-12');
    expect((await vencidos(loja)).map((n) => `${n.params.nome as string}:${n.params.diasAtraso as number}`).sort()).toEqual(['Vence dia 11:1', 'Vence dia 9:1']);
    // No run on the 13th to the 15th: the run of the 16th announces who fell due meanwhile.
    await rodarEm('2026-03-16');
    const todas = await vencidos(loja);
    expect(todas.map((n) => `${n.params.nome as string}:${n.params.diasAtraso as number}`).sort()).toEqual(['Vence dia 11:1', 'Vence dia 13:3', 'Vence dia 9:1']);
    expect(todas.every((n) => Object.values(ids).includes(n.params.clienteId as string) && n.params.clienteId !== ids['Cliente da vizinha'])).toBe(true);
  });

  it('never announces the same customer and due date twice, even when a range is run again', async () => {
    const antes = (await vencidos(loja)).length;
    const n = await withSeller(t.db, loja.id, (tx) => notificarClientesVencidos(tx, loja.id, '2026-03-16', '2026-03-09'));
    expect(n).toBe(0);
    expect(await vencidos(loja)).toHaveLength(antes);
  });
});
