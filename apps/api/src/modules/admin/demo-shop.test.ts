import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildTestApp, TEST_ORIGIN, type TestApp } from '../../../test/app';
import { clientes, lancamentos, produtos, vendas } from '../../db/schema';
import type { DevedoresPage } from '@caderneta/shared';
import { DEMO_COBRANCA, seedDemoShop, type DemoResult } from './demo-shop';

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
    const cobranca = new Set(DEMO_COBRANCA.map((c) => c.nome));
    const rows = (await t.db.select().from(clientes).where(eq(clientes.ownerId, demo.sellerId))).filter((c) => !cobranca.has(c.nome));
    expect(rows).toHaveLength(5);
    expect(rows.map((c) => c.limiteCredito).sort((a, b) => a - b)).toEqual([30_000, 50_000, 70_000, 80_000, 100_000]);
    for (const c of rows) {
      expect(c.saldoAtual).toBeLessThanOrEqual(0);
      expect(c.login).toMatch(/^[a-z]+\d{5}$/);
    }
  });

  it('writes sales and payments through the services: every balance is the ledger sum, stock never negative', async () => {
    expect(demo).toMatchObject({ vendas: 120 + DEMO_COBRANCA.reduce((n, c) => n + c.compras.length, 0), produtos: 38 });
    const [counts] = await t.db
      .select({ n: sql<number>`count(*)::int`.mapWith(Number), fiado: sql<number>`count(*) filter (where ${vendas.formaPagamento} = 'fiado')::int`.mapWith(Number) })
      .from(vendas)
      .where(eq(vendas.ownerId, demo.sellerId));
    expect(counts).toEqual({ n: demo.vendas, fiado: demo.vendasFiado });
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

  it('shows /devedores in its whole range: a debtor at every delay level, one due soon, reminders and a broken promise', async () => {
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: TEST_ORIGIN }, payload: { email: demo.email, password: demo.senha } });
    const cookie = String(signIn.headers['set-cookie']).split(';')[0]!;
    const response = await t.app.inject({ method: 'GET', url: '/api/devedores?pageSize=100', headers: { origin: TEST_ORIGIN, cookie } });
    expect(response.statusCode).toBe(200);
    const page = response.json() as DevedoresPage;
    const byName = new Map(page.items.map((d) => [d.nome, d]));
    const showcase = DEMO_COBRANCA.map((c) => byName.get(c.nome));
    expect(showcase.map((d) => [d?.diasEmAtraso, d?.nivel])).toEqual([
      [3, 'baixo'],
      [10, 'medio'],
      [20, 'alto'],
      [40, 'critico'],
      [0, 'baixo'],
    ]);
    expect(showcase[4]!.estaVencido).toBe(false);
    expect(showcase.map((d) => d?.ultimoLembrete?.faixa ?? null)).toEqual([null, 'firme', 'firme', 'formal', null]);
    expect(showcase[3]!.promessa?.quebrada).toBe(true);
    expect(new Set(page.items.map((d) => d.nivel))).toEqual(new Set(['baixo', 'medio', 'alto', 'critico']));
  });
});
