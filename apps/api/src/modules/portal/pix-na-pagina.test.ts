import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidPixPayload } from '@brazilian-utils/brazilian-utils';
import { addDays, today, type PagamentoOnline, type PortalCliente } from '@caderneta/shared';
import { buildTestApp, createSeller, TEST_ORIGIN, type SellerSession, type TestApp } from '../../../test/app';
import { testClock } from '../../../test/clock';
import { insertProduto, ledgerSum } from '../../../test/fixtures';
import { ligarMercadoPago } from '../../../test/mercadopago';
import { startFakeMercadoPago, type FakeMercadoPago } from '../../integrations/mercadopago/fake-server';

/*
 * PIX paid in the customer page (issue 38): Mercado Pago's payments API makes the QR Code and the
 * copia-e-cola, the customer's bank pays it (the fake's "bank"), and the signed webhook credits it
 * once — against the fake Mercado Pago, its webhooks delivered to this app.
 */
// Mercado Pago checks the expiry against its own clock: the app's starts at the real time.
const AGORA = new Date(Math.floor(Date.now() / 1000) * 1000).toISOString();
const clock = testClock(AGORA);
const TOKEN = 'APP_USR-pix-na-pagina-123456';
let fake: FakeMercadoPago;
let t: TestApp;
let seller: SellerSession;
let forwarder: Server;

beforeAll(async () => {
  fake = await startFakeMercadoPago();
  t = await buildTestApp({ mercadopagoApiUrl: fake.url, clock });
  seller = await createSeller(t);
  await ligarMercadoPago(seller, fake, TOKEN);
  // The fake delivers webhooks over HTTP: a loopback port forwards them to app.inject.
  forwarder = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const response = await t.app.inject({ method: 'POST', url: req.url!, headers: req.headers as Record<string, string>, payload: Buffer.concat(chunks) });
    res.writeHead(response.statusCode, { 'content-type': 'application/json' });
    res.end(response.body);
  });
  await new Promise<void>((resolve) => forwarder.listen(0, '127.0.0.1', resolve));
}, 120_000);

afterAll(async () => {
  await new Promise<void>((resolve) => forwarder.close(() => resolve()));
  await t.close();
  await fake.close();
});

async function devedor(total: number, email: string | null = null) {
  const criado = await seller.request({ method: 'POST', url: '/api/clientes', payload: { nome: 'Joana Maria da Silva', telefone: '(11) 98888-7777', email, limiteCredito: 5_000_000 } });
  expect(criado.statusCode, criado.body).toBe(201);
  const cliente = criado.json() as { id: string; login: string };
  const produto = await insertProduto(t, seller.id, { precoVenda: total, estoqueAtual: 10 });
  const venda = await seller.request({ method: 'POST', url: '/api/vendas', payload: { formaPagamento: 'fiado', clienteId: cliente.id, itens: [{ produtoId: produto.id, quantidade: 1 }] } });
  expect(venda.statusCode, venda.body).toBe(201);
  return cliente;
}

const iniciar = (login: string, payload: Record<string, unknown> = { metodo: 'pix', naPagina: true }) =>
  t.app.inject({ method: 'POST', url: `/api/portal/${login}/pagamentos`, payload });
