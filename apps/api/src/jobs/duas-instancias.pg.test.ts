import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { buildTestApp, createSeller, type SellerSession, type TestApp } from '../../test/app';
import { jobExecucoes, notificacoes } from '../db/schema';

/*
 * Two instances of the app (each with its own connection pool and job runner) on one PostgreSQL
 * database, passing over the same due runs at the same moments: every run must happen exactly once.
 */
const clock = { now: () => new Date('2025-06-02T15:00:00Z') };

let a: TestApp;
let b: TestApp;
const sellers: SellerSession[] = [];

beforeAll(async () => {
  a = await buildTestApp({ clock });
  b = await buildTestApp({ clock, sameDatabaseAs: a });
  for (let i = 0; i < 12; i++) sellers.push(await createSeller(a));
}, 120_000);
afterAll(async () => {
  await b.close();
  await a.close();
});

describe('jobs with two app instances on one PostgreSQL', () => {
  it('run each seller’s daily job once, whichever instance gets there first', async () => {
    const ran: Record<string, string[]> = { a: [], b: [] };
    for (const [label, t] of [['a', a], ['b', b]] as const) {
      t.app.jobs.daily({
        name: 'teste-duas-instancias',
        run: async (ctx) => {
          ran[label]!.push(ctx.ownerId!);
          // Slow enough that both instances are busy at once.
          await new Promise((resolve) => setTimeout(resolve, 30));
          await ctx.transaction((tx) => tx.insert(notificacoes).values({ ownerId: ctx.ownerId!, tipo: 'venda', params: { teste: ctx.periodo } }));
        },
      });
    }
    for (let pass = 0; pass < 3; pass++) await Promise.all([a.app.jobs.runDue(), b.app.jobs.runDue(), a.app.jobs.runDue(), b.app.jobs.runDue()]);

    const ids = sellers.map((s) => s.id);
    const runs = await a.db
      .select()
      .from(jobExecucoes)
      .where(and(eq(jobExecucoes.job, 'teste-duas-instancias'), inArray(jobExecucoes.escopo, ids)));
    expect(runs).toHaveLength(ids.length);
    expect(runs.every((r) => r.status === 'ok' && r.tentativas === 1 && r.periodo === '2025-06-02')).toBe(true);

    const written = await a.db
      .select({ owner: notificacoes.ownerId, n: sql<number>`count(*)::int`.mapWith(Number) })
      .from(notificacoes)
      .where(inArray(notificacoes.ownerId, ids))
      .groupBy(notificacoes.ownerId);
    expect(written).toHaveLength(ids.length);
    expect(written.every((w) => w.n === 1)).toBe(true);

    // Each seller's job started once in all: no instance ran one the other had claimed.
    const started = [...ran.a!, ...ran.b!].filter((id) => ids.includes(id));
    expect(started.sort()).toEqual([...ids].sort());
  });

  it('run a global every-5-minutes job once per slot', async () => {
    let runs = 0;
    for (const t of [a, b]) {
      t.app.jobs.every({
        name: 'teste-global',
        minutes: 5,
        run: async (ctx) => {
          await new Promise((resolve) => setTimeout(resolve, 30));
          await ctx.transaction(async () => {
            runs++;
          });
        },
      });
    }
    await Promise.all([a.app.jobs.runDue(), b.app.jobs.runDue()]);
    await Promise.all([a.app.jobs.runDue(), b.app.jobs.runDue()]);
    expect(runs).toBe(1);
  });
});
