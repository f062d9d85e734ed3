import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditoriaPage, Cliente, MensagensCliente, PortalCliente, WhatsappConfig } from '@caderneta/shared';
import { startFakeWhatsapp, fakeAppSecret, type FakeWhatsapp } from '../../integrations/whatsapp/fake-server';
import { hubSignature } from '../../integrations/whatsapp/signature';
import { buildTestApp, createSeller, type SellerSession, type TestApp } from '../../../test/app';
import { testClock } from '../../../test/clock';
import { proximaRodada, venderFiado } from '../../../test/fixtures';

const clock = testClock('2026-06-10T10:00:00-03:00');
const PHONE_ID = '109876543210';
const TOKEN = 'EAAG-teste-whatsapp-0001';

let fake: FakeWhatsapp;
let t: TestApp;
let seller: SellerSession;

beforeAll(async () => {
  fake = await startFakeWhatsapp();
  t = await buildTestApp({ clock, mensagensSegundos: 60, whatsappApiUrl: fake.url });
  seller = await createSeller(t);
  const loja = await seller.request({
    method: 'PUT',
    url: '/api/configuracoes/loja',
    payload: { nomeLoja: 'Mercadinho Bom Preço', documento: '12.345.678/0001-95', fusoHorario: 'America/Sao_Paulo' },
  });
  expect(loja.statusCode, loja.body).toBeLessThan(300);
});
afterAll(async () => {
  await t.close();
  await fake.close();
});

const rodada = () => proximaRodada(t, clock);

const conectar = (quem: SellerSession, extra: object = {}) =>
  quem.request({
    method: 'PUT',
    url: '/api/configuracoes/whatsapp',
    payload: { phoneNumberId: PHONE_ID, accessToken: TOKEN, appSecret: fakeAppSecret(PHONE_ID), modelos: { lancamento: 'caderneta_lancamento' }, ativo: true, ...extra },
  });

