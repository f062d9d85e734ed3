import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preencherModelo, TEXTOS_MODELO, type AuditoriaPage, type Cliente, type CobrancaConfig, type DevedorDetalhe, type DevedoresPage, type MensagensCliente, type PortalCliente } from '@caderneta/shared';
import { startFakeWhatsapp, fakeAppSecret, type FakeWhatsapp } from '../../integrations/whatsapp/fake-server';
import { buildTestApp, createSeller, type SellerSession, type TestApp } from '../../../test/app';
import { testClock } from '../../../test/clock';
import { proximaRodada, venderFiado } from '../../../test/fixtures';

/*
 * The régua that runs by itself (issue 38, item 3), on one shop's timeline: fiado sales on 10 June
 * 2026, due 1 July (the default rule), a step before the due date of 3 days.
 */

const clock = testClock('2026-06-10T10:00:00-03:00');
const PHONE_ID = '109876543299';

let fake: FakeWhatsapp;
let t: TestApp;
let seller: SellerSession;
const clientes: Record<string, Cliente> = {};

const REGUA = { ativa: true, dias: [1, 2, 3, 4, 5, 6], inicio: 8, fim: 20, limiteDiario: 250 };
const putRegua = (payload: object, quem: SellerSession = seller) => quem.request({ method: 'PUT', url: '/api/cobranca/regua', payload });

