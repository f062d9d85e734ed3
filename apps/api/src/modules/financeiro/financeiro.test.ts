import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Extrato, LancamentoResultado, Recibo, VendaDetalhe } from '@caderneta/shared';
import { buildTestApp, createSeller, type SellerSession, type TestApp } from '../../../test/app';
import { insertCliente, insertProduto, ledgerSum, readCliente, readVenda } from '../../../test/fixtures';
import { withSeller } from '../../db/client';
import { lancamentos, perfis } from '../../db/schema';

let t: TestApp;
let seller: SellerSession;
beforeAll(async () => {
  t = await buildTestApp();
  seller = await createSeller(t);
});
afterAll(() => t.close());

const pagar = (clienteId: string, payload: Record<string, unknown>, who: SellerSession = seller) =>
  who.request({ method: 'POST', url: `/api/clientes/${clienteId}/pagamentos`, payload });
const ajustar = (clienteId: string, payload: Record<string, unknown>, who: SellerSession = seller) =>
  who.request({ method: 'POST', url: `/api/clientes/${clienteId}/ajustes`, payload });

/** A customer with fiado sales of the given totals (in centavos), oldest first. */
async function devedor(totais: number[], nome = 'Dona Rosa') {
  const cliente = await insertCliente(t, seller.id, { nome, limiteCredito: 10_000_000 });
  const vendas: VendaDetalhe[] = [];
  for (const total of totais) {
    const produto = await insertProduto(t, seller.id, { precoVenda: total });
    const response = await seller.request({
      method: 'POST',
      url: '/api/vendas',
      payload: { formaPagamento: 'fiado', clienteId: cliente.id, itens: [{ produtoId: produto.id, quantidade: 1 }] },
    });
    expect(response.statusCode).toBe(201);
    vendas.push(response.json());
  }
  return { cliente, vendas };
}