const verificar = async (login: string, id: string) => {
  const response = await t.app.inject({ method: 'POST', url: `/api/portal/${login}/pagamentos/${id}/verificar` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as PagamentoOnline;
};
const pagina = async (login: string) => (await t.app.inject({ method: 'GET', url: `/api/portal/${login}` })).json() as PortalCliente;

/** The fake payment of a record, its webhooks pointed at this app. */
function pagamentoMp(recordId: string) {
  const payment = [...fake.payments.values()].find((p) => p.external_reference === recordId)!;
  payment.notificationUrl = payment.notificationUrl!.replace(TEST_ORIGIN, `http://127.0.0.1:${(forwarder.address() as { port: number }).port}`);
  return payment;
}

describe('PIX in the customer page', () => {
  it('answers a QR Code and its copia-e-cola for what is owed, payable for 30 minutes; asked again, the same PIX, and no card meanwhile', async () => {
    const cliente = await devedor(4_590);
    const response = await iniciar(cliente.login);
    expect(response.statusCode, response.body).toBe(201);
    const pagamento = response.json() as PagamentoOnline;
    expect(pagamento).toMatchObject({ metodo: 'pix', status: 'pendente', valorBase: 4_590, taxa: 0, valorTotal: 4_590 });
    expect(pagamento.initPoint).toBeUndefined();
    expect(isValidPixPayload(pagamento.pix!.copiaCola)).toBe(true);
    expect(pagamento.pix!.expirado).toBe(false);
    expect(pagamento.pix!.qrCode).toMatch(/^data:image\/png;base64,[A-Za-z0-9+/]+=*$/);
    // 30 minutes from the app's clock (which runs on from AGORA).
    const validade = Date.parse(pagamento.pix!.expiraEm) - Date.parse(AGORA);
    expect(validade).toBeGreaterThanOrEqual(30 * 60_000);
    expect(validade).toBeLessThan(31 * 60_000);

    // What Mercado Pago was asked: the amount in reais, our record, the webhook, an e-mail (the
    // customer has none here: the shop's Mercado Pago account's).
    const mp = pagamentoMp(pagamento.id);
    expect(mp).toMatchObject({ transaction_amount: 45.9, payment_method_id: 'pix', status: 'pending', payer: { email: expect.stringMatching(/@testuser\.com$/) } });
    expect(mp.notificationUrl).toContain(`/api/webhooks/mercadopago/`);

    const deNovo = await iniciar(cliente.login);
    expect(deNovo.statusCode, deNovo.body).toBe(201);
    expect(deNovo.json()).toEqual(pagamento);
    expect([...fake.payments.values()].filter((p) => p.external_reference === pagamento.id)).toHaveLength(1);

    expect((await pagina(cliente.login)).pagamentoEmAndamento).toMatchObject({ id: pagamento.id, metodo: 'pix', valorTotal: 4_590, expiraEm: pagamento.pix!.expiraEm });
    const cartao = await iniciar(cliente.login, { metodo: 'cartao' });
    expect(cartao.statusCode).toBe(409);
    expect(cartao.json()).toMatchObject({
      code: 'PAGAMENTO_ONLINE_EM_ANDAMENTO',
      message: 'Você já tem um PIX gerado e ainda não pago. Pague-o pelo código, ou gere outro quando ele expirar (em até 30 minutos).',
    });
  });

  it('is credited once when the bank pays it: the balance drops, and the page says it is paid', async () => {
    const cliente = await devedor(12_000, 'joana@example.com');
    const pagamento = (await iniciar(cliente.login)).json() as PagamentoOnline;
    expect(pagamentoMp(pagamento.id).payer).toEqual({ email: 'joana@example.com', first_name: 'Joana' });

    // The bank pays; Mercado Pago notifies three times.
    await fake.payPix(Number(pagamentoMp(pagamento.id).id), { notifications: 3 });
    expect(await verificar(cliente.login, pagamento.id)).toMatchObject({ status: 'aprovado' });
    expect((await verificar(cliente.login, pagamento.id)).pix).toBeUndefined();
    expect(await ledgerSum(t, cliente.id)).toBe(0);
    const depois = await pagina(cliente.login);
    expect(depois).toMatchObject({ saldoPendente: 0, pagamentoEmAndamento: null });
    expect(depois.pagamentos).toEqual([expect.objectContaining({ valor: 12_000, metodo: 'online', estornado: false })]);
  });

  it('with instalments, pays what falls due on the open one: the first is paid, the next becomes the due one', async () => {
    const cliente = await devedor(30_000);
    const hoje = today('America/Sao_Paulo', clock.now());
    const datas = [addDays(hoje, 5), addDays(hoje, 35), addDays(hoje, 65)];
    const parcelou = await seller.request({ method: 'PUT', url: `/api/devedores/${cliente.id}/parcelamento`, payload: { modo: 'manual', parcelas: datas.map((vencimento) => ({ vencimento, valor: 10_000 })) } });
    expect(parcelou.statusCode, parcelou.body).toBe(200);
    const antes = await pagina(cliente.login);
    expect(antes).toMatchObject({ saldoPendente: 30_000, parcelaDevida: 10_000, vencimento: { data: datas[0] } });

    const response = await iniciar(cliente.login, { metodo: 'pix', naPagina: true, parcela: true });
    expect(response.statusCode, response.body).toBe(201);
    const pagamento = response.json() as PagamentoOnline;
    expect(pagamento).toMatchObject({ valorBase: 10_000, valorTotal: 10_000 });
    await fake.payPix(Number(pagamentoMp(pagamento.id).id), { notifications: 1 });
    expect(await verificar(cliente.login, pagamento.id)).toMatchObject({ status: 'aprovado' });

    const depois = await pagina(cliente.login);
    expect(depois).toMatchObject({ saldoPendente: 20_000, parcelaDevida: 10_000, vencimento: { data: datas[1], vencido: false } });
    expect(depois.parcelas!.map((p) => p.status)).toEqual(['paga', 'aberta', 'aberta']);
  });

  it('past its expiry holds nothing back: Mercado Pago cancels it, the page says so, and a new PIX can be made', async () => {
    const cliente = await devedor(3_000);
    const primeiro = (await iniciar(cliente.login)).json() as PagamentoOnline;
    await fake.expirePix(Number(pagamentoMp(primeiro.id).id));
    expect(await verificar(cliente.login, primeiro.id)).toMatchObject({ status: 'recusado' });
    expect((await pagina(cliente.login)).pagamentoEmAndamento).toBeNull();

    const segundo = await iniciar(cliente.login);
    expect(segundo.statusCode, segundo.body).toBe(201);
    expect(segundo.json()).toMatchObject({ status: 'pendente', pix: { copiaCola: expect.any(String) } });
    expect((segundo.json() as PagamentoOnline).id).not.toBe(primeiro.id);
  });

  it('also lets go of a PIX whose expiry passed on our clock before Mercado Pago said anything', async () => {
    const cliente = await devedor(2_000);
    const primeiro = (await iniciar(cliente.login)).json() as PagamentoOnline;
    clock.set(new Date(Date.parse(AGORA) + 31 * 60_000).toISOString());
    try {
      // Mercado Pago has not said anything yet: the page is told it expired, and gets no code to pay.
      expect((await verificar(cliente.login, primeiro.id)).pix).toEqual({ copiaCola: '', qrCode: '', expiraEm: primeiro.pix!.expiraEm, expirado: true });
      expect((await pagina(cliente.login)).pagamentoEmAndamento).toBeNull();
      const segundo = await iniciar(cliente.login, { metodo: 'cartao' });
      expect(segundo.statusCode, segundo.body).toBe(201);
      expect(segundo.json()).toMatchObject({ metodo: 'cartao', initPoint: expect.stringContaining('/checkout/v1/redirect') });
      expect((segundo.json() as PagamentoOnline).id).not.toBe(primeiro.id);
    } finally {
      clock.set(AGORA);
    }
  });

  it('goes through Checkout Pro for a page that does not ask for it in the page, as before', async () => {
    const cliente = await devedor(1_500);
    const response = await iniciar(cliente.login, { metodo: 'pix' });
    expect(response.statusCode, response.body).toBe(201);
    const pagamento = response.json() as PagamentoOnline;
    expect(pagamento.initPoint).toContain('/checkout/v1/redirect');
    expect(pagamento.pix).toBeUndefined();
  });

  it('says Mercado Pago cannot be reached when it is down, and the attempt holds nothing back', async () => {
    const cliente = await devedor(2_500);
    fake.setDown(true);
    try {
      const falhou = await iniciar(cliente.login);
      expect(falhou.statusCode).toBe(502);
      expect(falhou.json()).toMatchObject({ code: 'MP_INDISPONIVEL' });
    } finally {
      fake.setDown(false);
    }
    const depois = await iniciar(cliente.login);
    expect(depois.statusCode, depois.body).toBe(201);
    expect(depois.json()).toMatchObject({ status: 'pendente', pix: expect.any(Object) });
  });

  it('refuses a body it does not know, and another customer’s code checks nothing', async () => {
    const cliente = await devedor(1_000);
    const ruim = await iniciar(cliente.login, { metodo: 'pix', naPagina: 'sim' });
    expect(ruim.statusCode).toBe(400);
    expect(ruim.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
    const pagamento = (await iniciar(cliente.login)).json() as PagamentoOnline;
    const outro = await devedor(1_000);
    const alheio = await t.app.inject({ method: 'POST', url: `/api/portal/${outro.login}/pagamentos/${pagamento.id}/verificar` });
    expect(alheio.statusCode).toBe(404);
    expect(alheio.body).not.toContain(pagamento.pix!.copiaCola);
  });
});