async function novoCliente(nome: string, telefone: string, { email = null, avisos = true }: { email?: string | null; avisos?: boolean } = {}) {
  const response = await seller.request({ method: 'POST', url: '/api/clientes', payload: { nome, telefone, email, limiteCredito: 100_000, avisos } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Cliente;
}

beforeAll(async () => {
  fake = await startFakeWhatsapp();
  t = await buildTestApp({ clock, mensagensSegundos: 60, whatsappApiUrl: fake.url });
  seller = await createSeller(t);
  const passos = [
    seller.request({ method: 'PUT', url: '/api/configuracoes/loja', payload: { nomeLoja: 'Mercadinho Bom Preço', documento: '12.345.678/0001-95', fusoHorario: 'America/Sao_Paulo' } }),
    seller.request({
      method: 'PUT',
      url: '/api/configuracoes/whatsapp',
      payload: { phoneNumberId: PHONE_ID, accessToken: 'EAAG-regua-0001', appSecret: fakeAppSecret(PHONE_ID), modelos: { lancamento: 'caderneta_lancamento' }, ativo: true },
    }),
    seller.request({ method: 'PUT', url: '/api/cobranca/mensagens', payload: { mensagens: {}, lembreteAntecipado: true, diasAntecedencia: 3 } }),
  ];
  for (const passo of passos) {
    const response = await passo;
    expect(response.statusCode, response.body).toBe(200);
  }
  clientes.ana = await novoCliente('Ana Régua', '(11) 98888-0001');
  clientes.bia = await novoCliente('Bia Fixo', '(11) 3333-0002', { email: 'bia@example.com' });
  clientes.caio = await novoCliente('Caio Sem Aviso', '(11) 98888-0003', { avisos: false });
  clientes.duda = await novoCliente('Duda Promete', '(11) 98888-0004');
  clientes.edu = await novoCliente('Edu Contesta', '(11) 98888-0005');
  clientes.fabi = await novoCliente('Fabi Paga', '(11) 98888-0006');
  const valores: Record<string, number> = { ana: 5_000, bia: 3_000, caio: 2_000, duda: 1_000, edu: 4_000, fabi: 1_500 };
  for (const [quem, valor] of Object.entries(valores)) await venderFiado(t, seller, clientes[quem]!.id, valor);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const rodada = () => proximaRodada(t, clock);
async function em(instante: string) {
  clock.set(instante);
  await t.app.jobs.runDue();
}

const lembretesPara = (telefone: string) => fake.messages.filter((m) => m.template === 'caderneta_lembrete' && m.to === `55${telefone.replace(/\D/g, '')}`);
const textoDe = (m: { parametros: string[] }) => preencherModelo(TEXTOS_MODELO.lembrete['pt-BR'], m.parametros);
const log = async (id: string) => ((await seller.request({ method: 'GET', url: `/api/clientes/${id}/mensagens` })).json() as MensagensCliente).items.filter((m) => m.tipo === 'lembrete');
const devedor = async (id: string) => (await seller.request({ method: 'GET', url: `/api/devedores/${id}` })).json() as DevedorDetalhe;

describe('Configurações → Régua automática', () => {
  it('is off by default, saves the window and the cap, refuses what is not a window, and nobody else can change it', async () => {
    const antes = (await seller.request({ method: 'GET', url: '/api/cobranca' })).json() as CobrancaConfig;
    expect(antes.regua).toEqual({ ...REGUA, ativa: false });

    for (const [payload, campo] of [
      [{ ...REGUA, dias: [] }, 'dias'],
      [{ ...REGUA, dias: [1, 1] }, 'dias'],
      [{ ...REGUA, dias: [7] }, 'dias.0'],
      [{ ...REGUA, inicio: 20, fim: 8 }, 'fim'],
      [{ ...REGUA, fim: 25 }, 'fim'],
      [{ ...REGUA, limiteDiario: 0 }, 'limiteDiario'],
      [{ ...REGUA, limiteDiario: 10_001 }, 'limiteDiario'],
      [{ ...REGUA, limiteDiario: 2.5 }, 'limiteDiario'],
    ] as const) {
      const response = await putRegua(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION', issues: [expect.objectContaining({ path: campo })] });
    }

    const salvo = await putRegua({ ...REGUA, dias: [6, 1, 2, 3, 4, 5] });
    expect(salvo.statusCode, salvo.body).toBe(200);
    expect((salvo.json() as CobrancaConfig).regua).toEqual(REGUA);
    // Her page tells a customer who consented that reminders of the due date come too.
    const pagina = (await t.app.inject({ method: 'GET', url: `/api/portal/${clientes.ana!.login}` })).json() as PortalCliente;
    expect(pagina.avisos).toEqual({ ativos: true, canal: 'whatsapp', paradosEm: null, lembretes: true });
    // Devedores says whom the régua reminds by itself.
    const lista = (await seller.request({ method: 'GET', url: '/api/devedores?pageSize=50' })).json() as DevedoresPage;
    expect(Object.fromEntries(lista.items.map((d) => [d.nome, d.reguaAutomatica]))).toMatchObject({ 'Ana Régua': true, 'Bia Fixo': true, 'Caio Sem Aviso': false });
    // Turned on today, ten days before the first step: nothing is due yet.
    expect(fake.messages).toHaveLength(0);
    expect(await log(clientes.ana!.id)).toEqual([]);

    const outro = await createSeller(t);
    expect((await putRegua({ ...REGUA, ativa: false }, outro)).statusCode).toBe(200);
    expect(((await seller.request({ method: 'GET', url: '/api/cobranca' })).json() as CobrancaConfig).regua.ativa).toBe(true);
  });
});

describe('the régua runs by itself', () => {
  it('D−3 is a Sunday: nothing; on Monday the step before the due date waits for the window, then goes once, by WhatsApp or e-mail', async () => {
    // Before the run: Duda promises to pay on 5 July, Edu disputes his purchase on his page.
    const promessa = await seller.request({ method: 'PUT', url: `/api/devedores/${clientes.duda!.id}/promessa`, payload: { data: '2026-07-05' } });
    expect(promessa.statusCode, promessa.body).toBe(200);
    const pagina = (await t.app.inject({ method: 'GET', url: `/api/portal/${clientes.edu!.login}` })).json() as PortalCliente;
    const contesta = await t.app.inject({
      method: 'POST',
      url: `/api/portal/${clientes.edu!.login}/conferencias`,
      payload: { lancamentoId: pagina.pendentes[0]!.lancamentoId, reconhece: false, motivo: 'Não comprei isso' },
    });
    expect(contesta.statusCode, contesta.body).toBe(200);

    await em('2026-06-28T10:00:00-03:00');
    await rodada();
    expect(fake.messages.filter((m) => m.template === 'caderneta_lembrete')).toHaveLength(0);

    // Monday, 07:00: the day's run queues the step for 08:00.
    await em('2026-06-29T07:00:00-03:00');
    await rodada();
    expect(fake.messages.filter((m) => m.template === 'caderneta_lembrete')).toHaveLength(0);
    expect(await log(clientes.ana!.id)).toEqual([expect.objectContaining({ etapa: 'antes', vencimento: '2026-07-01', saldo: -5_000, status: 'pendente', canal: 'whatsapp' })]);

    // Fabi pays it all before the window opens: her reminder is not sent.
    const pago = await seller.request({ method: 'POST', url: `/api/clientes/${clientes.fabi!.id}/pagamentos`, payload: { valor: 1_500, metodo: 'pix' } });
    expect(pago.statusCode, pago.body).toBe(201);

    await em('2026-06-29T08:00:30-03:00');
    const [ana] = lembretesPara('11988880001');
    expect(ana!.parametros).toEqual([
      'Ana Régua',
      'Mercadinho Bom Preço',
      'R$ 50,00',
      'vence em 01/07/2026',
      `http://localhost:3000/cliente/${clientes.ana!.login}`,
      'Credor: Mercadinho Bom Preço — CNPJ 12.345.678/0001-95',
    ]);
    expect(textoDe(ana!)).toContain('Olá, Ana Régua! Um lembrete da loja Mercadinho Bom Preço: o saldo de R$');
    const lembretesPorEmail = () => t.mails.filter((m) => m.to === 'bia@example.com' && m.subject.includes('lembrete'));
    const [mail] = lembretesPorEmail();
    expect(mail!.subject).toBe('Mercadinho Bom Preço: lembrete da sua conta');
    // The shop's own collection message of the step ("padrão", before the due date), then the creditor and how to stop.
    expect(mail!.text).toContain('Olá, Bia Fixo! Tudo bem? Aqui é da loja Mercadinho Bom Preço. Passando para lembrar que a sua conta de R$');
    expect(mail!.text).toContain('vence em 01/07/2026');
    expect(mail!.text).toContain('Credor: Mercadinho Bom Preço — CNPJ 12.345.678/0001-95');
    expect(mail!.text).toContain('Você recebe estes avisos porque autorizou a loja.');
    for (const quem of ['caio', 'duda', 'edu', 'fabi']) expect(lembretesPara(clientes[quem]!.telefone), quem).toHaveLength(0);
    expect(await log(clientes.fabi!.id)).toEqual([expect.objectContaining({ status: 'cancelada', erro: 'quitado' })]);
    expect(await log(clientes.duda!.id)).toEqual([]);
    expect(await log(clientes.edu!.id)).toEqual([]);

    // Recorded as the reminder the seller's "Enviado" records, and in the history, by the system.
    expect((await devedor(clientes.ana!.id)).ultimoLembrete).toMatchObject({ faixa: 'a_vencer' });
    const historico = (await seller.request({ method: 'GET', url: `/api/auditoria?clienteId=${clientes.ana!.id}` })).json() as AuditoriaPage;
    expect(historico.items.find((i) => i.acao === 'cliente.lembrete_enviado')).toMatchObject({
      autor: { tipo: 'sistema' },
      registro: { tipo: 'cliente', nome: 'Ana Régua' },
      detalhes: { faixa: 'a_vencer', valor: 5_000, diasAtraso: 0 },
    });

    // Once per customer and due date: another save of the settings, the next pass and the next day add nothing.
    expect((await putRegua(REGUA)).statusCode).toBe(200);
    await rodada();
    await em('2026-06-30T09:00:00-03:00');
    await rodada();
    expect(lembretesPara('11988880001')).toHaveLength(1);
    expect(lembretesPorEmail()).toHaveLength(1);
  });

  it('on the due date, then each overdue tier once: gentil the day after, firme on the 8th day; a broken promise lets it go on', async () => {
    await em('2026-07-01T09:00:00-03:00');
    await rodada();
    expect(lembretesPara('11988880001').map((m) => m.parametros[3])).toEqual(['vence em 01/07/2026', 'vence hoje, 01/07/2026']);

    await em('2026-07-02T09:00:00-03:00');
    await rodada();
    expect(lembretesPara('11988880001').map((m) => m.parametros[3])).toEqual(['vence em 01/07/2026', 'vence hoje, 01/07/2026', 'venceu em 01/07/2026']);
    expect(t.mails.filter((m) => m.to === 'bia@example.com').at(-1)!.text).toContain('A sua conta de R$ 30,00 venceu em 01/07/2026.');
    expect(await log(clientes.duda!.id)).toEqual([]);

    // 6 July: Duda's promise (5 July) is broken — she gets the tier she is in.
    await em('2026-07-06T09:00:00-03:00');
    await rodada();
    expect(lembretesPara('11988880004').map((m) => m.parametros[3])).toEqual(['venceu em 01/07/2026']);
    expect(lembretesPara('11988880001')).toHaveLength(3);

    await em('2026-07-09T09:00:00-03:00');
    await rodada();
    expect(lembretesPara('11988880001')).toHaveLength(4);
    expect((await log(clientes.ana!.id)).map((m) => m.etapa)).toEqual(['firme', 'gentil', 'no_dia', 'antes']);
    expect((await devedor(clientes.ana!.id)).ultimoLembrete).toMatchObject({ faixa: 'firme' });
    // Edu's dispute is still open: nothing, all along.
    expect(lembretesPara('11988880005')).toHaveLength(0);
  });

  it('keeps the daily cap (the oldest and largest first; the rest on the next sending day) and waits for the window', async () => {
    expect((await putRegua({ ...REGUA, limiteDiario: 1 })).statusCode).toBe(200);
    // 1 August 2026, a Saturday: 31 days late, the formal tier for Ana, Bia and Duda; room for one.
    await em('2026-08-01T09:00:00-03:00');
    await rodada();
    const hoje = (await log(clientes.ana!.id))[0]!;
    expect(hoje).toMatchObject({ etapa: 'formal', status: 'enviada' });
    expect((await log(clientes.bia!.id))[0]).toMatchObject({ etapa: 'firme' });
    expect(await log(clientes.duda!.id)).toHaveLength(2);

    // Monday 3 August, the window moved to 10:00: Bia's formal reminder is queued and waits for it.
    expect((await putRegua({ ...REGUA, limiteDiario: 1, inicio: 10 })).statusCode).toBe(200);
    await em('2026-08-03T09:00:00-03:00');
    await rodada();
    const bia = await log(clientes.bia!.id);
    expect(bia[0]).toMatchObject({ etapa: 'formal', status: 'pendente' });
    await em('2026-08-03T10:00:30-03:00');
    expect((await log(clientes.bia!.id))[0]).toMatchObject({ etapa: 'formal', status: 'enviada' });
    expect(t.mails.filter((m) => m.to === 'bia@example.com').at(-1)!.text).toContain('Prezado cliente Bia Fixo');
  });

  it('turned off, what was waiting is not sent', async () => {
    expect((await putRegua({ ...REGUA, limiteDiario: 1, inicio: 10 })).statusCode).toBe(200);
    // Tuesday: Duda's formal reminder is queued for 10:00; the shop turns the régua off at 09:30.
    await em('2026-08-04T09:00:00-03:00');
    expect((await log(clientes.duda!.id))[0]).toMatchObject({ etapa: 'formal', status: 'pendente' });
    clock.set('2026-08-04T09:30:00-03:00');
    expect((await putRegua({ ...REGUA, ativa: false })).statusCode).toBe(200);
    await em('2026-08-04T10:00:30-03:00');
    expect((await log(clientes.duda!.id))[0]).toMatchObject({ etapa: 'formal', status: 'cancelada', erro: 'regua_desligada' });
    // Her gentil and firme reminders only.
    expect(lembretesPara('11988880004')).toHaveLength(2);
  });
});
