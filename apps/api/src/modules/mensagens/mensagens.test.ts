import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ERRO_ENVIO_INTERROMPIDO, MAX_TENTATIVAS_MENSAGEM, type AuditoriaPage, type Cliente, type MensagensCliente, type PortalCliente } from '@caderneta/shared';
import { withSeller } from '../../db/client';
import { buildTestApp, createSeller, type SellerSession, type TestApp } from '../../../test/app';
import { testClock } from '../../../test/clock';
import { proximaRodada, venderFiado } from '../../../test/fixtures';

const clock = testClock('2026-06-10T10:00:00-03:00');
/** Addresses whose mail server refuses messages for now. */
const recusados = new Set<string>();

let t: TestApp;
let seller: SellerSession;

beforeAll(async () => {
  t = await buildTestApp({ clock, mensagensSegundos: 60, mailRefusal: (m) => (recusados.has(m.to) ? new Error('451 4.3.0 Mailbox temporarily unavailable') : null) });
  seller = await createSeller(t);
  const perfil = await seller.request({
    method: 'PUT',
    url: '/api/configuracoes/loja',
    payload: { nomeLoja: 'Mercadinho Bom Preço', documento: '12.345.678/0001-95', fusoHorario: 'America/Sao_Paulo' },
  });
  expect(perfil.statusCode, perfil.body).toBeLessThan(300);
});
afterAll(() => t.close());

const rodada = () => proximaRodada(t, clock);

