import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { MAX_ESTOQUE, MAX_PRECO, MAX_QUANTIDADE_ITEM } from '@caderneta/shared';
import { buildTestApp, createSeller, type SellerSession, type TestApp } from '../../test/app';
import { countRows, insertCliente, insertProduto, readProduto } from '../../test/fixtures';
import { clientes, vendas } from '../db/schema';

let t: TestApp;
let seller: SellerSession;
beforeAll(async () => {
  t = await buildTestApp({
    extraRoutes: (base) => {
      const app = base.withTypeProvider<ZodTypeProvider>();
      // A route whose answer cannot match its schema, after writing: nothing may stay written.
      app.post(
        '/api/teste/resposta-invalida',
        { preHandler: app.requireSeller, config: { permissao: 'todos' }, schema: { response: { 201: z.object({ id: z.uuid(), total: z.number().int() }) } } },
        async (request, reply) => {
          const result = await app.sellerTx(request, async (tx, s) => {
            await insertClienteTx(tx, s.id);
            return { id: 'not-a-uuid', total: 1.5 } as unknown as { id: string; total: number };
          });
          return reply.status(201).send(result);
        },
      );
    },
  });
  seller = await createSeller(t);
});
afterAll(() => t.close());

async function insertClienteTx(tx: Parameters<Parameters<TestApp['app']['sellerTx']>[1]>[0], ownerId: string) {
  await tx.insert(clientes).values({ ownerId, nome: 'Fantasma', nomeBusca: 'fantasma', telefone: '11987654321', limiteCredito: 0 });
}

const countClientes = async () => {
  const [row] = await t.db.select({ n: sql<number>`count(*)::int`.mapWith(Number) }).from(clientes).where(eq(clientes.ownerId, seller.id));
  return row!.n;
};

describe('responses are validated before the transaction commits', () => {
  it('an answer that does not match its schema rolls the work back (500, nothing saved)', async () => {
    const before = await countClientes();
    const response = await seller.request({ method: 'POST', url: '/api/teste/resposta-invalida' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toMatchObject({ code: 'INTERNAL' });
    expect(await countClientes()).toBe(before);
  });
});

describe('business maximums', () => {
  it('refuses a price of 99,999,999,999 centavos and a stock of 1,000,000,000 with 400; the list keeps answering', async () => {
    const base = { nome: 'Caro', precoVenda: 1000, precoCusto: 0, estoqueAtual: 1, estoqueMinimo: 0 };
    for (const payload of [
      { ...base, precoVenda: 99_999_999_999 },
      { ...base, precoCusto: MAX_PRECO + 1 },
      { ...base, estoqueAtual: 1_000_000_000 },
      { ...base, estoqueMinimo: MAX_ESTOQUE + 1 },
    ]) {
      const response = await seller.request({ method: 'POST', url: '/api/produtos', payload });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION' });
    }
    const ok = await seller.request({ method: 'POST', url: '/api/produtos', payload: { ...base, precoVenda: MAX_PRECO, estoqueAtual: MAX_ESTOQUE } });
    expect(ok.statusCode).toBe(201);
    const list = await seller.request({ method: 'GET', url: '/api/produtos' });
    expect(list.statusCode).toBe(200);
    expect(list.json().resumo.valorTotal).toBeGreaterThanOrEqual(MAX_PRECO * MAX_ESTOQUE);
  });

  it('the catalogue value is summed without overflow even past what a bigint holds', async () => {
    const other = await createSeller(t);
    // Rows written before the limits existed: each product's value fits, their sum would not fit a bigint.
    for (let i = 0; i < 3; i++) await insertProduto(t, other.id, { precoVenda: 4_000_000_000_000, estoqueAtual: 1_000_000 });
    const list = await other.request({ method: 'GET', url: '/api/produtos?pageSize=1&estoque=baixo' });
    expect(list.statusCode).not.toBe(500);
  });

  it('refuses 100,000 units of one item and more than 200 items (400), nothing saved', async () => {
    const produto = await insertProduto(t, seller.id, { estoqueAtual: MAX_ESTOQUE });
    const before = await countRows(t, vendas, seller.id);
    for (const itens of [
      [{ produtoId: produto.id, quantidade: 100_000 }],
      Array.from({ length: 201 }, () => ({ produtoId: produto.id, quantidade: 1 })),
    ]) {
      const response = await seller.request({ method: 'POST', url: '/api/vendas', payload: { formaPagamento: 'vista', itens } });
      expect(response.statusCode).toBe(400);
    }
    expect(await countRows(t, vendas, seller.id)).toBe(before);
  });

  it('refuses a sale whose total from the stored prices passes R$ 10.000.000,00 (422), stock and ledger untouched', async () => {
    const cliente = await insertCliente(t, seller.id, { limiteCredito: 1_000_000_000 });
    const produto = await insertProduto(t, seller.id, { precoVenda: MAX_PRECO, estoqueAtual: MAX_ESTOQUE });
    const before = await countRows(t, vendas, seller.id);
    const response = await seller.request({
      method: 'POST',
      url: '/api/vendas',
      payload: { formaPagamento: 'fiado', clienteId: cliente.id, confirmarLimiteExcedido: true, itens: [{ produtoId: produto.id, quantidade: MAX_QUANTIDADE_ITEM }] },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toMatchObject({ code: 'TOTAL_VENDA_EXCEDIDO' });
    expect(await countRows(t, vendas, seller.id)).toBe(before);
    expect((await readProduto(t, produto.id)).estoqueAtual).toBe(MAX_ESTOQUE);
    for (const url of [`/api/clientes/${cliente.id}/extrato`, '/api/vendas', '/api/dashboard', '/api/clientes']) {
      expect((await seller.request({ method: 'GET', url })).statusCode).toBe(200);
    }
  });
});
