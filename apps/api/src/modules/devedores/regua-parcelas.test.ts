import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Cliente, DevedorDetalhe } from '@caderneta/shared';
import { startFakeWhatsapp, fakeAppSecret, type FakeWhatsapp } from '../../integrations/whatsapp/fake-server';
import { buildTestApp, createSeller, type SellerSession, type TestApp } from '../../../test/app';
import { testClock } from '../../../test/clock';
import { proximaRodada, venderFiado } from '../../../test/fixtures';

/*
 * The régua and a debt in instalments (issue 40, ADR 046): R$ 300,00 bought on 10 June 2026 and
 * split in 3 of R$ 100,00 due 2 July, 2 August and 2 September. The reminder
 * before the first instalment (3 days, Monday 29 June) asks for R$ 100,00 due on 2 July — not for
 * all she owes — and so do the card's message values and its PIX code.
 */

const clock = testClock('2026-06-10T10:00:00-03:00');
const PHONE_ID = '109876543298';

let fake: FakeWhatsapp;
let t: TestApp;
let seller: SellerSession;
let cliente: Cliente;

beforeAll(async () => {
  fake = await startFakeWhatsapp();
  t = await buildTestApp({ clock, mensagensSegundos: 60, whatsappApiUrl: fake.url });
  seller = await createSeller(t);
  for (const [url, payload] of [
    ['/api/configuracoes/loja', { nomeLoja: 'Mercadinho Bom Preço', documento: '12.345.678/0001-95', fusoHorario: 'America/Sao_Paulo' }],
    ['/api/configuracoes/whatsapp', { phoneNumberId: PHONE_ID, accessToken: 'EAAG-regua-0002', appSecret: fakeAppSecret(PHONE_ID), modelos: { lancamento: 'caderneta_lancamento' }, ativo: true }],
    ['/api/configuracoes/pix', { chave: 'loja@example.com', nomeRecebedor: 'Mercadinho', cidade: 'Recife' }],
    ['/api/cobranca/mensagens', { mensagens: {}, lembreteAntecipado: true, diasAntecedencia: 3 }],
    ['/api/cobranca/regua', { ativa: true, dias: [1, 2, 3, 4, 5, 6], inicio: 8, fim: 20, limiteDiario: 250 }],
  ] as const) {
    const response = await seller.request({ method: 'PUT', url, payload });
    expect(response.statusCode, response.body).toBe(200);
  }
  const criado = await seller.request({ method: 'POST', url: '/api/clientes', payload: { nome: 'Nair Parcelas', telefone: '(11) 98888-0101', limiteCredito: 100_000, avisos: true } });
  expect(criado.statusCode, criado.body).toBe(201);
  cliente = criado.json() as Cliente;
  await venderFiado(t, seller, cliente.id, 30_000);
  const parcelou = await seller.request({
    method: 'PUT',
    url: `/api/devedores/${cliente.id}/parcelamento`,
    payload: { modo: 'mensal', parcelas: ['2026-07-02', '2026-08-02', '2026-09-02'].map((vencimento) => ({ vencimento, valor: 10_000 })) },
  });
  expect(parcelou.statusCode, parcelou.body).toBe(200);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

describe('the régua and the instalments', () => {
  it('the card carries what falls due on the instalment, and its PIX code charges that', async () => {
    const devedor = (await seller.request({ method: 'GET', url: `/api/devedores/${cliente.id}` })).json() as DevedorDetalhe;
    expect(devedor.parcela).toEqual({ numero: 1, de: 3, vencimento: '2026-07-02', aberto: 10_000, devido: 10_000 });
    expect(devedor.saldoPendente).toBe(30_000);
    // EMV field 54, the amount: "100.00" (6 characters).
    expect(devedor.pix).toContain('5406100.00');
  });

  it('three days before the first instalment, the reminder asks for R$ 100,00 due on 02/07/2026', async () => {
    clock.set('2026-06-29T10:00:00-03:00');
    await t.app.jobs.runDue();
    await proximaRodada(t, clock);
    const lembretes = fake.messages.filter((m) => m.template === 'caderneta_lembrete' && m.to === '5511988880101');
    expect(lembretes).toHaveLength(1);
    expect(lembretes[0]!.parametros.slice(0, 4)).toEqual(['Nair Parcelas', 'Mercadinho Bom Preço', 'R$ 100,00', 'vence em 02/07/2026']);
  });
});
