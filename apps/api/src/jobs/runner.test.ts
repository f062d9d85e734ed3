import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { buildTestApp, createSeller, type SellerSession, type TestApp } from '../../test/app';
import { insertCliente } from '../../test/fixtures';
import { withSeller } from '../db/client';
import { clientes, jobExecucoes, perfis } from '../db/schema';
import { JobRunner, type JobContext } from './runner';

/** A clock the test moves by hand. */
function manualClock(start: string) {
  let current = new Date(start);
  return {
    now: () => new Date(current),
    set: (iso: string) => {
      current = new Date(iso);
    },
    advance: (minutes: number) => {
      current = new Date(current.getTime() + minutes * 60_000);
    },
  };
}

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

let t: TestApp;
let saoPaulo: SellerSession;
let manaus: SellerSession;
const clock = manualClock('2025-03-11T03:30:00Z');

beforeAll(async () => {
  t = await buildTestApp({ clock });
  saoPaulo = await createSeller(t);
  manaus = await createSeller(t);
  await withSeller(t.db, manaus.id, (tx) => tx.update(perfis).set({ fusoHorario: 'America/Manaus' }).where(eq(perfis.ownerId, manaus.id)));
});
afterAll(() => t.close());

let name = 0;
/** A runner with only the test's job, under a name no other test used. */
function runnerWith(define: (runner: JobRunner, job: string) => void, instance = 'instancia-a') {
  const runner = new JobRunner({ db: t.db, clock, log: silent, instance });
  const job = `teste-${++name}`;
  define(runner, job);
  return { runner, job };
}

/** Only the two sellers of this file (the runner sees every seller of the database). */
const mine = (calls: { ownerId: string | null }[]) => calls.filter((c) => c.ownerId === saoPaulo.id || c.ownerId === manaus.id);

const runsOf = (job: string) => t.db.select().from(jobExecucoes).where(eq(jobExecucoes.job, job));

beforeEach(() => clock.set('2025-03-11T03:30:00Z'));