describe('registering a payment', () => {
  it.each([['abc'], ['0'], ['0,00'], ['-5,00'], [''], ['12,345,6']])('refuses %j with "Valor inválido"', async (valor) => {
    const { cliente } = await devedor([1000]);
    const response = await pagar(cliente.id, { valor });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION', issues: [{ path: 'valor', message: 'valorInvalido' }] });
    expect((await readCliente(t, cliente.id)).saldoAtual).toBe(-1000);
  });

  it('refuses a method the seller cannot pick and text instead of centavos (the server never guesses a locale)', async () => {
    const { cliente } = await devedor([1000]);
    expect((await pagar(cliente.id, { valor: 500, metodo: 'online' })).statusCode).toBe(400);
    for (const valor of ['0,001', '10,500', '5', 0.5, 0, -100]) expect((await pagar(cliente.id, { valor })).statusCode).toBe(400);
    expect(await ledgerSum(t, cliente.id)).toBe(-1000);
  });

  it('takes centavos, pays the oldest sale first and tells what remains', async () => {
    const { cliente, vendas } = await devedor([5000, 3000]);
    const response = await pagar(cliente.id, { valor: 6250, metodo: 'pix', observacao: 'Pagou no balcão' });
    expect(response.statusCode).toBe(201);
    const body = response.json() as LancamentoResultado;
    expect(body.lancamento).toMatchObject({ tipo: 'pagamento', valor: 6250, metodo: 'pix', descricao: 'Pagou no balcão' });
    expect(body.cliente).toMatchObject({ saldoAtual: -1750, saldoPendente: 1750 });
    expect(body.resultado).toEqual({ tipo: 'restante', valor: 1750 });
    expect(body.vendasQuitadas).toEqual([vendas[0]!.numeroVenda]);
    expect(await readVenda(t, vendas[0]!.id)).toMatchObject({ statusPagamento: 'pago', valorPago: 5000 });
    expect(await readVenda(t, vendas[1]!.id)).toMatchObject({ statusPagamento: 'pendente', valorPago: 1250 });
    const [entry] = await t.db.select().from(lancamentos).where(eq(lancamentos.id, body.lancamento.id));
    expect(entry?.criadoPor).toBe(seller.id);
  });

  it('says "Débito totalmente quitado!" when the payment clears the debt', async () => {
    const { cliente, vendas } = await devedor([1000, 2000]);
    const body = (await pagar(cliente.id, { valor: 3000 })).json() as LancamentoResultado;
    expect(body.resultado).toEqual({ tipo: 'quitado' });
    expect(body.lancamento.metodo).toBe('dinheiro');
    expect(body.vendasQuitadas).toEqual(vendas.map((v) => v.numeroVenda));
    expect(await readCliente(t, cliente.id)).toMatchObject({ saldoAtual: 0, saldoPendente: 0 });
  });

  it('keeps what exceeds the debt as credit, used by the next fiado sale', async () => {
    const { cliente } = await devedor([1000]);
    const body = (await pagar(cliente.id, { valor: 2500 })).json() as LancamentoResultado;
    expect(body.resultado).toEqual({ tipo: 'credito', valor: 1500 });
    const produto = await insertProduto(t, seller.id, { precoVenda: 1000 });
    const venda = await seller.request({
      method: 'POST',
      url: '/api/vendas',
      payload: { formaPagamento: 'fiado', clienteId: cliente.id, itens: [{ produtoId: produto.id, quantidade: 1 }] },
    });
    expect(venda.json()).toMatchObject({ statusPagamento: 'pago', valorPago: 1000 });
    expect((await readCliente(t, cliente.id)).saldoAtual).toBe(500);
  });

  it('records a payment once when the same form is sent twice', async () => {
    const { cliente } = await devedor([4000]);
    const chave = crypto.randomUUID();
    const first = await pagar(cliente.id, { valor: 1000, chave });
    const second = await pagar(cliente.id, { valor: 1000, chave });
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.json().lancamento.id).toBe(first.json().lancamento.id);
    expect((await readCliente(t, cliente.id)).saldoAtual).toBe(-3000);
    expect(await ledgerSum(t, cliente.id)).toBe(-3000);
  });

  it('answers a retried payment exactly as the first answer, with the sales it paid off, even after a new sale', async () => {
    const { cliente, vendas } = await devedor([2000, 3000, 4000]);
    const corpo = { valor: 5500, metodo: 'pix', chave: crypto.randomUUID() };
    const first = await pagar(cliente.id, corpo);
    expect(first.statusCode).toBe(201);
    expect(first.json().vendasQuitadas).toEqual([vendas[0]!.numeroVenda, vendas[1]!.numeroVenda]);
    const retry = await pagar(cliente.id, corpo);
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    // A sale recorded before a late retry: the retry still tells what that payment did.
    const produto = await insertProduto(t, seller.id, { precoVenda: 700 });
    const venda = await seller.request({
      method: 'POST',
      url: '/api/vendas',
      payload: { formaPagamento: 'fiado', clienteId: cliente.id, itens: [{ produtoId: produto.id, quantidade: 1 }] },
    });
    expect(venda.statusCode).toBe(201);
    const late = await pagar(cliente.id, corpo);
    expect(late.json()).toEqual(first.json());
    expect(await ledgerSum(t, cliente.id)).toBe(-(2000 + 3000 + 4000 + 700) + 5500);
  });

  it('answers every one of several identical payments sent at once with the same body, posting it once', async () => {
    const { cliente, vendas } = await devedor([1500, 2500]);
    const corpo = { valor: 4000, chave: crypto.randomUUID() };
    const responses = await Promise.all([pagar(cliente.id, corpo), pagar(cliente.id, corpo), pagar(cliente.id, corpo)]);
    for (const response of responses) expect(response.statusCode, response.body).toBe(201);
    const [first, ...others] = responses.map((r) => r.json() as LancamentoResultado);
    expect(first!.vendasQuitadas).toEqual(vendas.map((v) => v.numeroVenda));
    expect(first!.resultado).toEqual({ tipo: 'quitado' });
    for (const other of others) expect(other).toEqual(first);
    expect(await ledgerSum(t, cliente.id)).toBe(0);
  });

  it("gives another seller who sends the same key nothing of the first seller's payment", async () => {
    const { cliente } = await devedor([1000]);
    const corpo = { valor: 1000, chave: crypto.randomUUID() };
    const first = await pagar(cliente.id, corpo);
    expect(first.json().vendasQuitadas).toHaveLength(1);
    const outro = await createSeller(t);
    // With the first seller's customer: not theirs.
    const alheio = await pagar(cliente.id, corpo, outro);
    expect(alheio.statusCode).toBe(404);
    expect(alheio.body).not.toContain(first.json().lancamento.id);
    // With a customer of their own: a payment of their own, which paid off none of the first seller's sales.
    const proprio = await insertCliente(t, outro.id, { limiteCredito: 10_000 });
    const seu = await pagar(proprio.id, corpo, outro);
    expect(seu.statusCode).toBe(201);
    expect(seu.json().lancamento.id).not.toBe(first.json().lancamento.id);
    expect(seu.json()).toMatchObject({ vendasQuitadas: [], resultado: { tipo: 'credito', valor: 1000 } });
    expect(await ledgerSum(t, cliente.id)).toBe(0);
  });

  it('answers 404 for a customer that is not there', async () => {
    expect((await pagar(crypto.randomUUID(), { valor: 1000 })).statusCode).toBe(404);
  });
});

