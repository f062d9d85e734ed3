import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cliente, MensagensCliente } from '@caderneta/shared';
import { fakeAppSecret, startFakeWhatsapp, type FakeWhatsapp } from '../../integrations/whatsapp/fake-server';
import { buildTestApp, createSeller, type SellerSession, type TestApp } from '../../../test/app';
import { insertProduto } from '../../../test/fixtures';
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
});
