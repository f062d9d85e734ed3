import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DevedoresPage, PortalCliente } from '@caderneta/shared';
import { buildTestApp, createSeller, TEST_ORIGIN, type SellerSession, type TestApp } from '../../../test/app';
import { testClock } from '../../../test/clock';
import { insertProduto } from '../../../test/fixtures';

/*
 * The customer page says when the balance falls due and how late it is, by the same verdict as
 * Devedores (docs/decisions/027-one-meaning-of-overdue.md): an opening balance falls due by the
 * shop's rule from the day it was entered, a date agreed with the customer replaces the rule.
 */
const clock = testClock('2026-02-03T12:00:00-03:00');
let t: TestApp;
let seller: SellerSession;
beforeAll(async () => {
  t = await buildTestApp({ clock });
  seller = await createSeller(t);
});
afterAll(() => t.close());

const pagina = async (login: string) => {
  const response = await t.app.inject({ method: 'GET', url: `/api/portal/${login}`, headers: { origin: TEST_ORIGIN } });
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as PortalCliente;
};
/** A customer made as the seller makes one: with the code of their page. */
const novoCliente = async (nome: string) => {
  const response = await seller.request({ method: 'POST', url: '/api/clientes', payload: { nome, telefone: '(11) 98765-4321', limiteCredito: 1_000_000 } });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { id: string; login: string };
};
const devedor = async (id: string) => {
  const response = await seller.request({ method: 'GET', url: '/api/devedores?pageSize=100' });
  return (response.json() as DevedoresPage).items.find((d) => d.id === id);
};

describe("the customer page's due date", () => {
  it('is the one Devedores shows: an opening balance by the rule, an agreed date instead of it, none when nothing is owed', async () => {
    const caio = await novoCliente('Caio Prado');
    const bia = await novoCliente('Bia Souza');
    const pao = await insertProduto(t, seller.id, { nome: 'Pão', precoVenda: 2500, estoqueAtual: 50 });
    // 3 February: Caio's balance from the paper notebook; Bia buys on credit.
    const ajuste = await seller.request({ method: 'POST', url: `/api/clientes/${caio.id}/ajustes`, payload: { tipo: 'debito', valor: 12_000, motivo: 'Saldo anterior do caderno' } });
    expect(ajuste.statusCode, ajuste.body).toBe(201);
    const venda = await seller.request({ method: 'POST', url: '/api/vendas', payload: { formaPagamento: 'fiado', clienteId: bia.id, itens: [{ produtoId: pao.id, quantidade: 1 }] } });
    expect(venda.statusCode, venda.body).toBe(201);

    // Both fall due on 1 March (the default rule); on 10 February neither is late.
    clock.set('2026-02-10T12:00:00-03:00');
    expect((await pagina(caio.login)).vencimento).toEqual({ data: '2026-03-01', vencido: false, diasEmAtraso: 0 });

    // 31 March: 30 days late, on the page as on Devedores.
    clock.set('2026-03-31T12:00:00-03:00');
    const paginaCaio = await pagina(caio.login);
    expect(paginaCaio.vencimento).toEqual({ data: '2026-03-01', vencido: true, diasEmAtraso: 30 });
    expect(await devedor(caio.id)).toMatchObject({ dataVencimento: '2026-03-01', estaVencido: true, diasEmAtraso: 30 });

    // Bia agreed to pay on 5 April: not late, on the page as on Devedores.
    const acordo = await seller.request({ method: 'PUT', url: `/api/devedores/${bia.id}/cobranca`, payload: { observacoes: null, dataVencimento: '2026-04-05' } });
    expect(acordo.statusCode, acordo.body).toBe(200);
    expect((await pagina(bia.login)).vencimento).toEqual({ data: '2026-04-05', vencido: false, diasEmAtraso: 0 });
    expect(await devedor(bia.id)).toMatchObject({ dataVencimento: '2026-04-05', estaVencido: false });

    // Paid off: no due date.
    const pagamento = await seller.request({ method: 'POST', url: `/api/clientes/${caio.id}/pagamentos`, payload: { valor: 12_000, metodo: 'pix' } });
    expect(pagamento.statusCode, pagamento.body).toBe(201);
    expect((await pagina(caio.login)).vencimento).toBeNull();
  });
});
