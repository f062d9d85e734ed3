import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { buildTestApp, createSeller, TEST_ORIGIN, type SellerSession, type TestApp } from '../../../test/app';
import { testDbKind } from '../../../test/db';
import { insertCliente, insertProduto, readCliente, readProduto } from '../../../test/fixtures';
import { vendas } from '../../db/schema';

/**
 * Two API instances on one PostgreSQL (each with its own connection pool, as behind a load
 * balancer) receiving the same cart at once: one sale, the same answer to every request.
 */
describe('sale idempotency across instances', () => {
  let a: TestApp;
  let b: TestApp;
  let seller: SellerSession;
  beforeAll(async () => {
    expect(testDbKind).toBe('postgres');
    a = await buildTestApp();
    b = await buildTestApp({ sameDatabaseAs: a });
    seller = await createSeller(a);
  });
  afterAll(async () => {
    await b.close();
    await a.close();
  });

  it('concurrent requests with one key on two instances record one sale and answer it to all', async () => {
    for (let round = 0; round < 5; round++) {
      const produto = await insertProduto(a, seller.id, { estoqueAtual: 3, precoVenda: 1_500 });
      const cliente = await insertCliente(a, seller.id);
      const chave = crypto.randomUUID();
      const payload = { formaPagamento: 'fiado', clienteId: cliente.id, itens: [{ produtoId: produto.id, quantidade: 2 }], chave };
      const responses = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          (i % 2 ? b : a).app.inject({ method: 'POST', url: '/api/vendas', headers: { origin: TEST_ORIGIN, cookie: seller.cookie }, payload }),
        ),
      );
      expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
      const ids = new Set(responses.map((r) => r.json().id as string));
      expect(ids.size).toBe(1);
      const [row] = await a.db
        .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
        .from(vendas)
        .where(and(eq(vendas.ownerId, seller.id), eq(vendas.chave, chave)));
      expect(row?.n).toBe(1);
      expect((await readProduto(a, produto.id)).estoqueAtual).toBe(1);
      expect((await readCliente(a, cliente.id)).saldoAtual).toBe(-3_000);
    }
  });

  it('an offline sale sent at once from two instances with one key is recorded once, its shortfall once', async () => {
    for (let round = 0; round < 3; round++) {
      const produto = await insertProduto(a, seller.id, { estoqueAtual: 1, precoVenda: 1_500 });
      const cliente = await insertCliente(a, seller.id, { limiteCredito: 0 });
      const chave = crypto.randomUUID();
      const offline = { feitaEm: new Date(Date.now() - 86_400_000).toISOString() };
      const payload = { formaPagamento: 'fiado', clienteId: cliente.id, itens: [{ produtoId: produto.id, quantidade: 3 }], chave, offline };
      const responses = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          (i % 2 ? b : a).app.inject({ method: 'POST', url: '/api/vendas', headers: { origin: TEST_ORIGIN, cookie: seller.cookie }, payload }),
        ),
      );
      expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
      expect(new Set(responses.map((r) => r.json().id as string)).size).toBe(1);
      expect(responses[0]!.json().alertas).toEqual([
        { tipo: 'estoque', produtoId: produto.id, produtoNome: produto.nome, unidade: 'un', faltou: 2 },
        { tipo: 'bloqueado' },
      ]);
      const [row] = await a.db
        .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
        .from(vendas)
        .where(and(eq(vendas.ownerId, seller.id), eq(vendas.chave, chave)));
      expect(row?.n).toBe(1);
      expect((await readProduto(a, produto.id)).estoqueAtual).toBe(0);
      expect((await readCliente(a, cliente.id)).saldoAtual).toBe(-4_500);
    }
  });
});
