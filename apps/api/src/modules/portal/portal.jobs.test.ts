import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { Notificacao, PagamentoOnline } from '@caderneta/shared';
import { buildTestApp, createSeller, type SellerSession, type TestApp } from '../../../test/app';
import { insertProduto, readCliente } from '../../../test/fixtures';
import { jobExecucoes, lancamentos } from '../../db/schema';
import { startFakeMercadoPago, type FakeMercadoPago } from '../../integrations/mercadopago/fake-server';
import { ligarMercadoPago } from '../../../test/mercadopago';

/*
 * The online-payment re-check as a job of the runner (PAYMENT_RECHECK_SECONDS): payments made with
 * test credentials send no webhook, so the job is what credits them — once per slot, on one
 * instance, with the seller's "Pagamento recebido".
 */
const TOKEN = 'TEST-jobs-7777777777-token';
let fake: FakeMercadoPago;
let t: TestApp;
let seller: SellerSession;
let current = new Date();
const clock = { now: () => current };

beforeAll(async () => {
  fake = await startFakeMercadoPago();
  t = await buildTestApp({ mercadopagoApiUrl: fake.url, paymentRecheckSeconds: 90, clock });
  seller = await createSeller(t);
  await ligarMercadoPago(seller, fake, TOKEN, 'TEST-public-key');
}, 120_000);

afterAll(async () => {
  await t.close();
  await fake.close();
});

async function clienteDevendo(total: number) {
  const created = await seller.request({ method: 'POST', url: '/api/clientes', payload: { nome: 'Rita Job', telefone: '(11) 97777-6666', limiteCredito: 1_000_000 } });
  expect(created.statusCode).toBe(201);
  const cliente = created.json() as { id: string; login: string };
  const produto = await insertProduto(t, seller.id, { nome: 'Café 1kg', precoVenda: total, estoqueAtual: 5 });
  const venda = await seller.request({ method: 'POST', url: '/api/vendas', payload: { formaPagamento: 'fiado', clienteId: cliente.id, itens: [{ produtoId: produto.id, quantidade: 1 }] } });
  expect(venda.statusCode).toBe(201);
  return cliente;
}

const credits = async (clienteId: string) => (await t.db.select().from(lancamentos).where(and(eq(lancamentos.clienteId, clienteId), eq(lancamentos.metodo, 'online'))));

describe('the online-payment re-check job', () => {
  it('is registered with the interval of PAYMENT_RECHECK_SECONDS and checks that often', () => {
    expect(t.app.jobs.names).toContain('verificar-pagamentos-online');
    expect(t.app.jobs.checkIntervalMs).toBe(60_000);
  });

  it('credits a payment that sent no webhook, once per slot, and tells the seller', async () => {
    const cliente = await clienteDevendo(2750);
    const started = await t.app.inject({ method: 'POST', url: `/api/portal/${cliente.login}/pagamentos`, payload: { metodo: 'pix' } });
    expect(started.statusCode, started.body).toBe(201);
    const pagamento = started.json() as PagamentoOnline;
    const prefId = new URL(pagamento.initPoint!).searchParams.get('pref_id')!;
    await fake.pay(prefId, { method: 'pix', outcome: 'approve' });
    expect((await readCliente(t, cliente.id)).saldoAtual).toBe(-2750);

    const first = await t.app.jobs.runDue();
    expect(first.ok['verificar-pagamentos-online']).toBe(1);
    expect((await readCliente(t, cliente.id)).saldoAtual).toBe(0);
    expect(await credits(cliente.id)).toHaveLength(1);
    const avisos = await seller.request({ method: 'GET', url: '/api/notificacoes' });
    const pagamentos = (avisos.json() as { items: Notificacao[] }).items.filter((n) => n.tipo === 'pagamento');
    expect(pagamentos).toEqual([expect.objectContaining({ params: expect.objectContaining({ cliente: 'Rita Job', valor: 2750, metodo: 'online' }) })]);

    // Same slot: done already, nothing runs.
    expect((await t.app.jobs.runDue()).ok['verificar-pagamentos-online']).toBeUndefined();
    // The next slot runs again, and credits nothing twice.
    current = new Date(current.getTime() + 90_000);
    expect((await t.app.jobs.runDue()).ok['verificar-pagamentos-online']).toBe(1);
    expect(await credits(cliente.id)).toHaveLength(1);
    const runs = await t.db.select().from(jobExecucoes).where(eq(jobExecucoes.job, 'verificar-pagamentos-online'));
    expect(runs.map((r) => r.status)).toEqual(['ok', 'ok']);
  });
});