describe('daily jobs, per seller', () => {
  it('run once per seller per local day, however often the runner passes, and again the next day', async () => {
    const calls: Pick<JobContext, 'ownerId' | 'periodo' | 'ultimoPeriodo'>[] = [];
    const { runner } = runnerWith((r, job) =>
      r.daily({ name: job, run: async ({ ownerId, periodo, ultimoPeriodo }) => void calls.push({ ownerId, periodo, ultimoPeriodo }) }),
    );
    await runner.runDue();
    await runner.runDue();
    clock.advance(60);
    await runner.runDue();
    // 03:30 UTC is 00:30 on the 11th in São Paulo (UTC−3) but still 23:30 on the 10th in Manaus (UTC−4).
    expect(mine(calls)).toEqual(
      expect.arrayContaining([
        { ownerId: saoPaulo.id, periodo: '2025-03-11', ultimoPeriodo: null },
        { ownerId: manaus.id, periodo: '2025-03-10', ultimoPeriodo: null },
        { ownerId: manaus.id, periodo: '2025-03-11', ultimoPeriodo: '2025-03-10' },
      ]),
    );
    expect(mine(calls)).toHaveLength(3);

    clock.set('2025-03-12T12:00:00Z');
    await runner.runDue();
    await runner.runDue();
    expect(mine(calls)).toHaveLength(5);
  });

  it('catch up after downtime: one run when the server is back, told which day ran last', async () => {
    const calls: Pick<JobContext, 'ownerId' | 'periodo' | 'ultimoPeriodo'>[] = [];
    const { runner } = runnerWith((r, job) =>
      r.daily({ name: job, run: async ({ ownerId, periodo, ultimoPeriodo }) => void calls.push({ ownerId, periodo, ultimoPeriodo }) }),
    );
    clock.set('2025-03-11T15:00:00Z');
    await runner.runDue();
    // Down from the 11th to the 15th: the 15th's run knows the 11th was the last one.
    clock.set('2025-03-15T15:00:00Z');
    await runner.runDue();
    expect(mine(calls).filter((c) => c.ownerId === saoPaulo.id)).toEqual([
      { ownerId: saoPaulo.id, periodo: '2025-03-11', ultimoPeriodo: null },
      { ownerId: saoPaulo.id, periodo: '2025-03-15', ultimoPeriodo: '2025-03-11' },
    ]);
  });

  it('wait for the local hour given in fromHour', async () => {
    const calls: string[] = [];
    const { runner } = runnerWith((r, job) => r.daily({ name: job, fromHour: 2, run: async ({ ownerId }) => void calls.push(ownerId!) }));
    clock.set('2025-03-11T04:30:00Z'); // 01:30 in São Paulo
    await runner.runDue();
    expect(calls).not.toContain(saoPaulo.id);
    clock.set('2025-03-11T05:00:00Z'); // 02:00
    await runner.runDue();
    expect(calls).toContain(saoPaulo.id);
  });

  describe('when the seller moves the shop to another time zone', () => {
    const mudarFuso = (seller: SellerSession, fuso: string) =>
      withSeller(t.db, seller.id, (tx) => tx.update(perfis).set({ fusoHorario: fuso }).where(eq(perfis.ownerId, seller.id)));

    /** A runner whose job records the days it ran for one new seller in `fuso`. */
    async function lojaEm(fuso: string) {
      const seller = await createSeller(t);
      await mudarFuso(seller, fuso);
      const dias: (string | null)[][] = [];
      const { runner } = runnerWith((r, job) =>
        r.daily({ name: job, run: async ({ ownerId, periodo, ultimoPeriodo }) => void (ownerId === seller.id && dias.push([periodo, ultimoPeriodo])) }),
      );
      const passAt = async (iso: string) => {
        clock.set(iso);
        await runner.runDue();
        await runner.runDue();
      };
      return { seller, dias, passAt };
    }

    it('westward (São Paulo → Manaus): the new calendar day still gets its run, once', async () => {
      const { seller, dias, passAt } = await lojaEm('America/Sao_Paulo');
      await passAt('2025-03-10T12:00:00Z'); // 09:00 of the 10th in São Paulo
      await passAt('2025-03-11T03:30:00Z'); // 00:30 of the 11th in São Paulo: the 11th runs
      await mudarFuso(seller, 'America/Manaus');
      await passAt('2025-03-11T03:45:00Z'); // 23:45 of the 10th in Manaus: the 10th already ran that day
      await passAt('2025-03-11T04:15:00Z'); // 00:15 of the 11th in Manaus: its run was yesterday here
      await passAt('2025-03-11T20:00:00Z');
      await passAt('2025-03-12T04:15:00Z'); // the 12th, once
      await passAt('2025-03-12T20:00:00Z');
      expect(dias).toEqual([
        ['2025-03-10', null],
        ['2025-03-11', '2025-03-10'],
        ['2025-03-11', null],
        ['2025-03-12', '2025-03-11'],
      ]);
    });

    it('eastward (Manaus → São Paulo): the day that begins at once runs at once, and no day twice', async () => {
      const { seller, dias, passAt } = await lojaEm('America/Manaus');
      await passAt('2025-03-11T03:30:00Z'); // 23:30 of the 10th in Manaus
      await mudarFuso(seller, 'America/Sao_Paulo');
      await passAt('2025-03-11T03:40:00Z'); // 00:40 of the 11th in São Paulo
      await passAt('2025-03-11T04:30:00Z'); // the 11th would begin now in Manaus: nothing more
      await passAt('2025-03-11T20:00:00Z');
      await passAt('2025-03-12T03:10:00Z');
      expect(dias).toEqual([
        ['2025-03-10', null],
        ['2025-03-11', '2025-03-10'],
        ['2025-03-12', '2025-03-11'],
      ]);
    });

    it('a westward move of several hours (Madrid → São Paulo): the evening that saw the midnight run does not run again; the next day runs once', async () => {
      const { seller, dias, passAt } = await lojaEm('Europe/Madrid');
      await passAt('2025-03-10T12:00:00Z');
      await passAt('2025-03-10T23:30:00Z'); // 00:30 of the 11th in Madrid, 20:30 of the 10th in São Paulo
      await mudarFuso(seller, 'America/Sao_Paulo');
      await passAt('2025-03-10T23:45:00Z'); // still the 10th in São Paulo, which already had a run this evening
      await passAt('2025-03-11T03:15:00Z'); // the 11th begins in São Paulo
      await passAt('2025-03-11T22:00:00Z');
      await passAt('2025-03-12T03:15:00Z');
      expect(dias.map(([periodo]) => periodo)).toEqual(['2025-03-10', '2025-03-11', '2025-03-11', '2025-03-12']);
    });
  });

  it('run only for the sellers the eligible condition accepts', async () => {
    await withSeller(t.db, manaus.id, (tx) => tx.update(perfis).set({ backupAutomatico: true }).where(eq(perfis.ownerId, manaus.id)));
    const calls: string[] = [];
    const { runner } = runnerWith((r, job) => r.daily({ name: job, eligible: sql`p.backup_automatico`, run: async ({ ownerId }) => void calls.push(ownerId!) }));
    await runner.runDue();
    expect(calls).toContain(manaus.id);
    expect(calls).not.toContain(saoPaulo.id);
    await withSeller(t.db, manaus.id, (tx) => tx.update(perfis).set({ backupAutomatico: false }).where(eq(perfis.ownerId, manaus.id)));
  });

  it('commit the work of transaction() with the run, under the seller’s row-level security', async () => {
    await insertCliente(t, saoPaulo.id, { nome: 'Cliente de São Paulo' });
    await insertCliente(t, manaus.id, { nome: 'Cliente de Manaus' });
    const seen = new Map<string, string[]>();
    const { runner, job } = runnerWith((r, job) =>
      r.daily({
        name: job,
        run: async (ctx) => {
          // No owner filter on purpose: RLS alone keeps each seller to their own customers.
          const rows = await ctx.transaction((tx) => tx.select({ nome: clientes.nome }).from(clientes));
          seen.set(ctx.ownerId!, rows.map((r) => r.nome));
        },
      }),
    );
    await runner.runDue();
    expect(seen.get(saoPaulo.id)).toEqual(['Cliente de São Paulo']);
    expect(seen.get(manaus.id)).toEqual(['Cliente de Manaus']);
    const runs = await runsOf(job);
    expect(runs.filter((r) => r.escopo === saoPaulo.id)).toMatchObject([{ status: 'ok', tentativas: 1, instancia: 'instancia-a' }]);
  });

  it('roll the work back when it fails, and try again after a back-off', async () => {
    let attempts = 0;
    const { runner, job } = runnerWith((r, job) =>
      r.daily({
        name: job,
        eligible: sql`p.owner_id = ${saoPaulo.id}`,
        run: async (ctx) => {
          attempts++;
          await ctx.transaction(async (tx) => {
            await tx.update(clientes).set({ observacoes: `tentativa ${attempts}` });
            if (attempts === 1) throw new Error('disco cheio');
          });
        },
      }),
    );
    const first = await runner.runDue();
    expect(first.failed[job]).toBe(1);
    const [failed] = await runsOf(job);
    expect(failed).toMatchObject({ status: 'falhou', tentativas: 1, erro: 'Error: disco cheio' });
    const observacoes = async () =>
      (await withSeller(t.db, saoPaulo.id, (tx) => tx.select({ o: clientes.observacoes }).from(clientes))).map((r) => r.o);
    expect(await observacoes()).not.toContain('tentativa 1');

    await runner.runDue(); // still within the back-off
    expect(attempts).toBe(1);
    clock.advance(1);
    const second = await runner.runDue();
    expect(second.ok[job]).toBe(1);
    expect(await runsOf(job)).toMatchObject([{ status: 'ok', tentativas: 2, erro: null }]);
    expect(await observacoes()).toContain('tentativa 2');
  });

  it('record a failure whose error carried binary parameters: a clean message, never the values, and the run is no longer "rodando"', async () => {
    // A failed query's error text held its parameters, NUL bytes included; recording it was refused
    // ("a query value holds a NUL character") and the run stayed 'rodando' until its lease ended.
    const segredo = Buffer.from('segredo\u0000\u0001\u00ff', 'latin1');
    const { runner, job } = runnerWith((r, job) =>
      r.every({ name: job, minutes: 5, run: async (ctx) => void (await ctx.db.execute(sql`select ${segredo}::int as n`)) }),
    );
    const { runner: other, job: plain } = runnerWith((r, job) =>
      r.every({ name: job, minutes: 5, run: async () => Promise.reject(new Error(`falhou com \u0000 e \ud800 no texto ${'x'.repeat(2_000)}`)) }),
    );
    for (const [r, name] of [[runner, job], [other, plain]] as const) {
      const pass = await r.runDue();
      expect(pass.failed[name]).toBe(1);
      const [run] = await runsOf(name);
      expect(run).toMatchObject({ status: 'falhou', tentativas: 1 });
      const unstorable = [...run!.erro!].filter((ch) => ch.codePointAt(0)! < 0x09 || (ch.codePointAt(0)! >= 0xd800 && ch.codePointAt(0)! <= 0xdfff));
      expect(unstorable).toEqual([]);
      expect(run!.erro!.length).toBeLessThanOrEqual(1_000);
    }
    const [failed] = await runsOf(job);
    expect(failed!.erro).not.toContain('segredo');
    expect(failed!.erro).toMatch(/^Error: database query failed; code [0-9A-Z]{5}; query: select \$1::int as n$/);
    expect((await runsOf(plain))[0]!.erro).toMatch(/^Error: falhou com {3}e \ufffd no texto x+$/);
  });

  it('take over a run whose instance died (its lease ran out), and only then', async () => {
    const calls: number[] = [];
    const { runner, job } = runnerWith((r, job) =>
      r.daily({ name: job, eligible: sql`p.owner_id = ${saoPaulo.id}`, run: async ({ tentativa }) => void calls.push(tentativa) }),
    );
    const now = clock.now();
    await t.db.insert(jobExecucoes).values({
      job,
      escopo: saoPaulo.id,
      periodo: '2025-03-11',
      status: 'rodando',
      instancia: 'instancia-morta',
      iniciadoEm: now,
      reservaAte: new Date(now.getTime() + 5 * 60_000),
    });
    await runner.runDue();
    expect(calls).toEqual([]);
    clock.advance(5);
    await runner.runDue();
    expect(calls).toEqual([2]);
    expect(await runsOf(job)).toMatchObject([{ status: 'ok', instancia: 'instancia-a' }]);
  });

  it('refuse the work of an instance whose run was taken over', async () => {
    let committed = 0;
    const { runner, job } = runnerWith((r, job) =>
      r.daily({
        name: job,
        eligible: sql`p.owner_id = ${saoPaulo.id}`,
        run: async (ctx) => {
          // Meanwhile another instance took the run over (this one stalled past its lease).
          await t.db.update(jobExecucoes).set({ instancia: 'instancia-b' }).where(and(eq(jobExecucoes.job, job)));
          await ctx.transaction(async () => {
            committed++;
          });
        },
      }),
    );
    const summary = await runner.runDue();
    expect(committed).toBe(0);
    expect(summary.ok[job]).toBeUndefined();
    expect(await runsOf(job)).toMatchObject([{ status: 'rodando', instancia: 'instancia-b' }]);
  });
});