describe('adjustments', () => {
  it('requires a reason', async () => {
    const { cliente } = await devedor([1000]);
    const response = await ajustar(cliente.id, { tipo: 'credito', valor: 500, motivo: '  ' });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toEqual([{ path: 'motivo', message: 'motivoObrigatorio' }]);
  });

  it('a debit adds to the debt, a credit pays sales like a payment does', async () => {
    const cliente = await insertCliente(t, seller.id);
    const debito = (await ajustar(cliente.id, { tipo: 'debito', valor: 8000, motivo: 'Dívida do caderno antigo' })).json() as LancamentoResultado;
    expect(debito.lancamento).toMatchObject({ tipo: 'ajuste', valor: -8000, descricao: 'Dívida do caderno antigo', metodo: null });
    expect(debito.cliente.saldoPendente).toBe(8000);
    const credito = (await ajustar(cliente.id, { tipo: 'credito', valor: 10000, motivo: 'Devolução de mercadoria' })).json() as LancamentoResultado;
    expect(credito.resultado).toEqual({ tipo: 'credito', valor: 2000 });
    expect(await ledgerSum(t, cliente.id)).toBe(2000);
  });

  it('posts an adjustment once when the same form is sent twice, even at once; the key is not shared with another customer', async () => {
    const cliente = await insertCliente(t, seller.id);
    const chave = crypto.randomUUID();
    const corpo = { tipo: 'debito', valor: 5000, motivo: 'Dívida do caderno', chave };
    const [a, b] = await Promise.all([ajustar(cliente.id, corpo), ajustar(cliente.id, corpo)]);
    const again = await ajustar(cliente.id, corpo);
    for (const response of [a, b, again]) expect(response.statusCode, response.body).toBe(201);
    expect(new Set([a, b, again].map((r) => r.json().lancamento.id)).size).toBe(1);
    expect(again.json().cliente.saldoAtual).toBe(-5000);
    expect(await ledgerSum(t, cliente.id)).toBe(-5000);
    // The same key for another customer is a client's mistake: nothing is posted there.
    const outro = await insertCliente(t, seller.id);
    expect((await ajustar(outro.id, corpo)).statusCode).toBe(404);
    expect(await ledgerSum(t, outro.id)).toBe(0);
    // A new form (a new key) is a new adjustment.
    expect((await ajustar(cliente.id, { ...corpo, chave: crypto.randomUUID() })).statusCode).toBe(201);
    expect(await ledgerSum(t, cliente.id)).toBe(-10000);
  });

  it('a debit after a sale was paid takes coverage back from the newest sale (allocation follows the ledger)', async () => {
    const { cliente, vendas } = await devedor([3000, 2000]);
    await pagar(cliente.id, { valor: 5000 });
    expect(await readVenda(t, vendas[1]!.id)).toMatchObject({ statusPagamento: 'pago' });
    // The payment was typed wrong: R$ 50 instead of R$ 35. The seller corrects it with a debit.
    await ajustar(cliente.id, { tipo: 'debito', valor: 1500, motivo: 'Pagamento lançado a mais' });
    expect(await readVenda(t, vendas[0]!.id)).toMatchObject({ statusPagamento: 'pago', valorPago: 3000 });
    expect(await readVenda(t, vendas[1]!.id)).toMatchObject({ statusPagamento: 'pendente', valorPago: 500 });
    expect(await readCliente(t, cliente.id)).toMatchObject({ saldoAtual: -1500, saldoPendente: 1500 });
  });
});

