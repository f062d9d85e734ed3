import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { LancamentoResultado, VendaDetalhe } from '@caderneta/shared';
import { buildTestApp, createSeller, type SellerSession, type TestApp } from '../../../test/app';
import { countRows, insertCliente, insertProduto, ledgerSum, readCliente, readProduto, readVenda } from '../../../test/fixtures';
import { lancamentos, vendas } from '../../db/schema';

/** Another seller tries every id of every sales and ledger endpoint: 404, and nothing changes. */
let t: TestApp;
let owner: SellerSession;
let intruder: SellerSession;
let ids: { cliente: string; produto: string; venda: string; vendaVista: string; pagamento: string; ajuste: string };

beforeAll(async () => {
  t = await buildTestApp();
  owner = await createSeller(t);
  intruder = await createSeller(t);
  const cliente = await insertCliente(t, owner.id, { nome: 'Cliente do Dono' });
  const produto = await insertProduto(t, owner.id, { estoqueAtual: 10, precoVenda: 1000 });
  const venda = (
    await owner.request({ method: 'POST', url: '/api/vendas', payload: { formaPagamento: 'fiado', clienteId: cliente.id, itens: [{ produtoId: produto.id, quantidade: 2 }] } })
  ).json() as VendaDetalhe;
  const vendaVista = (
    await owner.request({ method: 'POST', url: '/api/vendas', payload: { formaPagamento: 'vista', itens: [{ produtoId: produto.id, quantidade: 1 }] } })
  ).json() as VendaDetalhe;
  const pagamento = (await owner.request({ method: 'POST', url: `/api/clientes/${cliente.id}/pagamentos`, payload: { valor: 500 } })).json() as LancamentoResultado;
  const ajuste = (
    await owner.request({ method: 'POST', url: `/api/clientes/${cliente.id}/ajustes`, payload: { tipo: 'debito', valor: 100, motivo: 'x' } })
  ).json() as LancamentoResultado;
  ids = { cliente: cliente.id, produto: produto.id, venda: venda.id, vendaVista: vendaVista.id, pagamento: pagamento.lancamento.id, ajuste: ajuste.lancamento.id };
});
afterAll(() => t.close());

describe("another seller's ids", () => {
  it('are 404 on every endpoint, and nothing of the owner changes', async () => {
    const before = {
      cliente: await readCliente(t, ids.cliente),
      produto: await readProduto(t, ids.produto),
      venda: await readVenda(t, ids.venda),
      vendaVista: await readVenda(t, ids.vendaVista),
      lancamentos: await countRows(t, lancamentos, owner.id),
    };
    // The intruder has a product and a customer of their own, so only the foreign id is wrong.
    const proprioProduto = await insertProduto(t, intruder.id);
    const proprioCliente = await insertCliente(t, intruder.id);

    const attempts = [
      { method: 'GET', url: `/api/vendas/${ids.venda}` },
      { method: 'GET', url: `/api/vendas/${ids.vendaVista}` },
      { method: 'POST', url: `/api/vendas/${ids.venda}/cancelar`, payload: { motivo: 'Cliente desistiu' } },
      { method: 'POST', url: `/api/vendas/${ids.vendaVista}/cancelar`, payload: { motivo: 'Cliente desistiu' } },
      { method: 'POST', url: `/api/clientes/${ids.cliente}/pagamentos`, payload: { valor: 1000 } },
      { method: 'POST', url: `/api/clientes/${ids.cliente}/ajustes`, payload: { tipo: 'credito', valor: 1000, motivo: 'x' } },
      { method: 'GET', url: `/api/clientes/${ids.cliente}/extrato` },
      { method: 'GET', url: `/api/pagamentos/${ids.pagamento}/recibo` },
      { method: 'GET', url: `/api/pagamentos/${ids.ajuste}/recibo` },
      { method: 'POST', url: '/api/vendas', payload: { formaPagamento: 'vista', itens: [{ produtoId: ids.produto, quantidade: 1 }] } },
      {
        method: 'POST',
        url: '/api/vendas',
        payload: { formaPagamento: 'vista', itens: [{ produtoId: proprioProduto.id, quantidade: 1 }, { produtoId: ids.produto, quantidade: 1 }] },
      },
      { method: 'POST', url: '/api/vendas', payload: { formaPagamento: 'fiado', clienteId: ids.cliente, itens: [{ produtoId: proprioProduto.id, quantidade: 1 }] } },
      { method: 'POST', url: '/api/vendas', payload: { formaPagamento: 'vista', clienteId: ids.cliente, itens: [{ produtoId: proprioProduto.id, quantidade: 1 }] } },
    ] as const;
    for (const attempt of attempts) {
      const response = await intruder.request(attempt as never);
      expect({ url: attempt.url, status: response.statusCode }).toEqual({ url: attempt.url, status: 404 });
    }

    expect(await readCliente(t, ids.cliente)).toEqual(before.cliente);
    expect(await readProduto(t, ids.produto)).toEqual(before.produto);
    expect(await readVenda(t, ids.venda)).toEqual(before.venda);
    expect(await readVenda(t, ids.vendaVista)).toEqual(before.vendaVista);
    expect(await countRows(t, lancamentos, owner.id)).toBe(before.lancamentos);
    expect(await ledgerSum(t, ids.cliente)).toBe(before.cliente.saldoAtual);
    expect(await countRows(t, vendas, intruder.id)).toBe(0);
    expect(await countRows(t, lancamentos, intruder.id)).toBe(0);
    expect((await readProduto(t, proprioProduto.id)).estoqueAtual).toBe(100);
    expect((await readCliente(t, proprioCliente.id)).saldoAtual).toBe(0);
  });

  it("never shows the owner's sales in the intruder's lists and filters", async () => {
    const list = await intruder.request({ method: 'GET', url: `/api/vendas?clienteId=${ids.cliente}` });
    expect(list.json()).toMatchObject({ items: [], total: 0, resumo: { totalVendas: 0, valorTotal: 0, pendentes: 0 } });
    const all = await intruder.request({ method: 'GET', url: '/api/vendas' });
    expect(all.json().items).toEqual([]);
    const dash = await intruder.request({ method: 'GET', url: '/api/dashboard' });
    expect(dash.json()).toMatchObject({ valorPendente: 0, devedores: 0, atividades: [] });
  });

  it('the owner still sees and uses all of them', async () => {
    expect((await owner.request({ method: 'GET', url: `/api/vendas/${ids.venda}` })).statusCode).toBe(200);
    expect((await owner.request({ method: 'GET', url: `/api/pagamentos/${ids.pagamento}/recibo` })).statusCode).toBe(200);
    const [entry] = await t.db.select().from(lancamentos).where(eq(lancamentos.id, ids.ajuste));
    expect(entry?.ownerId).toBe(owner.id);
  });
});
