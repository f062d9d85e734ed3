import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildTestApp, TEST_ORIGIN, type TestApp } from '../../test/app';
import { clientes, lancamentos, produtos, vendas } from '../db/schema';
import { seedDemoShop, type DemoResult } from './demo-shop';

let t: TestApp;
let demo: DemoResult;
beforeAll(async () => {
  t = await buildTestApp();
  demo = await seedDemoShop(t.db, { sales: 120, days: 12, seed: 42 });
});
afterAll(() => t.close());

describe('demo shop', () => {
  it('creates a seller who can sign in with the printed e-mail and password', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN },
      payload: { email: demo.email, password: demo.senha },
    });
    expect(response.statusCode).toBe(200);
  });

  it("has the spec's 5 sample customers with limits from R$ 300 to R$ 1.000 and balances 0 or negative", async () => {
    const rows = await t.db.select().from(clientes).where(eq(clientes.ownerId, demo.sellerId));
    expect(rows).toHaveLength(5);
    expect(rows.map((c) => c.limiteCredito).sort((a, b) => a - b)).toEqual([30_000, 50_000, 70_000, 80_000, 100_000]);
    for (const c of rows) {
      expect(c.saldoAtual).toBeLessThanOrEqual(0);
      expect(c.login).toMatch(/^[a-z]+\d{5}$/);
    }
  });

  it('writes sales and payments through the services: every balance is the ledger sum, stock never negative', async () => {
    expect(demo).toMatchObject({ vendas: 120, produtos: 36 });
    const [counts] = await t.db
      .select({ n: sql<number>`count(*)::int`.mapWith(Number), fiado: sql<number>`count(*) filter (where ${vendas.formaPagamento} = 'fiado')::int`.mapWith(Number) })
      .from(vendas)
      .where(eq(vendas.ownerId, demo.sellerId));
    expect(counts).toEqual({ n: 120, fiado: demo.vendasFiado });
    expect(demo.vendasFiado).toBeGreaterThan(0);
    const mismatches = await t.db.execute(sql`
      select c.id from ${clientes} c
      where c.owner_id = ${demo.sellerId}
        and c.saldo_atual <> coalesce((select sum(valor) from ${lancamentos} l where l.cliente_id = c.id), 0)`);
    expect((mismatches as unknown as { rows: unknown[] }).rows).toEqual([]);
    const [negativo] = await t.db
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(produtos)
      .where(sql`${produtos.ownerId} = ${demo.sellerId} and ${produtos.estoqueAtual} < 0`);
    expect(negativo?.n).toBe(0);
    const [pagos] = await t.db
      .select({ n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(lancamentos)
      .where(sql`${lancamentos.ownerId} = ${demo.sellerId} and ${lancamentos.tipo} = 'pagamento'`);
    expect(pagos?.n).toBe(demo.pagamentos);
  });
});