describe('statement (extrato)', () => {
  it('lists every entry newest first with the running balance, paginated', async () => {
    const { cliente, vendas } = await devedor([5000, 2500], 'Seu Zé');
    await pagar(cliente.id, { valor: 4000 });
    await ajustar(cliente.id, { tipo: 'debito', valor: 300, motivo: 'Taxa de entrega' });
    await seller.request({ method: 'POST', url: `/api/vendas/${vendas[1]!.id}/cancelar`, payload: { motivo: 'Cliente desistiu' } });

    const response = await seller.request({ method: 'GET', url: `/api/clientes/${cliente.id}/extrato` });
    expect(response.statusCode).toBe(200);
    const extrato = response.json() as Extrato;
    expect(extrato.cliente).toMatchObject({ nome: 'Seu Zé', telefone: '11987654321', saldoAtual: -1300, saldoPendente: 1300 });
    expect(extrato.total).toBe(5);
    expect(extrato.items.map((e) => [e.tipo, e.valor, e.saldo])).toEqual([
      ['estorno', 2500, -1300],
      ['ajuste', -300, -3800],
      ['pagamento', 4000, -3500],
      ['venda', -2500, -7500],
      ['venda', -5000, -5000],
    ]);
    expect(extrato.items[0]).toMatchObject({ vendaId: vendas[1]!.id, numeroVenda: vendas[1]!.numeroVenda });
    expect(extrato.items[1]!.descricao).toBe('Taxa de entrega');
    expect(Date.parse(extrato.items[0]!.data)).toBeGreaterThan(Date.now() - 60_000);

    const page2 = (await seller.request({ method: 'GET', url: `/api/clientes/${cliente.id}/extrato?page=2&pageSize=2` })).json() as Extrato;
    expect(page2.items.map((e) => e.saldo)).toEqual([-3500, -7500]);
    expect(page2.total).toBe(5);
    const beyond = (await seller.request({ method: 'GET', url: `/api/clientes/${cliente.id}/extrato?page=9` })).json() as Extrato;
    expect(beyond).toMatchObject({ items: [], total: 5 });
  });

  it('is empty for a customer without entries and 404 for an unknown one', async () => {
    const cliente = await insertCliente(t, seller.id);
    const extrato = (await seller.request({ method: 'GET', url: `/api/clientes/${cliente.id}/extrato` })).json() as Extrato;
    expect(extrato).toMatchObject({ items: [], total: 0, cliente: { saldoAtual: 0 } });
    expect((await seller.request({ method: 'GET', url: `/api/clientes/${crypto.randomUUID()}/extrato` })).statusCode).toBe(404);
  });
});

describe('receipt (recibo)', () => {
  it('gives the data for the printable page and a WhatsApp text in the shop language', async () => {
    await withSeller(t.db, seller.id, (tx) =>
      tx.update(perfis).set({ nomeLoja: 'Mercadinho São Jorge', telefoneLoja: '1133334444' }).where(eq(perfis.ownerId, seller.id)),
    );
    const cliente = await insertCliente(t, seller.id, { nome: 'Joana Prado', telefone: '11912345678' });
    await ajustar(cliente.id, { tipo: 'debito', valor: 10000, motivo: 'Saldo anterior' });
    const first = (await pagar(cliente.id, { valor: 4000, metodo: 'pix', observacao: 'Metade' })).json() as LancamentoResultado;
    const second = (await pagar(cliente.id, { valor: 6000 })).json() as LancamentoResultado;

    const r1 = (await seller.request({ method: 'GET', url: `/api/pagamentos/${first.lancamento.id}/recibo` })).json() as Recibo;
    expect(r1).toMatchObject({
      id: first.lancamento.id,
      valor: 4000,
      metodo: 'pix',
      observacao: 'Metade',
      saldoApos: -6000,
      cliente: { id: cliente.id, nome: 'Joana Prado', telefone: '11912345678' },
      loja: { nome: 'Mercadinho São Jorge', telefone: '1133334444' },
    });
    expect(r1.numero).toMatch(/^[0-9A-F]{8}$/);
    expect(r1.texto).toContain('*Mercadinho São Jorge*');
    expect(r1.texto).toContain('Valor pago: *R$ 40,00*');
    expect(r1.texto).toContain('Forma de pagamento: PIX');
    expect(r1.texto).toContain('Saldo devedor restante: R$ 60,00');
    expect(r1.whatsappUrl).toBe(`https://wa.me/5511912345678?text=${encodeURIComponent(r1.texto)}`);

    const r2 = (await seller.request({ method: 'GET', url: `/api/pagamentos/${second.lancamento.id}/recibo` })).json() as Recibo;
    expect(r2.saldoApos).toBe(0);
    expect(r2.texto).toContain('Débito totalmente quitado!');
  });

  it('exists only for payments', async () => {
    const cliente = await insertCliente(t, seller.id);
    const ajuste = (await ajustar(cliente.id, { tipo: 'credito', valor: 100, motivo: 'Brinde' })).json() as LancamentoResultado;
    expect((await seller.request({ method: 'GET', url: `/api/pagamentos/${ajuste.lancamento.id}/recibo` })).statusCode).toBe(404);
    expect((await seller.request({ method: 'GET', url: `/api/pagamentos/${crypto.randomUUID()}/recibo` })).statusCode).toBe(404);
  });
});
