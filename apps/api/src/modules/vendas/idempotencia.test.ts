import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { buildTestApp, createSeller, type SellerSession, type TestApp } from '../../../test/app';
import { insertCliente, insertProduto, readCliente, readProduto } from '../../../test/fixtures';
import { lancamentos, vendas } from '../../db/schema';

/** POST /api/vendas with the cart's key (`chave`): a retry never records the sale twice. */
describe('sale idempotency key', () => {
  let t: TestApp;
  let seller: SellerSession;
  beforeAll(async () => {
    t = await buildTestApp();
    seller = await createSeller(t);
  });
  afterAll(() => t.close());

  const count = async (ownerId: string, chave: string) => {
    const [row] = await t.db
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(vendas)
      .where(and(eq(vendas.ownerId, ownerId), eq(vendas.chave, chave)));
    return row?.n ?? 0;
  };

  it('a retry with the same key answers the first sale and changes nothing', async () => {
    const produto = await insertProduto(t, seller.id, { estoqueAtual: 1, precoVenda: 990 });
    const cliente = await insertCliente(t, seller.id);
    const chave = crypto.randomUUID();
    const body = { formaPagamento: 'fiado', clienteId: cliente.id, itens: [{ produtoId: produto.id, quantidade: 1 }], chave };
    const first = await seller.request({ method: 'POST', url: '/api/vendas', payload: body });
    expect(first.statusCode).toBe(201);
    // The last unit is gone: without the key this retry would be refused for stock.
    const retry = await seller.request({ method: 'POST', url: '/api/vendas', payload: body });
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(await count(seller.id, chave)).toBe(1);
    expect((await readProduto(t, produto.id)).estoqueAtual).toBe(0);
    expect((await readCliente(t, cliente.id)).saldoAtual).toBe(-990);
    const entries = await t.db.select().from(lancamentos).where(eq(lancamentos.clienteId, cliente.id));
    expect(entries).toHaveLength(1);
  });

  it('an offline sale sent again (its answer was lost) answers the first sale: one shortfall, one ledger entry', async () => {
    const produto = await insertProduto(t, seller.id, { estoqueAtual: 1, precoVenda: 700 });
    const cliente = await insertCliente(t, seller.id, { limiteCredito: 1_000 });
    const chave = crypto.randomUUID();
    const feitaEm = new Date(Date.now() - 3_600_000).toISOString();
    const body = { formaPagamento: 'fiado', clienteId: cliente.id, itens: [{ produtoId: produto.id, quantidade: 2 }], chave, offline: { feitaEm } };
    const first = await seller.request({ method: 'POST', url: '/api/vendas', payload: body });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ feitaOffline: true, alertas: [{ tipo: 'estoque', faltou: 1 }, { tipo: 'limite' }] });
    const retry = await seller.request({ method: 'POST', url: '/api/vendas', payload: body });
    expect(retry.statusCode).toBe(201);
    expect(retry.json()).toEqual(first.json());
    expect(await count(seller.id, chave)).toBe(1);
    expect((await readProduto(t, produto.id)).estoqueAtual).toBe(0);
    expect((await readCliente(t, cliente.id)).saldoAtual).toBe(-1_400);
    expect(await t.db.select().from(lancamentos).where(eq(lancamentos.clienteId, cliente.id))).toHaveLength(1);
  });

  it('a key already recorded answers its sale even when sent again as offline, or sent online after it', async () => {
    const produto = await insertProduto(t, seller.id, { estoqueAtual: 5 });
    const chave = crypto.randomUUID();
    const body = { formaPagamento: 'vista', itens: [{ produtoId: produto.id, quantidade: 1 }], chave };
    const first = await seller.request({ method: 'POST', url: '/api/vendas', payload: { ...body, offline: { feitaEm: new Date(Date.now() - 60_000).toISOString() } } });
    expect(first.statusCode).toBe(201);
    // The device's queue resends it long after, or as an online sale: still the first sale.
    const tarde = await seller.request({ method: 'POST', url: '/api/vendas', payload: { ...body, offline: { feitaEm: '2000-01-01T00:00:00Z' } } });
    const online = await seller.request({ method: 'POST', url: '/api/vendas', payload: body });
    expect([tarde.statusCode, online.statusCode]).toEqual([201, 201]);
    expect(tarde.json()).toEqual(first.json());
    expect(online.json()).toEqual(first.json());
    expect(await count(seller.id, chave)).toBe(1);
    expect((await readProduto(t, produto.id)).estoqueAtual).toBe(4);
  });

  it('a new key records a new sale', async () => {
    const produto = await insertProduto(t, seller.id, { estoqueAtual: 5 });
    const body = { formaPagamento: 'vista', itens: [{ produtoId: produto.id, quantidade: 1 }] };
    const a = await seller.request({ method: 'POST', url: '/api/vendas', payload: { ...body, chave: crypto.randomUUID() } });
    const b = await seller.request({ method: 'POST', url: '/api/vendas', payload: { ...body, chave: crypto.randomUUID() } });
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().id).not.toBe(b.json().id);
    expect((await readProduto(t, produto.id)).estoqueAtual).toBe(3);
  });

  it('another seller using the same key records their own sale and never sees the first', async () => {
    const other = await createSeller(t);
    const mine = await insertProduto(t, seller.id, { estoqueAtual: 5 });
    const theirs = await insertProduto(t, other.id, { estoqueAtual: 5 });
    const chave = crypto.randomUUID();
    const a = await seller.request({ method: 'POST', url: '/api/vendas', payload: { formaPagamento: 'vista', itens: [{ produtoId: mine.id, quantidade: 1 }], chave } });
    const b = await other.request({ method: 'POST', url: '/api/vendas', payload: { formaPagamento: 'vista', itens: [{ produtoId: theirs.id, quantidade: 2 }], chave } });
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(b.json().id).not.toBe(a.json().id);
    expect(b.json().itens[0].produtoId).toBe(theirs.id);
  });

  it('refuses a key that is not a UUID', async () => {
    const produto = await insertProduto(t, seller.id, { estoqueAtual: 5 });
    const response = await seller.request({
      method: 'POST',
      url: '/api/vendas',
      payload: { formaPagamento: 'vista', itens: [{ produtoId: produto.id, quantidade: 1 }], chave: 'x' },
    });
    expect(response.statusCode).toBe(400);
  });
});