describe('every-N-minutes jobs', () => {
  it('run once per slot for the installation', async () => {
    const slots: string[] = [];
    const { runner } = runnerWith((r, job) => r.every({ name: job, minutes: 5, run: async ({ periodo }) => void slots.push(periodo) }));
    clock.set('2025-03-11T10:01:00Z');
    await runner.runDue();
    clock.set('2025-03-11T10:04:59Z');
    await runner.runDue();
    clock.set('2025-03-11T10:05:00Z');
    await runner.runDue();
    expect(slots).toEqual(['2025-03-11T10:00:00.000Z', '2025-03-11T10:05:00.000Z']);
  });

  it('run per seller when asked, with the seller’s id', async () => {
    const calls: string[] = [];
    const { runner } = runnerWith((r, job) =>
      r.every({ name: job, minutes: 10, scope: 'seller', eligible: sql`p.owner_id = ${manaus.id}`, run: async ({ ownerId, periodo }) => void calls.push(`${ownerId} ${periodo}`) }),
    );
    await runner.runDue();
    await runner.runDue();
    clock.advance(10);
    await runner.runDue();
    expect(calls).toEqual([`${manaus.id} 2025-03-11T03:30:00.000Z`, `${manaus.id} 2025-03-11T03:40:00.000Z`]);
  });
});

describe('registration', () => {
  it('refuses a name used twice and an interval that is not whole minutes', () => {
    const runner = new JobRunner({ db: t.db, clock, log: silent });
    runner.daily({ name: 'unico', run: async () => undefined });
    expect(() => runner.daily({ name: 'unico', run: async () => undefined })).toThrow(/twice/);
    expect(() => runner.every({ name: 'meio', minutes: 0.5, run: async () => undefined })).toThrow(/minutes/);
    expect(() => runner.daily({ name: 'Com Espaço', run: async () => undefined })).toThrow(/lower-case/);
  });

  it('the app registers its own daily jobs', () => {
    expect(t.app.jobs.names).toEqual(expect.arrayContaining(['limpar-execucoes']));
  });
});