async function novoCliente(nome: string, telefone: string, email: string | null = null): Promise<Cliente> {
  const response = await seller.request({ method: 'POST', url: '/api/clientes', payload: { nome, telefone, email, limiteCredito: 100_000, avisos: true } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Cliente;
}

const fiado = (clienteId: string, preco: number) => venderFiado(t, seller, clienteId, preco);

const log = async (clienteId: string) => ((await seller.request({ method: 'GET', url: `/api/clientes/${clienteId}/mensagens` })).json() as MensagensCliente).items;
const paraNumero = (to: string) => fake.messages.filter((m) => m.to === to);
const segundos = (at: Date) => String(Math.floor(at.getTime() / 1000));

/** Meta's webhook for this shop, signed with `secret` (the app's, unless a test forges another). */
function webhook(ownerId: string, value: object, { secret = fakeAppSecret(PHONE_ID), phoneNumberId = PHONE_ID } = {}) {
  const body = JSON.stringify({
    object: 'whatsapp_business_account',
    entry: [{ id: 'waba-1', changes: [{ field: 'messages', value: { messaging_product: 'whatsapp', metadata: { display_phone_number: '551140000000', phone_number_id: phoneNumberId }, ...value } }] }],
  });
  return t.app.inject({ method: 'POST', url: `/api/webhooks/whatsapp/${ownerId}`, headers: { 'content-type': 'application/json', 'x-hub-signature-256': hubSignature(secret, body) }, payload: body });
}

describe('Configurações → WhatsApp Business', () => {
  it('keeps the secrets out of every answer, refuses to turn on half-configured, and tests the number on the API', async () => {
    const inicial = (await seller.request({ method: 'GET', url: '/api/configuracoes/whatsapp' })).json() as WhatsappConfig;
    expect(inicial).toMatchObject({ phoneNumberId: null, accessTokenDica: null, appSecretDefinido: false, ativo: false, modelos: { lancamento: 'caderneta_lancamento' } });
    expect(inicial.webhookUrl).toBe(`http://localhost:3000/api/webhooks/whatsapp/${seller.id}`);
    expect(inicial.verifyToken).toMatch(/^[\w-]{20,}$/);

    const incompleto = await seller.request({ method: 'PUT', url: '/api/configuracoes/whatsapp', payload: { phoneNumberId: PHONE_ID, modelos: { lancamento: 'caderneta_lancamento' }, ativo: true } });
    expect(incompleto.statusCode).toBe(400);
    expect(incompleto.json()).toMatchObject({ code: 'WHATSAPP_INCOMPLETO' });
    const modeloRuim = await seller.request({ method: 'PUT', url: '/api/configuracoes/whatsapp', payload: { modelos: { lancamento: 'Modelo Com Espaço' } } });
    expect(modeloRuim.statusCode).toBe(400);

    const salvo = await conectar(seller);
    expect(salvo.statusCode, salvo.body).toBe(200);
    expect(salvo.json()).toMatchObject({ phoneNumberId: PHONE_ID, accessTokenDica: 'EAAG…0001', appSecretDefinido: true, ativo: true, verifyToken: inicial.verifyToken });
    expect(salvo.body).not.toContain(TOKEN);
    expect(salvo.body).not.toContain(fakeAppSecret(PHONE_ID));

    const teste = await seller.request({ method: 'POST', url: '/api/configuracoes/whatsapp/testar', payload: {} });
    expect(teste.statusCode, teste.body).toBe(200);
    expect(teste.json()).toEqual({ ok: true, numero: '+55 11 4000-3210', nome: 'Loja de Teste' });
    const recusado = await seller.request({ method: 'POST', url: '/api/configuracoes/whatsapp/testar', payload: { accessToken: 'EAAG-INVALID-000' } });
    expect(recusado.statusCode).toBe(400);
    expect(recusado.json()).toMatchObject({ code: 'WHATSAPP_RECUSOU' });

    const historico = (await seller.request({ method: 'GET', url: '/api/auditoria?grupo=configuracoes' })).json() as AuditoriaPage;
    const mudanca = historico.items.find((i) => i.acao === 'configuracoes.whatsapp')!;
    expect(mudanca.mudancas).toContainEqual({ campo: 'appSecret', antes: null, depois: null });
    expect(JSON.stringify(historico)).not.toContain(TOKEN);
  });

  it("answers Meta's handshake only with the shop's verify token", async () => {
    const { verifyToken } = (await seller.request({ method: 'GET', url: '/api/configuracoes/whatsapp' })).json() as WhatsappConfig;
    const ok = await t.app.inject({ method: 'GET', url: `/api/webhooks/whatsapp/${seller.id}?hub.mode=subscribe&hub.verify_token=${verifyToken}&hub.challenge=1158201444` });
    expect(ok.statusCode).toBe(200);
    expect(ok.body).toBe('1158201444');
    const errado = await t.app.inject({ method: 'GET', url: `/api/webhooks/whatsapp/${seller.id}?hub.mode=subscribe&hub.verify_token=outro&hub.challenge=1` });
    expect(errado.statusCode).toBe(403);
    const outra = await createSeller(t);
    const deOutra = await t.app.inject({ method: 'GET', url: `/api/webhooks/whatsapp/${outra.id}?hub.mode=subscribe&hub.verify_token=${verifyToken}&hub.challenge=1` });
    expect(deOutra.statusCode).toBe(403);
  });
});

describe('notices over WhatsApp', () => {
  it("sends each customer's entry as the approved template, with that customer's own data only; a landline goes by e-mail", async () => {
    const ana = await novoCliente('Ana Souza', '(11) 98888-7777');
    const bia = await novoCliente('Bia Lima', '(21) 97777-6666');
    const fixo = await novoCliente('Caio Reis', '(11) 3333-4444', 'caio@example.com');
    await fiado(ana.id, 4_500);
    await fiado(bia.id, 1_200);
    await fiado(fixo.id, 800);
    await rodada();

    const [paraAna] = paraNumero('5511988887777');
    expect(paraAna).toMatchObject({ phoneNumberId: PHONE_ID, template: 'caderneta_lancamento', language: 'pt_BR' });
    expect(paraAna!.parametros).toEqual([
      'Ana Souza',
      'Mercadinho Bom Preço',
      'uma compra fiado de R$ 45,00',
      '10/06/2026',
      'Saldo em aberto: R$ 45,00.',
      `http://localhost:3000/cliente/${ana.login}`,
      'Credor: Mercadinho Bom Preço — CNPJ 12.345.678/0001-95',
    ]);
    const [paraBia] = paraNumero('5521977776666');
    expect(paraBia!.parametros.join(' ')).not.toMatch(/Ana|45,00/);
    expect(paraBia!.parametros).toContain(`http://localhost:3000/cliente/${bia.login}`);
    expect(paraNumero('551133334444')).toHaveLength(0);
    expect(t.mails.filter((m) => m.to === 'caio@example.com')).toHaveLength(1);
    expect((await log(ana.id))[0]).toMatchObject({ canal: 'whatsapp', destino: '5511988887777', status: 'enviada' });
    expect((await log(fixo.id))[0]).toMatchObject({ canal: 'email', status: 'enviada' });
    const pagina = (await t.app.inject({ method: 'GET', url: `/api/portal/${ana.login}` })).json() as PortalCliente;
    expect(pagina.avisos).toMatchObject({ ativos: true, canal: 'whatsapp' });
  });

  it('queues through an outage and retries with back-off, sending once; a template WhatsApp refuses is given up at once', async () => {
    const davi = await novoCliente('Davi Melo', '(31) 96666-5555');
    await fetch(`${fake.url}/__fake/outage`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ count: 2 }) });
    await fiado(davi.id, 2_000);
    await rodada();
    expect((await log(davi.id))[0]).toMatchObject({ status: 'pendente', tentativas: 1, erro: 'Service temporarily unavailable (2)' });
    await rodada();
    expect((await log(davi.id))[0]).toMatchObject({ status: 'pendente', tentativas: 2 });
    clock.set(new Date(clock.now().getTime() + 2 * 60_000));
    await rodada();
    expect((await log(davi.id))[0]).toMatchObject({ status: 'enviada', tentativas: 3 });
    expect(paraNumero('5531966665555')).toHaveLength(1);

    const salvo = await conectar(seller, { modelos: { lancamento: 'caderneta_nao_aprovado' } });
    expect(salvo.statusCode).toBe(200);
    const eva = await novoCliente('Eva Rocha', '(41) 95555-4444');
    await fiado(eva.id, 2_000);
    await rodada();
    expect((await log(eva.id))[0]).toMatchObject({ status: 'falhou', tentativas: 1, erro: 'Template name does not exist in the translation (132001)' });
    await rodada();
    expect((await log(eva.id))[0]!.tentativas).toBe(1);
    expect(await conectar(seller).then((r) => r.statusCode)).toBe(200);
  });

  it('shows delivery statuses as they advance, never back, and believes no forged, replayed or foreign event', async () => {
    const fabi = await novoCliente('Fabi Nunes', '(51) 94444-3333');
    await fiado(fabi.id, 1_000);
    await rodada();
    const [enviada] = paraNumero('5551944443333');
    const status = (s: string, at = clock.now()) => ({ statuses: [{ id: enviada!.id, status: s, timestamp: segundos(at), recipient_id: enviada!.to }] });

    // Forged (another secret), foreign (another number) and replayed (older than a week) events change nothing.
    expect((await webhook(seller.id, status('read'), { secret: 'outro-segredo' })).statusCode).toBe(401);
    expect((await webhook(seller.id, status('read'), { phoneNumberId: '999' })).json()).toMatchObject({ statuses: 0, ignorados: 1 });
    expect((await webhook(seller.id, status('read', new Date(clock.now().getTime() - 8 * 86_400_000)))).json()).toMatchObject({ statuses: 0, ignorados: 1 });
    expect((await log(fabi.id))[0]!.status).toBe('enviada');

    expect((await webhook(seller.id, status('delivered'))).json()).toMatchObject({ statuses: 1 });
    expect((await log(fabi.id))[0]!.status).toBe('entregue');
    expect((await webhook(seller.id, status('read'))).json()).toMatchObject({ statuses: 1 });
    // A late "delivered" (and the same "read" again) does not take it back.
    expect((await webhook(seller.id, status('delivered'))).json()).toMatchObject({ statuses: 0 });
    expect((await webhook(seller.id, status('read'))).json()).toMatchObject({ statuses: 0 });
    expect((await log(fabi.id))[0]!.status).toBe('lida');

    // Another shop's webhook address with this shop's signature is refused: each shop has its own secret.
    const outra = await createSeller(t);
    expect((await webhook(outra.id, status('failed'))).statusCode).toBe(401);
  });

  it('"PARAR" stops everything at once, a replayed old reply changes nothing, and "SIM" gives consent by reply', async () => {
    const gil = await novoCliente('Gil Prado', '(61) 93333-2222');
    await fiado(gil.id, 1_000);
    const resposta = (texto: string, at = clock.now()) => ({ messages: [{ from: '5561933332222', id: `wamid.${texto}${at.getTime()}`, timestamp: segundos(at), type: 'text', text: { body: texto } }] });
    const antes = new Date(clock.now().getTime() - 60_000);

    expect((await webhook(seller.id, resposta('parar'))).json()).toMatchObject({ respostas: 1 });
    const parado = (await seller.request({ method: 'GET', url: `/api/clientes/${gil.id}` })).json() as Cliente;
    expect(parado.avisos).toMatchObject({ ativos: false, paradosPor: 'cliente' });
    await rodada();
    expect(paraNumero('5561933332222')).toHaveLength(0);
    expect((await log(gil.id)).map((m) => m.status)).toEqual(['cancelada']);

    // A "SIM" older than the stop (a replay) does not undo it; any other text means nothing.
    expect((await webhook(seller.id, resposta('Sim', antes))).json()).toMatchObject({ respostas: 0 });
    expect((await webhook(seller.id, resposta('quanto devo?'))).json()).toMatchObject({ respostas: 0 });
    clock.set(new Date(clock.now().getTime() + 60_000));
    expect((await webhook(seller.id, resposta('SIM!'))).json()).toMatchObject({ respostas: 1 });
    const aceito = (await seller.request({ method: 'GET', url: `/api/clientes/${gil.id}` })).json() as Cliente;
    expect(aceito.avisos).toMatchObject({ ativos: true, como: 'resposta', paradosEm: null });
    await fiado(gil.id, 500);
    await rodada();
    expect(paraNumero('5561933332222')).toHaveLength(1);
  });

  it('"Pedir autorização pelo WhatsApp" sends the invitation once a day; the reply SIM is the consent, and a customer who said PARAR is not invited', async () => {
    const criado = await seller.request({ method: 'POST', url: '/api/clientes', payload: { nome: 'Hana Costa', telefone: '(71) 92222-1111', limiteCredito: 100_000 } });
    const hana = criado.json() as Cliente;
    const convidar = (id: string) => seller.request({ method: 'POST', url: `/api/clientes/${id}/avisos/convite` });
    const convite = await convidar(hana.id);
    expect(convite.statusCode, convite.body).toBe(201);
    expect(convite.json()).toMatchObject({ canal: 'whatsapp', destino: '5571922221111', tipo: 'convite', valor: null, status: 'pendente' });
    expect((await convidar(hana.id)).json()).toMatchObject({ code: 'CONVITE_JA_ENVIADO' });
    await rodada();
    const [enviado] = paraNumero('5571922221111');
    expect(enviado).toMatchObject({ template: 'caderneta_convite', parametros: ['Hana Costa', 'Mercadinho Bom Preço', 'Credor: Mercadinho Bom Preço — CNPJ 12.345.678/0001-95'] });

    clock.set(new Date(clock.now().getTime() + 60_000));
    const sim = { messages: [{ from: '5571922221111', id: 'wamid.sim', timestamp: segundos(clock.now()), type: 'button', button: { text: 'Sim' } }] };
    expect((await webhook(seller.id, sim)).json()).toMatchObject({ respostas: 1 });
    expect(((await seller.request({ method: 'GET', url: `/api/clientes/${hana.id}` })).json() as Cliente).avisos).toMatchObject({ ativos: true, como: 'resposta' });
    expect((await convidar(hana.id)).json()).toMatchObject({ code: 'AVISOS_JA_AUTORIZADOS' });

    clock.set(new Date(clock.now().getTime() + 60_000));
    const parar = { messages: [{ from: '5571922221111', id: 'wamid.parar', timestamp: segundos(clock.now()), type: 'text', text: { body: 'PARAR' } }] };
    expect((await webhook(seller.id, parar)).json()).toMatchObject({ respostas: 1 });
    clock.set(new Date(clock.now().getTime() + 86_400_000));
    expect((await convidar(hana.id)).json()).toMatchObject({ code: 'AVISOS_RECUSADOS' });

    const fixo = await seller.request({ method: 'POST', url: '/api/clientes', payload: { nome: 'Ivo Dias', telefone: '(71) 3222-1111', limiteCredito: 0 } });
    expect((await convidar((fixo.json() as Cliente).id)).json()).toMatchObject({ code: 'TELEFONE_SEM_WHATSAPP' });
    const outra = await createSeller(t);
    expect((await outra.request({ method: 'POST', url: `/api/clientes/${hana.id}/avisos/convite` })).statusCode).toBe(404);
  });
});
