import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cliente, MensagensCliente } from '@caderneta/shared';
import { fakeAppSecret, startFakeWhatsapp, type FakeWhatsapp } from '../../integrations/whatsapp/fake-server';
import { buildTestApp, createSeller, type SellerSession, type TestApp } from '../../../test/app';
import { insertProduto } from '../../../test/fixtures';
import { withSeller } from '../../db/client';
import { planejarLembretes } from '../devedores/regua.service';
import { enviarMensagens, type EnvioDeps } from './mensagens.service';

/*
 * Two instances of the app (each with its own pool) on one PostgreSQL database, sending the same
 * outbox at the same moments, many times over: each message reaches WhatsApp exactly once.
 */
const clock = { now: () => new Date('2026-06-10T13:00:00Z') };
const PHONE_ID = '2223334445556';
const CLIENTES = 24;

let fake: FakeWhatsapp;
let a: TestApp;
let b: TestApp;
let seller: SellerSession;
const clientes: Cliente[] = [];

const deps = (t: TestApp): EnvioDeps => ({ ...t.app.whatsapp, mailer: t.app.mailer, clock, log: { warn: () => undefined } });

beforeAll(async () => {
  fake = await startFakeWhatsapp();
  a = await buildTestApp({ clock, whatsappApiUrl: fake.url });
  b = await buildTestApp({ clock, whatsappApiUrl: fake.url, sameDatabaseAs: a });
  seller = await createSeller(a);
  const conectado = await seller.request({
    method: 'PUT',
    url: '/api/configuracoes/whatsapp',
    payload: { phoneNumberId: PHONE_ID, accessToken: 'EAAG-duas-instancias', appSecret: fakeAppSecret(PHONE_ID), modelos: { lancamento: 'caderneta_lancamento' }, ativo: true },
  });
  expect(conectado.statusCode, conectado.body).toBe(200);
  const produto = await insertProduto(a, seller.id, { precoVenda: 1_000, estoqueAtual: 1_000 });
  for (let i = 0; i < CLIENTES; i++) {
    const criado = await seller.request({ method: 'POST', url: '/api/clientes', payload: { nome: `Cliente ${i}`, telefone: `(11) 9${String(1000_0000 + i).slice(0, 4)}-${String(1000_0000 + i).slice(4)}`, limiteCredito: 100_000, avisos: true } });
    expect(criado.statusCode, criado.body).toBe(201);
    clientes.push(criado.json() as Cliente);
    const venda = await seller.request({ method: 'POST', url: '/api/vendas', payload: { formaPagamento: 'fiado', clienteId: clientes[i]!.id, itens: [{ produtoId: produto.id, quantidade: 1 }] } });
    expect(venda.statusCode, venda.body).toBe(201);
  }
}, 180_000);
afterAll(async () => {
  await b?.close();
  await a?.close();
  await fake?.close();
});

describe('the outbox with two app instances on one PostgreSQL', () => {
  it('sends each message once, whichever instance claims it', async () => {
    const [da, db] = [deps(a), deps(b)];
    const rodadas = await Promise.all([enviarMensagens(a.db, da, 5), enviarMensagens(b.db, db, 5), enviarMensagens(a.db, da), enviarMensagens(b.db, db)]);
    await Promise.all([enviarMensagens(a.db, da), enviarMensagens(b.db, db)]);

    expect(fake.messages).toHaveLength(CLIENTES);
    expect(new Set(fake.messages.map((m) => m.to)).size).toBe(CLIENTES);
    expect(rodadas.reduce((n, r) => n + r.enviadas, 0)).toBe(CLIENTES);
    for (const cliente of clientes) {
      const log = (await seller.request({ method: 'GET', url: `/api/clientes/${cliente.id}/mensagens` })).json() as MensagensCliente;
      expect(log.items.map((m) => [m.status, m.tentativas])).toEqual([['enviada', 1]]);
    }
  });

  it("runs the régua's day once: each debtor's reminder is queued and sent once, whichever instance runs it", async () => {
    const regua = await seller.request({ method: 'PUT', url: '/api/cobranca/regua', payload: { ativa: true, dias: [1, 2, 3, 4, 5, 6], inicio: 8, fim: 20, limiteDiario: 250 } });
    expect(regua.statusCode, regua.body).toBe(200);
    // Every customer agreed to pay today (10 June, a Wednesday, 10:00 in São Paulo): the due day's step.
    for (const cliente of clientes) {
      const combinado = await seller.request({ method: 'PUT', url: `/api/devedores/${cliente.id}/cobranca`, payload: { dataVencimento: '2026-06-10' } });
      expect(combinado.statusCode, combinado.body).toBe(200);
    }
    const planejar = (t: TestApp) => withSeller(t.db, seller.id, (tx) => planejarLembretes(tx, seller.id, clock.now(), 'http://localhost:3000'));
    const runs = await Promise.all([a.app.jobs.runJob('regua'), b.app.jobs.runJob('regua'), planejar(a), planejar(b)]);
    expect((runs[0].ok.regua ?? 0) + (runs[1].ok.regua ?? 0)).toBeGreaterThanOrEqual(1);
    const [da, db] = [deps(a), deps(b)];
    await Promise.all([enviarMensagens(a.db, da, 5), enviarMensagens(b.db, db, 5), enviarMensagens(a.db, da), enviarMensagens(b.db, db)]);

    const lembretes = fake.messages.filter((m) => m.template === 'caderneta_lembrete');
    expect(lembretes).toHaveLength(CLIENTES);
    expect(new Set(lembretes.map((m) => m.to)).size).toBe(CLIENTES);
    expect(lembretes.every((m) => m.parametros[3] === 'vence hoje, 10/06/2026')).toBe(true);
  });
});
