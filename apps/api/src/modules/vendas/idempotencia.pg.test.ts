import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { duasInstancias } from '../../../test/duas-instancias';
import { insertCliente, insertProduto, readCliente, readProduto } from '../../../test/fixtures';
import { vendas } from '../../db/schema';

/**
 * Two API instances on one PostgreSQL (each with its own connection pool, as behind a load
 * balancer) receiving the same cart at once: one sale, the same answer to every request.
 */
describe('sale idempotency across instances', () => {
  const duas = duasInstancias();

  it('concurrent requests with one key on two instances record one sale and answer it to all', async () => {
    for (let round = 0; round < 5; round++) {
      const produto = await insertProduto(duas.a, duas.seller.id, { estoqueAtual: 3, precoVenda: 1_500 });
      const cliente = await insertCliente(duas.a, duas.seller.id);
      const chave = crypto.randomUUID();
      const payload = { formaPagamento: 'fiado', clienteId: cliente.id, itens: [{ produtoId: produto.id, quantidade: 2 }], chave };
      const responses = await duas.aoMesmoTempo('/api/vendas', payload);
      expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
      const ids = new Set(responses.map((r) => r.json().id as string));
      expect(ids.size).toBe(1);
      const [row] = await duas.a.db
        .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
        .from(vendas)
        .where(and(eq(vendas.ownerId, duas.seller.id), eq(vendas.chave, chave)));
      expect(row?.n).toBe(1);
      expect((await readProduto(duas.a, produto.id)).estoqueAtual).toBe(1);
      expect((await readCliente(duas.a, cliente.id)).saldoAtual).toBe(-3_000);
    }
  });

  it('an offline sale sent at once from two instances with one key is recorded once, its shortfall once', async () => {
    for (let round = 0; round < 3; round++) {
      const produto = await insertProduto(duas.a, duas.seller.id, { estoqueAtual: 1, precoVenda: 1_500 });
      const cliente = await insertCliente(duas.a, duas.seller.id, { limiteCredito: 0 });
      const chave = crypto.randomUUID();
      const offline = { feitaEm: new Date(Date.now() - 86_400_000).toISOString() };
      const payload = { formaPagamento: 'fiado', clienteId: cliente.id, itens: [{ produtoId: produto.id, quantidade: 3 }], chave, offline };
      const responses = await duas.aoMesmoTempo('/api/vendas', payload);
      expect(responses.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
      expect(new Set(responses.map((r) => r.json().id as string)).size).toBe(1);
      expect(responses[0]!.json().alertas).toEqual([
        { tipo: 'estoque', produtoId: produto.id, produtoNome: produto.nome, unidade: 'un', faltou: 2 },
        { tipo: 'bloqueado' },
      ]);
      const [row] = await duas.a.db
        .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
        .from(vendas)
        .where(and(eq(vendas.ownerId, duas.seller.id), eq(vendas.chave, chave)));
      expect(row?.n).toBe(1);
      expect((await readProduto(duas.a, produto.id)).estoqueAtual).toBe(0);
      expect((await readCliente(duas.a, cliente.id)).saldoAtual).toBe(-4_500);
    }
  });
});