async function novoCliente(email: string | null, avisos: boolean): Promise<Cliente> {
  const response = await seller.request({
    method: 'POST',
    url: '/api/clientes',
    payload: { nome: 'Ana Souza', telefone: '(11) 98888-7777', email, limiteCredito: 100_000, avisos },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as Cliente;
}

const fiado = (clienteId: string, preco: number) => venderFiado(t, seller, clienteId, preco);

const log = async (clienteId: string, quem: SellerSession = seller) => {
  const response = await quem.request({ method: 'GET', url: `/api/clientes/${clienteId}/mensagens` });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as MensagensCliente).items;
};
const mailsTo = (to: string) => t.mails.filter((m) => m.to === to);

describe('the customer is told of each entry, once they consented', () => {
  it('a fiado sale, a payment and an adjustment each reach the customer by e-mail once, from the job, never on the request', async () => {
    const cliente = await novoCliente('ana@example.com', true);
    expect(cliente.avisos).toMatchObject({ ativos: true, como: 'formulario', paradosEm: null });

    await fiado(cliente.id, 4_500);
    expect(mailsTo('ana@example.com')).toHaveLength(0);
    expect((await log(cliente.id)).map((m) => m.status)).toEqual(['pendente']);

    await rodada();
    const [mail] = mailsTo('ana@example.com');
    expect(mail!.subject).toBe('Mercadinho Bom Preço: compra de R$ 45,00 na sua conta');
    expect(mail!.text).toContain('Olá, Ana Souza!');
    expect(mail!.text).toContain('A loja Mercadinho Bom Preço registrou uma compra fiado de R$ 45,00 na sua conta em 10/06/2026.');
    expect(mail!.text).toContain('Saldo em aberto: R$ 45,00.');
    expect(mail!.text).toContain(`http://localhost:3000/cliente/${cliente.login}`);
    expect(mail!.text).toContain('Credor: Mercadinho Bom Preço — CNPJ 12.345.678/0001-95');
    expect((await log(cliente.id))[0]).toMatchObject({ canal: 'email', destino: 'ana@example.com', tipo: 'venda', valor: -4_500, saldo: -4_500, status: 'enviada', tentativas: 1 });

    const pago = await seller.request({ method: 'POST', url: `/api/clientes/${cliente.id}/pagamentos`, payload: { valor: 2_000, metodo: 'pix' } });
    expect(pago.statusCode, pago.body).toBe(201);
    const ajuste = await seller.request({ method: 'POST', url: `/api/clientes/${cliente.id}/ajustes`, payload: { tipo: 'credito', valor: 500, motivo: 'Troco a menos' } });
    expect(ajuste.statusCode, ajuste.body).toBe(201);
    await rodada();
    await rodada();
    const textos = mailsTo('ana@example.com').map((m) => m.subject);
    expect(textos).toEqual([
      'Mercadinho Bom Preço: compra de R$ 45,00 na sua conta',
      'Mercadinho Bom Preço: pagamento de R$ 20,00 recebido',
      'Mercadinho Bom Preço: ajuste na sua conta',
    ]);
    expect(mailsTo('ana@example.com')[2]!.text).toContain('lançou um crédito de R$ 5,00 na sua conta');
    expect(mailsTo('ana@example.com')[2]!.text).toContain('Saldo em aberto: R$ 20,00.');
    expect((await log(cliente.id)).map((m) => m.status)).toEqual(['enviada', 'enviada', 'enviada']);
  });

  it('writes nothing to a customer who did not consent, or whom it cannot reach', async () => {
    const semConsentimento = await novoCliente('bia@example.com', false);
    const semEmail = await novoCliente(null, true);
    expect(semConsentimento.avisos).toBeNull();
    await fiado(semConsentimento.id, 1_000);
    await fiado(semEmail.id, 1_000);
    await rodada();
    expect(mailsTo('bia@example.com')).toHaveLength(0);
    expect(await log(semConsentimento.id)).toEqual([]);
    expect(await log(semEmail.id)).toEqual([]);
  });

  it("the shop's switch stops everything at once: what was waiting is cancelled, and the audit trail says who and when", async () => {
    const cliente = await novoCliente('caio@example.com', true);
    await fiado(cliente.id, 1_000);
    const { login: _login, ...resto } = cliente;
    const parado = await seller.request({
      method: 'PUT',
      url: `/api/clientes/${cliente.id}`,
      payload: { nome: resto.nome, telefone: resto.telefone, email: resto.email, limiteCredito: resto.limiteCredito, avisos: false },
    });
    expect(parado.statusCode, parado.body).toBe(200);
    expect((parado.json() as Cliente).avisos).toMatchObject({ ativos: false, como: 'formulario', paradosPor: 'loja' });
    await rodada();
    expect(mailsTo('caio@example.com')).toHaveLength(0);
    expect((await log(cliente.id)).map((m) => m.status)).toEqual(['cancelada']);
    await fiado(cliente.id, 1_000);
    expect(await log(cliente.id)).toHaveLength(1);

    const historico = (await seller.request({ method: 'GET', url: `/api/auditoria?clienteId=${cliente.id}` })).json() as AuditoriaPage;
    expect(historico.items.find((i) => i.acao === 'cliente.alterado')).toMatchObject({ mudancas: [{ campo: 'avisos', antes: true, depois: false }] });

    // Consent given again (confirmed by the customer) starts a new consent, dated now.
    const denovo = await seller.request({
      method: 'PUT',
      url: `/api/clientes/${cliente.id}`,
      payload: { nome: resto.nome, telefone: resto.telefone, email: resto.email, limiteCredito: resto.limiteCredito, avisos: true },
    });
    expect((denovo.json() as Cliente).avisos).toMatchObject({ ativos: true, paradosEm: null, paradosPor: null });
  });

  it('a mail server that refuses is tried again with back-off, sends once when it accepts, and is given up after a few tries', async () => {
    const cliente = await novoCliente('davi@example.com', true);
    recusados.add('davi@example.com');
    await fiado(cliente.id, 2_000);
    await rodada();
    let [mensagem] = await log(cliente.id);
    expect(mensagem).toMatchObject({ status: 'pendente', tentativas: 1, erro: '451 4.3.0 Mailbox temporarily unavailable' });
    // Tried again a minute later, then two minutes after that: not within the back-off.
    await rodada();
    expect((await log(cliente.id))[0]!.tentativas).toBe(2);
    await rodada();
    expect((await log(cliente.id))[0]!.tentativas).toBe(2);
    recusados.delete('davi@example.com');
    clock.set(new Date(clock.now().getTime() + 60_000));
    await rodada();
    [mensagem] = await log(cliente.id);
    expect(mensagem).toMatchObject({ status: 'enviada', tentativas: 3, erro: null });
    expect(mailsTo('davi@example.com')).toHaveLength(1);

    const outro = await novoCliente('eva@example.com', true);
    recusados.add('eva@example.com');
    await fiado(outro.id, 2_000);
    for (let i = 0; i < MAX_TENTATIVAS_MENSAGEM; i++) {
      await rodada();
      clock.set(new Date(clock.now().getTime() + 60 * 60_000));
    }
    expect((await log(outro.id))[0]).toMatchObject({ status: 'falhou', tentativas: MAX_TENTATIVAS_MENSAGEM });
    await rodada();
    expect((await log(outro.id))[0]!.tentativas).toBe(MAX_TENTATIVAS_MENSAGEM);
    expect(mailsTo('eva@example.com')).toHaveLength(0);
  });

  it('an attempt interrupted mid-send is given up, never sent a second time', async () => {
    const cliente = await novoCliente('fabi@example.com', true);
    await fiado(cliente.id, 2_000);
    // As an instance that claimed the message and died before recording how the send went.
    await withSeller(t.db, seller.id, (tx) =>
      tx.execute(sql`update mensagens set status = 'enviando', tentativas = 1, proxima_em = ${new Date(clock.now().getTime() + 10 * 60_000).toISOString()}::timestamptz where cliente_id = ${cliente.id}`),
    );
    await rodada();
    expect((await log(cliente.id))[0]!.status).toBe('enviando');
    clock.set(new Date(clock.now().getTime() + 10 * 60_000));
    await rodada();
    expect((await log(cliente.id))[0]).toMatchObject({ status: 'falhou', erro: ERRO_ENVIO_INTERROMPIDO });
    expect(mailsTo('fabi@example.com')).toHaveLength(0);
  });

  it("another shop sees neither the customer's log nor their consent", async () => {
    const cliente = await novoCliente('gil@example.com', true);
    const outra = await createSeller(t);
    const response = await outra.request({ method: 'GET', url: `/api/clientes/${cliente.id}/mensagens` });
    expect(response.statusCode).toBe(404);
    const alterar = await outra.request({
      method: 'PUT',
      url: `/api/clientes/${cliente.id}`,
      payload: { nome: 'Intruso', telefone: '(11) 98888-7777', email: null, limiteCredito: 0, avisos: false },
    });
    expect(alterar.statusCode).toBe(404);
    expect((await log(cliente.id))).toEqual([]);
    const proprio = (await seller.request({ method: 'GET', url: `/api/clientes/${cliente.id}` })).json() as Cliente;
    expect(proprio.avisos?.ativos).toBe(true);
  });

  it('the customer stops the messages on their page: nothing waiting is sent, and the shop sees who stopped them', async () => {
    const cliente = await novoCliente('hugo@example.com', true);
    await fiado(cliente.id, 1_000);
    const pagina = async () => (await t.app.inject({ method: 'GET', url: `/api/portal/${cliente.login}` })).json() as PortalCliente;
    expect((await pagina()).avisos).toEqual({ ativos: true, canal: 'email', paradosEm: null, lembretes: false });

    const parar = () => t.app.inject({ method: 'POST', url: `/api/portal/${cliente.login}/avisos/parar` });
    const parou = await parar();
    expect(parou.statusCode, parou.body).toBe(200);
    expect(parou.json()).toMatchObject({ ativos: false, canal: null });
    expect((await parar()).json()).toEqual(parou.json());
    expect((await pagina()).avisos).toEqual(parou.json());
    await rodada();
    expect(mailsTo('hugo@example.com')).toHaveLength(0);
    expect((await log(cliente.id)).map((m) => m.status)).toEqual(['cancelada']);
    const visto = (await seller.request({ method: 'GET', url: `/api/clientes/${cliente.id}` })).json() as Cliente;
    expect(visto.avisos).toMatchObject({ ativos: false, paradosPor: 'cliente' });

    const semConsentimento = await novoCliente(null, false);
    expect((await t.app.inject({ method: 'GET', url: `/api/portal/${semConsentimento.login}` })).json()).toMatchObject({ avisos: null });
    const recusado = await t.app.inject({ method: 'POST', url: `/api/portal/${semConsentimento.login}/avisos/parar` });
    expect(recusado.statusCode).toBe(409);
    expect(recusado.json()).toMatchObject({ code: 'SEM_AVISOS' });
    expect((await t.app.inject({ method: 'POST', url: '/api/portal/zzzz9999/avisos/parar' })).statusCode).toBe(404);
  });
});
