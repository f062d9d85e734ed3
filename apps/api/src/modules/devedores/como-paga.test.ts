import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ComoPaga, PortalCliente } from '@caderneta/shared';
import { buildTestApp, createSeller, type SellerSession, type TestApp } from '../../../test/app';
import { testClock } from '../../../test/clock';
import { insertProduto } from '../../../test/fixtures';

/** São Paulo, 10 May 2026 (a Sunday) in the morning, unless a step moves it. */
const HOJE = '2026-05-10T10:00:00-03:00';
const clock = testClock(HOJE);

let t: TestApp;
let seller: SellerSession;
let cliente: { id: string; login: string };

beforeAll(async () => {
  t = await buildTestApp({ clock });
  seller = await createSeller(t);
  // A term of 30 days from each purchase.
  const regra = await seller.request({ method: 'PUT', url: '/api/cobranca/regra', payload: { tipo: 'dias_fixos', diasPrazo: 30 } });
  expect(regra.statusCode, regra.body).toBe(200);
  const criado = await seller.request({ method: 'POST', url: '/api/clientes', payload: { nome: 'Ana Souza', telefone: '(11) 98888-7777', limiteCredito: 50_000 } });
  expect(criado.statusCode, criado.body).toBe(201);
  cliente = criado.json();

  // On time: bought 5 January, due 4 February, paid 20 January.
  await fiado(10_000, '2026-01-05T12:00:00-03:00');
  await pagar(10_000, '2026-01-20T12:00:00-03:00');
  // Late: bought 1 February, due 3 March, paid 20 March — 17 days.
  await fiado(18_000, '2026-02-01T12:00:00-03:00');
  await pagar(18_000, '2026-03-20T12:00:00-03:00');
  // Overdue today: bought 25 March, due 24 April — 16 days.
  await fiado(5_000, '2026-03-25T12:00:00-03:00');
  // Promised for 10 April and not paid: broken.
  clock.set('2026-04-01T12:00:00-03:00');
  const promessa = await seller.request({ method: 'PUT', url: `/api/devedores/${cliente.id}/promessa`, payload: { data: '2026-04-10' } });
  expect(promessa.statusCode, promessa.body).toBe(200);
  // A sale cancelled the same day counts for nothing.
  const cancelada = await fiado(40_000, '2026-04-02T12:00:00-03:00');
  const cancelar = await seller.request({ method: 'POST', url: `/api/vendas/${cancelada.id}/cancelar`, payload: { motivo: 'Lançada por engano' } });
  expect(cancelar.statusCode, cancelar.body).toBe(200);
  clock.set(HOJE);
});
afterAll(() => t.close());

async function fiado(total: number, at: string) {
  const produto = await insertProduto(t, seller.id, { precoVenda: total, estoqueAtual: 10 });
  clock.set(at);
  const response = await seller.request({ method: 'POST', url: '/api/vendas', payload: { formaPagamento: 'fiado', clienteId: cliente.id, itens: [{ produtoId: produto.id, quantidade: 1 }] } });
  expect(response.statusCode, response.body).toBe(201);
  clock.set(HOJE);
  return response.json() as { id: string };
}

async function pagar(valor: number, at: string) {
  clock.set(at);
  const response = await seller.request({ method: 'POST', url: `/api/clientes/${cliente.id}/pagamentos`, payload: { valor, metodo: 'pix' } });
  expect(response.statusCode, response.body).toBe(201);
  clock.set(HOJE);
}

describe('GET /api/clientes/:id/como-paga', () => {
  it('answers the record of the last 12 months from the ledger and the promises, and suggests a limit with the facts', async () => {
    const response = await seller.request({ method: 'GET', url: `/api/clientes/${cliente.id}/como-paga` });
    expect(response.statusCode, response.body).toBe(200);
    const r = response.json() as ComoPaga;
    expect(r).toEqual({
      desde: '2025-05-10',
      emDia: 1,
      comAtraso: 1,
      emAtraso: 1,
      // (17 + 16) / 2, rounded.
      mediaDiasAtraso: 17,
      maiorAtraso: 17,
      promessas: 1,
      promessasQuebradas: 1,
      maiorCompra: 18_000,
      maiorDivida: 18_000,
      mesesEmDia: null,
      // One purchase in three on time: half of the most they used, R$ 90,00, rounded down to R$ 50,00.
      sugestao: { tipo: 'reduzir', limite: 5_000 },
    });
  });

  it('moves with the clock: paid today, the customer is no longer late', async () => {
    await pagar(5_000, '2026-05-10T09:00:00-03:00');
    const r = (await seller.request({ method: 'GET', url: `/api/clientes/${cliente.id}/como-paga` })).json() as ComoPaga;
    expect(r).toMatchObject({ emDia: 1, comAtraso: 2, emAtraso: 0, maiorAtraso: 17, mediaDiasAtraso: 17, mesesEmDia: 0 });
  });

  it('shows the customer the same facts on their page, never a limit', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/portal/${cliente.login}` });
    expect(response.statusCode, response.body).toBe(200);
    const page = response.json() as PortalCliente;
    expect(page.comoPaga).toMatchObject({ emDia: 1, comAtraso: 2, emAtraso: 0, promessasQuebradas: 1, maiorCompra: 18_000 });
    expect(page.comoPaga).not.toHaveProperty('sugestao');
    expect(response.body).not.toContain('"limite');
  });

  it('is 404 for another shop’s customer and for an unknown id, and 400 for a malformed one', async () => {
    const outra = await createSeller(t);
    const alheio = await outra.request({ method: 'GET', url: `/api/clientes/${cliente.id}/como-paga` });
    expect(alheio.statusCode).toBe(404);
    expect(alheio.body).not.toContain('18000');
    const desconhecido = await seller.request({ method: 'GET', url: '/api/clientes/00000000-0000-4000-8000-000000000000/como-paga' });
    expect(desconhecido.statusCode).toBe(404);
    const malformado = await seller.request({ method: 'GET', url: '/api/clientes/abc/como-paga' });
    expect(malformado.statusCode).toBe(400);
    expect(malformado.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });

  it('makes no suggestion from too little history', async () => {
    const criado = await seller.request({ method: 'POST', url: '/api/clientes', payload: { nome: 'Bruno Lima', telefone: '(11) 97777-6666' } });
    const novo = criado.json() as { id: string };
    const r = (await seller.request({ method: 'GET', url: `/api/clientes/${novo.id}/como-paga` })).json() as ComoPaga;
    expect(r).toMatchObject({ emDia: 0, comAtraso: 0, emAtraso: 0, maiorCompra: null, mesesEmDia: null, sugestao: { tipo: 'sem_historico', limite: null } });
  });
});
