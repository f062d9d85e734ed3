import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DevedorDetalhe, ParcelamentosDoCliente } from '@caderneta/shared';
import { buildTestApp, createSeller, type SellerSession, type TestApp } from '../../../test/app';
import { testClock } from '../../../test/clock';
import { insertCliente, insertProduto } from '../../../test/fixtures';

/*
 * Parcelamento (issue 40, ADR 046): a customer's whole pending debt split into instalments. The
 * oldest open instalment's date is the customer's due date (Devedores, the régua, the reports and the
 * customer page read it); payments settle the oldest instalment first; a renegotiation keeps the
 * old schedule in the history. The clock crosses month ends in a leap year (2028).
 */

const clock = testClock('2028-01-10T12:00:00-03:00');
const dia = (d: string) => clock.set(`${d}T12:00:00-03:00`);

let t: TestApp;
let loja: SellerSession;
let vizinha: SellerSession;
let clienteId: string;
let produtoId: string;

const ler = async (s: SellerSession = loja) => {
  const response = await s.request({ method: 'GET', url: `/api/devedores/${clienteId}/parcelamento` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ParcelamentosDoCliente;
};
const parcelar = (parcelas: Array<[string, number]>, s: SellerSession = loja) =>
  s.request({ method: 'PUT', url: `/api/devedores/${clienteId}/parcelamento`, payload: { modo: 'manual', parcelas: parcelas.map(([vencimento, valor]) => ({ vencimento, valor })) } });
const devedor = async () => {
  const response = await loja.request({ method: 'GET', url: `/api/devedores/${clienteId}` });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as DevedorDetalhe;
};
const pagar = async (valor: number) => {
  const response = await loja.request({ method: 'POST', url: `/api/clientes/${clienteId}/pagamentos`, payload: { valor, metodo: 'pix' } });
  expect(response.statusCode, response.body).toBe(201);
};
const comprar = async (quantidade: number) => {
  const response = await loja.request({ method: 'POST', url: '/api/vendas', payload: { formaPagamento: 'fiado', clienteId, itens: [{ produtoId, quantidade }] } });
  expect(response.statusCode, response.body).toBe(201);
};

beforeAll(async () => {
  t = await buildTestApp({ clock });
  loja = await createSeller(t);
  vizinha = await createSeller(t);
  const regra = await loja.request({ method: 'PUT', url: '/api/cobranca/regra', payload: { tipo: 'dias_fixos', diasPrazo: 10 } });
  expect(regra.statusCode, regra.body).toBe(200);
  clienteId = (await insertCliente(t, loja.id, { nome: 'Dona Cida', telefone: '81987654321', limiteCredito: 1_000_000 })).id;
  produtoId = (await insertProduto(t, loja.id, { precoVenda: 5_000, estoqueAtual: 100 })).id;
  await comprar(6); // R$ 300,00 on 10 January: due on the 20th by the shop's rule
}, 60_000);
afterAll(() => t.close());

describe('parcelar a dívida', () => {
  it('refuses a schedule that breaks the rules, and saves nothing', async () => {
    dia('2028-01-15');
    const casos: Array<[Array<[string, number]>, string]> = [
      [[['2028-01-31', 30_000]], 'parcelas'],
      [Array.from({ length: 25 }, (_, i) => [`2029-${String((i % 12) + 1).padStart(2, '0')}-${String(Math.floor(i / 12) + 1).padStart(2, '0')}`, 1_200] as [string, number]), 'parcelas'],
      [[['2028-01-14', 15_000], ['2028-02-14', 15_000]], 'parcelas.0.vencimento'],
      [[['2028-02-14', 15_000], ['2028-02-14', 15_000]], 'parcelas.1.vencimento'],
      [[['2028-03-14', 15_000], ['2028-02-14', 15_000]], 'parcelas.1.vencimento'],
      [[['2028-02-14', 15_000], ['2028-03-14', 15_001]], 'parcelas'],
      [[['2028-02-14', 30_000], ['2028-03-14', 0]], 'parcelas.1.valor'],
    ];
    for (const [parcelas, path] of casos) {
      const response = await parcelar(parcelas);
      expect(response.statusCode, response.body).toBe(400);
      const body = response.json() as { code: string; issues: Array<{ path: string }> };
      expect(body.issues.map((i) => i.path), JSON.stringify(parcelas)).toContain(path);
    }
    const naoSomam = await parcelar([['2028-02-14', 15_000], ['2028-03-14', 15_001]]);
    expect(naoSomam.json().message).toBe('As parcelas somam R$ 300,01; a dívida é R$ 300,00');
    expect((await ler()).ativo).toBeNull();
    expect((await devedor()).dataVencimento).toBe('2028-01-20');
  });

  it('splits R$ 300,00 into 3 monthly instalments from the 31st, across February of a leap year', async () => {
    const response = await parcelar([['2028-01-31', 10_000], ['2028-02-29', 10_000], ['2028-03-31', 10_000]]);
    expect(response.statusCode, response.body).toBe(200);
    const { ativo, historico, saldoPendente } = response.json() as ParcelamentosDoCliente;
    expect(saldoPendente).toBe(30_000);
    expect(historico).toEqual([]);
    expect(ativo).toMatchObject({ estado: 'ativo', total: 30_000, aberto: 30_000 });
    expect(ativo!.parcelas.map((p) => [p.numero, p.vencimento, p.status])).toEqual([
      [1, '2028-01-31', 'aberta'],
      [2, '2028-02-29', 'aberta'],
      [3, '2028-03-31', 'aberta'],
    ]);
    const d = await devedor();
    expect(d).toMatchObject({ dataVencimento: '2028-01-31', vencimentoProprio: true, estaVencido: false, parcela: { numero: 1, de: 3, vencimento: '2028-01-31', aberto: 10_000 } });
  });

  it('the first instalment late: the debtor is overdue by its date, in the list too', async () => {
    dia('2028-02-10');
    expect(await devedor()).toMatchObject({ estaVencido: true, diasEmAtraso: 10, faixa: 'firme' });
    const lista = await loja.request({ method: 'GET', url: '/api/devedores?situacao=vencidos' });
    expect(lista.json().items).toEqual([expect.objectContaining({ id: clienteId, parcela: { numero: 1, de: 3, vencimento: '2028-01-31', aberto: 10_000, devido: 10_000 } })]);
  });

  it('a payment settles the oldest instalment first; the next one becomes the due one', async () => {
    await pagar(15_000);
    const { ativo } = await ler();
    expect(ativo!.parcelas.map((p) => [p.status, p.aberto])).toEqual([
      ['paga', 0],
      ['parcial', 5_000],
      ['aberta', 10_000],
    ]);
    expect(await devedor()).toMatchObject({ dataVencimento: '2028-02-29', estaVencido: false, parcela: { numero: 2, aberto: 5_000 } });
  });

  it('a new purchase adds to the debt, not to the instalments; the agreed date stays the instalment’s', async () => {
    await comprar(1);
    expect((await ler()).ativo!.aberto).toBe(15_000);
    // Due on the instalment's date: its R$ 50,00 left and the new purchase; the last instalment later.
    expect(await devedor()).toMatchObject({ saldoPendente: 20_000, dataVencimento: '2028-02-29', parcela: { numero: 2, aberto: 5_000, devido: 10_000 } });
    const manual = await loja.request({ method: 'PUT', url: `/api/devedores/${clienteId}/cobranca`, payload: { observacoes: 'x', dataVencimento: '2028-05-01' } });
    expect(manual.statusCode).toBe(409);
    expect(manual.json().code).toBe('PARCELAMENTO_ATIVO');
    const notas = await loja.request({ method: 'PUT', url: `/api/devedores/${clienteId}/cobranca`, payload: { observacoes: 'paga no dia 29', dataVencimento: '2028-02-29' } });
    expect(notas.statusCode, notas.body).toBe(200);
  });

  it('a renegotiation replaces the open instalments and keeps the old schedule in the history', async () => {
    dia('2028-03-01');
    const response = await parcelar([['2028-03-10', 10_000], ['2028-04-10', 10_000]]);
    expect(response.statusCode, response.body).toBe(200);
    const { ativo, historico } = response.json() as ParcelamentosDoCliente;
    expect(ativo).toMatchObject({ total: 20_000, aberto: 20_000 });
    expect(historico).toHaveLength(1);
    expect(historico[0]).toMatchObject({ estado: 'renegociado', total: 30_000, aberto: 15_000 });
    expect(historico[0]!.parcelas.map((p) => p.status)).toEqual(['paga', 'parcial', 'aberta']);
    expect(await devedor()).toMatchObject({ dataVencimento: '2028-03-10', parcela: { numero: 1, de: 2 } });
    const trilha = await loja.request({ method: 'GET', url: `/api/auditoria?clienteId=${clienteId}` });
    expect(trilha.statusCode, trilha.body).toBe(200);
    expect(trilha.json().items.filter((i: { acao: string }) => i.acao === 'cliente.parcelamento_criado')).toHaveLength(2);
  });

  it('a reversed payment reopens the instalment it paid', async () => {
    await pagar(10_000);
    expect((await devedor()).parcela).toMatchObject({ numero: 2 });
    const ajuste = await loja.request({ method: 'POST', url: `/api/clientes/${clienteId}/ajustes`, payload: { tipo: 'debito', valor: 10_000, motivo: 'PIX devolvido' } });
    expect(ajuste.statusCode, ajuste.body).toBe(201);
    expect((await devedor()).parcela).toMatchObject({ numero: 1, aberto: 10_000 });
  });

  it('"Desfazer" closes it and the shop’s rule is back; paying it all closes one as paid', async () => {
    const desfeito = await loja.request({ method: 'DELETE', url: `/api/devedores/${clienteId}/parcelamento` });
    expect(desfeito.statusCode, desfeito.body).toBe(200);
    expect((desfeito.json() as ParcelamentosDoCliente).historico[0]).toMatchObject({ estado: 'desfeito' });
    const d = await devedor();
    expect(d.parcela).toBeNull();
    expect(d.vencimentoProprio).toBe(false);
    expect((await loja.request({ method: 'DELETE', url: `/api/devedores/${clienteId}/parcelamento` })).statusCode).toBe(409);

    expect((await parcelar([['2028-03-20', 10_000], ['2028-04-20', d.saldoPendente - 10_000]])).statusCode).toBe(200);
    await pagar(d.saldoPendente);
    const depois = await ler();
    expect(depois.ativo).toBeNull();
    expect(depois.historico[0]).toMatchObject({ estado: 'quitado', aberto: 0 });
    expect((await devedor()).saldoPendente).toBe(0);
    expect((await parcelar([['2028-03-20', 100], ['2028-04-20', 100]])).json().code).toBe('CLIENTE_SEM_DIVIDA');
  });

  it('without amounts, the debt of that moment is split in equal parts, the remainder centavos on the last; some amounts and not others is refused', async () => {
    await comprar(1);
    const datas = ['2028-03-15', '2028-04-15', '2028-05-15'];
    const misto = await loja.request({ method: 'PUT', url: `/api/devedores/${clienteId}/parcelamento`, payload: { modo: 'mensal', parcelas: datas.map((vencimento, i) => (i ? { vencimento } : { vencimento, valor: 1_000 })) } });
    expect(misto.statusCode).toBe(400);
    expect(misto.json().issues).toEqual([{ path: 'parcelas', message: 'parcelaSemValor' }]);
    const response = await loja.request({ method: 'PUT', url: `/api/devedores/${clienteId}/parcelamento`, payload: { modo: 'mensal', parcelas: datas.map((vencimento) => ({ vencimento })) } });
    expect(response.statusCode, response.body).toBe(200);
    expect((response.json() as ParcelamentosDoCliente).ativo!.parcelas.map((p) => p.valor)).toEqual([1_666, 1_666, 1_668]);
  });

  it('another seller can neither read, make nor undo it', async () => {
    expect((await vizinha.request({ method: 'GET', url: `/api/devedores/${clienteId}/parcelamento` })).statusCode).toBe(404);
    expect((await parcelar([['2028-03-20', 100], ['2028-04-20', 100]], vizinha)).statusCode).toBe(404);
    expect((await vizinha.request({ method: 'DELETE', url: `/api/devedores/${clienteId}/parcelamento` })).statusCode).toBe(404);
  });
});
