import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildTestApp, createSeller, type SellerSession, type TestApp } from '../../../test/app';
import { testDbKind } from '../../../test/db';
import { insertCliente, insertProduto, ledgerSum, readCliente, readProduto } from '../../../test/fixtures';
import { itensVenda, vendas } from '../../db/schema';

/**
 * Real concurrency needs real connections: PGlite has one, so these run on the PostgreSQL server
 * only (*.pg.test.ts → `--project api-pg`), where each request's transaction has its own connection.
 */
describe('concurrency on PostgreSQL', () => {
  let t: TestApp;
  let seller: SellerSession;
  beforeAll(async () => {
    expect(testDbKind).toBe('postgres');
    t = await buildTestApp();
    seller = await createSeller(t);
  });
  afterAll(() => t.close());

  it('20 parallel sales of a product with 5 units: exactly 5 sold, stock 0, the rest refused', async () => {
    const produto = await insertProduto(t, seller.id, { nome: 'Último pão', estoqueAtual: 5, precoVenda: 100 });
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        seller.request({ method: 'POST', url: '/api/vendas', payload: { formaPagamento: 'vista', itens: [{ produtoId: produto.id, quantidade: 1 }] } }),
      ),
    );
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 201)).toHaveLength(5);
    expect(statuses.filter((s) => s === 409)).toHaveLength(15);
    for (const refused of responses.filter((r) => r.statusCode === 409)) {
      expect(refused.json()).toMatchObject({ code: 'ESTOQUE_INSUFICIENTE', details: { produtoId: produto.id, disponivel: 0 } });
    }
    expect((await readProduto(t, produto.id)).estoqueAtual).toBe(0);
    const [sold] = await t.db
      .select({ n: sql<number>`coalesce(sum(${itensVenda.quantidade}), 0)::int`.mapWith(Number) })
      .from(itensVenda)
      .where(eq(itensVenda.produtoId, produto.id));
    expect(sold?.n).toBe(5);
    const numeros = responses.filter((r) => r.statusCode === 201).map((r) => r.json().numeroVenda as string);
    expect(new Set(numeros).size).toBe(5);
  });

  it('parallel online and offline sales of a product with 5 units: every offline one recorded, shortfalls adding up to what stock lacked', async () => {
    const produto = await insertProduto(t, seller.id, { nome: 'Leite', estoqueAtual: 5, precoVenda: 500 });
    const feitaEm = new Date(Date.now() - 3_600_000).toISOString();
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        seller.request({
          method: 'POST',
          url: '/api/vendas',
          payload: { formaPagamento: 'vista', itens: [{ produtoId: produto.id, quantidade: 2 }], ...(i % 3 ? { offline: { feitaEm } } : {}) },
        }),
      ),
    );
    // The 8 offline sales are all recorded; the 4 online ones only while stock lasted.
    const offline = responses.filter((_, i) => i % 3);
    expect(offline.map((r) => r.statusCode)).toEqual(Array(8).fill(201));
    const online = responses.filter((_, i) => !(i % 3));
    for (const r of online) expect([201, 409]).toContain(r.statusCode);
    const vendidas = responses.filter((r) => r.statusCode === 201).length * 2;
    const faltaram = responses
      .filter((r) => r.statusCode === 201)
      .flatMap((r) => r.json().alertas as Array<{ tipo: string; faltou?: number }>)
      .reduce((sum, a) => sum + (a.faltou ?? 0), 0);
    expect((await readProduto(t, produto.id)).estoqueAtual).toBe(0);
    // Stock conserved: 5 − sold + what the offline sales lacked = 0.
    expect(5 - vendidas + faltaram).toBe(0);
  });

  it('sales locking the same products in opposite orders do not deadlock', async () => {
    const a = await insertProduto(t, seller.id, { estoqueAtual: 100 });
    const b = await insertProduto(t, seller.id, { estoqueAtual: 100 });
    const responses = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        seller.request({
          method: 'POST',
          url: '/api/vendas',
          payload: {
            formaPagamento: 'vista',
            itens: i % 2 ? [{ produtoId: a.id, quantidade: 1 }, { produtoId: b.id, quantidade: 1 }] : [{ produtoId: b.id, quantidade: 1 }, { produtoId: a.id, quantidade: 1 }],
          },
        }),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(16).fill(201));
    expect((await readProduto(t, a.id)).estoqueAtual).toBe(84);
    expect((await readProduto(t, b.id)).estoqueAtual).toBe(84);
  });

  it('parallel payments, sales and a cancellation on one customer keep the balance exact', async () => {
    const cliente = await insertCliente(t, seller.id, { limiteCredito: 10_000_000 });
    const produto = await insertProduto(t, seller.id, { precoVenda: 1000, estoqueAtual: 1000 });
    const first = await seller.request({
      method: 'POST',
      url: '/api/vendas',
      payload: { formaPagamento: 'fiado', clienteId: cliente.id, itens: [{ produtoId: produto.id, quantidade: 30 }] },
    });
    expect(first.statusCode).toBe(201);

    const requests = [
      ...Array.from({ length: 20 }, () => ({ method: 'POST', url: `/api/clientes/${cliente.id}/pagamentos`, payload: { valor: 750 } })),
      ...Array.from({ length: 8 }, () => ({
        method: 'POST',
        url: '/api/vendas',
        payload: { formaPagamento: 'fiado', clienteId: cliente.id, itens: [{ produtoId: produto.id, quantidade: 1 }] },
      })),
      { method: 'POST', url: `/api/vendas/${first.json().id}/cancelar`, payload: { motivo: 'Cliente desistiu' } },
    ];
    const responses = await Promise.all(requests.map((r) => seller.request(r as never)));
    expect(responses.map((r) => r.statusCode).filter((s) => s >= 300)).toEqual([]);

    // −300 (cancelled, so 0) − 8×10 + 20×7,50 = +70 credit
    const final = await readCliente(t, cliente.id);
    expect(final.saldoAtual).toBe(-8 * 1000 + 20 * 750);
    expect(await ledgerSum(t, cliente.id)).toBe(final.saldoAtual);
    const fiado = await t.db.select().from(vendas).where(eq(vendas.clienteId, cliente.id));
    const ativas = fiado.filter((v) => v.statusPagamento !== 'cancelado');
    expect(ativas.every((v) => v.statusPagamento === 'pago' && v.valorPago === v.valorTotal)).toBe(true);
    expect((await readProduto(t, produto.id)).estoqueAtual).toBe(1000 - 8);
  });

  it('parallel payments only: the balance is exact to the centavo', async () => {
    const cliente = await insertCliente(t, seller.id);
    await seller.request({ method: 'POST', url: `/api/clientes/${cliente.id}/ajustes`, payload: { tipo: 'debito', valor: 10000, motivo: 'Saldo anterior' } });
    const responses = await Promise.all(
      Array.from({ length: 25 }, () => seller.request({ method: 'POST', url: `/api/clientes/${cliente.id}/pagamentos`, payload: { valor: 333 } })),
    );
    expect(responses.every((r) => r.statusCode === 201)).toBe(true);
    expect((await readCliente(t, cliente.id)).saldoAtual).toBe(-10_000 + 25 * 333);
    expect(await ledgerSum(t, cliente.id)).toBe(-10_000 + 25 * 333);
  });
});
