import { randomBytes } from 'node:crypto';
import os from 'node:os';
import { sql, type SQL } from 'drizzle-orm';
import type { Database, Tx } from '../db/client';
import { withSeller } from '../db/client';
import { jobExecucoes } from '../db/schema';
import type { Clock } from '../lib/clock';
import { queryRows } from '../lib/sql';
import { safeError } from '../security/log-redaction';

/*
 * Scheduled jobs on the database the app already has (docs/decisions/013-jobs.md). A run is a row
 * of job_execucoes keyed by (job, escopo, periodo); an instance runs a job only after claiming that
 * row, so a run happens once per seller per period however many instances share the database.
 */

export interface JobLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
}

export type JobSchedule =
  /** Once a day; per-seller jobs follow each shop's calendar day (perfis.fuso_horario). */
  | { kind: 'daily'; fromHour?: number }
  /**
   * Once every `minutes` or every `seconds` (one of the two; slots aligned on the epoch, so every
   * instance agrees on them). A job more frequent than a minute makes the runner check that often.
   */
  | { kind: 'every'; minutes: number; seconds?: never }
  | { kind: 'every'; seconds: number; minutes?: never };

export interface JobContext {
  job: string;
  /** The run's period: the seller's local date ("YYYY-MM-DD") for daily jobs, the slot's ISO start for the others. */
  periodo: string;
  /** The last period this job completed for this scope, or null: what was missed while no instance ran. */
  ultimoPeriodo: string | null;
  /** The seller of a per-seller job; null for a global one. */
  ownerId: string | null;
  /** The shop's time zone (per-seller jobs). */
  timeZone: string | null;
  /** The runner's clock at the start of the run. */
  now: Date;
  /** The clock the run reads (the runner's, or one moved to the instant of `runJob(name, { at })`). */
  clock: Clock;
  /** This attempt's number (1 on the first). */
  tentativa: number;
  db: Database;
  log: JobLog;
  /**
   * Runs `work` in one transaction and records the run as done in that same transaction: the
   * work is committed exactly once, even if an instance dies at any point. Per-seller jobs run it
   * under the seller's row-level security (as a request does); global jobs as the app's own user.
   * At most once per run.
   */
  transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T>;
  /** A plain transaction under one seller's RLS (global jobs that visit several sellers). */
  withSeller<T>(ownerId: string, work: (tx: Tx) => Promise<T>): Promise<T>;
}

export interface JobDefinition {
  /** Unique, stable: it keys the runs in the database. */
  name: string;
  schedule: JobSchedule;
  /** 'seller': one run per seller per period; 'global': one run per period for the installation. */
  scope: 'seller' | 'global';
  /**
   * Per-seller jobs: which sellers take part, as a condition on their profile `p` (perfis). It may
   * read only what the runner's role sees (owner_id, fuso_horario, backup_automatico; see ADR 013).
   */
  eligible?: SQL;
  /** How long a run may go silent before another instance takes it over (default 10 min). */
  leaseMinutes?: number;
  run(ctx: JobContext): Promise<void>;
}

export interface RunSummary {
  /** Runs completed in this pass, by job. */
  ok: Record<string, number>;
  /** Runs that failed in this pass, by job (tried again with back-off). */
  failed: Record<string, number>;
}

export interface JobRunnerOptions {
  db: Database;
  clock: Clock;
  log: JobLog;
  /** Only a PostgreSQL server has other instances to hand a stalled run to: renew leases there. */
  renewLeases?: boolean;
  /** How many due runs one query picks per job (the pass repeats while some are left). */
  batch?: number;
  /** Identifies this instance in job_execucoes (host:pid:random by default). */
  instance?: string;
}

class Superseded extends Error {
  constructor() {
    super('this run was taken over by another instance');
  }
}

const MAX_BACKOFF_MINUTES = 60;
const DEFAULT_LEASE_MINUTES = 10;
/** A pass stops picking new runs after this many per job, so one tick never runs for ever. */
const MAX_RUNS_PER_PASS = 1_000;

/** An instant as a SQL parameter both drivers read the same way. */
const at = (instant: Date): SQL => sql`${instant.toISOString()}::timestamptz`;

/**
 * What job_execucoes.erro keeps of a failure: what the log keeps (safeError — a failed query is its
 * SQLSTATE and statement, never its parameters, which may be binary or personal), as printable
 * text. A driver's message carried the statement's parameters, NUL bytes included, and the record
 * of the failure was refused with it ("a query value holds a NUL character"): the run then stayed
 * 'rodando' until its lease ended.
 */
export function errorText(error: unknown): string {
  const safe = safeError(error);
  const text = [`${safe.type}: ${safe.message}`, safe.code && `code ${safe.code}`, safe.constraint && `constraint ${safe.constraint}`, safe.query && `query: ${safe.query}`]
    .filter(Boolean)
    .join('; ');
  // At most 1,000 characters; control characters as spaces (line breaks kept), a lone surrogate (or
  // half a pair cut by the slice) as U+FFFD: text either database stores.
  return [...text.slice(0, 1_000)]
    .map((ch) => {
      const code = ch.codePointAt(0)!;
      if ((code < 0x20 && code !== 0x0a) || code === 0x7f) return ' ';
      return code >= 0xd800 && code <= 0xdfff ? '\ufffd' : ch;
    })
    .join('');
}

function intervalMs(schedule: Extract<JobSchedule, { kind: 'every' }>): number {
  return schedule.seconds !== undefined ? schedule.seconds * 1_000 : schedule.minutes * 60_000;
}

interface DueRun {
  escopo: string;
  periodo: string;
  tz: string | null;
}

/**
 * Registers jobs and runs what is due: `start()` checks every minute (and at once, which is how
 * runs missed while the server was down catch up), `runDue()` does one pass (tests call it).
 */
export class JobRunner {
  private readonly jobs = new Map<string, JobDefinition>();
  private readonly db: Database;
  private readonly clock: Clock;
  private readonly log: JobLog;
  private readonly renewLeases: boolean;
  private readonly batch: number;
  readonly instance: string;
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<RunSummary> | null = null;
  private stopped = false;

  constructor(options: JobRunnerOptions) {
    this.db = options.db;
    this.clock = options.clock;
    this.log = options.log;
    this.renewLeases = options.renewLeases ?? false;
    this.batch = options.batch ?? 50;
    this.instance = options.instance ?? `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`;
  }

  register(job: JobDefinition): this {
    if (this.jobs.has(job.name)) throw new Error(`job "${job.name}" is registered twice`);
    if (!/^[a-z0-9][a-z0-9-]{0,62}$/.test(job.name)) throw new Error(`job name "${job.name}": lower-case letters, digits and "-"`);
    const { schedule } = job;
    if (schedule.kind === 'every' && schedule.seconds === undefined && !(Number.isInteger(schedule.minutes) && schedule.minutes >= 1 && schedule.minutes <= 1440)) {
      throw new Error(`job "${job.name}": minutes must be a whole number from 1 to 1440`);
    }
    if (schedule.kind === 'every' && schedule.seconds !== undefined && !(Number.isInteger(schedule.seconds) && schedule.seconds >= 1 && schedule.seconds <= 86_400)) {
      throw new Error(`job "${job.name}": seconds must be a whole number from 1 to 86400`);
    }
    if (job.scope === 'global' && job.eligible) throw new Error(`job "${job.name}": eligible is for per-seller jobs`);
    this.jobs.set(job.name, job);
    return this;
  }

  /** A job run once a day for every (eligible) seller, on the shop's calendar day. */
  daily(job: Omit<JobDefinition, 'schedule' | 'scope'> & { fromHour?: number }): this {
    const { fromHour, ...rest } = job;
    return this.register({ ...rest, scope: 'seller', schedule: { kind: 'daily', fromHour } });
  }

  /** A job run every `minutes` (or `seconds`): once for the installation, or per (eligible) seller with `scope: 'seller'`. */
  every(
    job: Omit<JobDefinition, 'schedule' | 'scope'> & ({ minutes: number; seconds?: never } | { seconds: number; minutes?: never }) & { scope?: JobDefinition['scope'] },
  ): this {
    const { minutes, seconds, scope = 'global', ...rest } = job;
    const schedule: JobSchedule = seconds !== undefined ? { kind: 'every', seconds } : { kind: 'every', minutes: minutes! };
    return this.register({ ...rest, scope, schedule });
  }

  /** How often `start()` checks by default: every minute, or as often as the most frequent job. */
  get checkIntervalMs(): number {
    let ms = 60_000;
    for (const { schedule } of this.jobs.values()) {
      if (schedule.kind === 'every') ms = Math.min(ms, intervalMs(schedule));
    }
    return ms;
  }

  get names(): string[] {
    return [...this.jobs.keys()];
  }

  /** Checks now and then every `checkEvery` ms; a pass never overlaps the previous one. */
  start(checkEvery = this.checkIntervalMs): void {
    if (this.timer) return;
    this.stopped = false;
    const tick = () => {
      if (this.stopped || this.running) return;
      this.runDue().catch((error: unknown) => this.log.error({ err: error }, 'jobs: pass failed'));
    };
    this.timer = setInterval(tick, checkEvery);
    this.timer.unref();
    setImmediate(tick);
  }

  /** Stops the timer and waits for a pass under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running?.catch(() => undefined);
  }

  /** One pass: every due run of every job, each claimed first. */
  async runDue(): Promise<RunSummary> {
    if (this.running) return this.running;
    const pass = this.pass().finally(() => {
      this.running = null;
    });
    this.running = pass;
    return pass;
  }

  /**
   * One pass of one job, now (`npm run -s jobs -- run <name>`): what is due of it runs, each run
   * claimed as always; a period already done is not run again. After any pass under way. With
   * `at`, as if it were that instant (the clock starts there and runs on): its period, its day.
   */
  async runJob(name: string, { at }: { at?: Date } = {}): Promise<RunSummary> {
    const job = this.jobs.get(name);
    if (!job) throw new Error(`no job named "${name}" (jobs: ${this.names.join(', ')})`);
    await this.running?.catch(() => undefined);
    if (!at) return this.pass([job]);
    const offset = at.getTime() - this.clock.now().getTime();
    const clock = this.clock;
    return this.pass([job], { now: () => new Date(clock.now().getTime() + offset) });
  }

  private async pass(jobs: Iterable<JobDefinition> = this.jobs.values(), clock: Clock = this.clock): Promise<RunSummary> {
    const summary: RunSummary = { ok: {}, failed: {} };
    for (const job of jobs) {
      const tried = new Set<string>();
      let runs = 0;
      while (!this.stopped && runs < MAX_RUNS_PER_PASS) {
        const due = (await this.dueRuns(job, clock)).filter((r) => !tried.has(`${r.escopo}|${r.periodo}`));
        if (due.length === 0) break;
        for (const run of due) {
          if (this.stopped) break;
          tried.add(`${run.escopo}|${run.periodo}`);
          runs++;
          const outcome = await this.runOne(job, run, clock);
          if (outcome === 'ok') summary.ok[job.name] = (summary.ok[job.name] ?? 0) + 1;
          if (outcome === 'failed') summary.failed[job.name] = (summary.failed[job.name] ?? 0) + 1;
        }
      }
    }
    return summary;
  }

  private slotOf(schedule: Extract<JobSchedule, { kind: 'every' }>, now: Date): string {
    const size = intervalMs(schedule);
    return new Date(Math.floor(now.getTime() / size) * size).toISOString();
  }

  /** A run blocks a new claim while it is done, alive, or waiting for its back-off. */
  private blocking(now: Date): SQL {
    return sql`(j.status = 'ok' or (j.status = 'rodando' and j.reserva_ate > ${at(now)}) or (j.status = 'falhou' and j.proxima_tentativa > ${at(now)}))`;
  }

  /**
   * Daily per-seller jobs (dia-local.ts, execucaoContaParaODia): a finished run of the day `periodo`
   * that started before that day began in the shop's zone `tz` (the shop moved westward since) is
   * not that day's run, and may be claimed again.
   */
  private staleDaily(periodo: SQL, tz: SQL): SQL {
    return sql`(j.status = 'ok' and to_char(j.iniciado_em at time zone ${tz}, 'YYYY-MM-DD') < ${periodo})`;
  }

  private async dueRuns(job: JobDefinition, clock: Clock): Promise<DueRun[]> {
    const now = clock.now();
    if (job.scope === 'global') {
      const periodo = job.schedule.kind === 'every' ? this.slotOf(job.schedule, now) : now.toISOString().slice(0, 10);
      const rows = await queryRows<{ blocked: boolean }>(
        this.db,
        sql`select exists (select 1 from ${jobExecucoes} j where j.job = ${job.name} and j.escopo = '' and j.periodo = ${periodo} and ${this.blocking(now)}) as blocked`,
      );
      return rows[0]?.blocked ? [] : [{ escopo: '', periodo, tz: null }];
    }
    const periodo =
      job.schedule.kind === 'every'
        ? sql`${this.slotOf(job.schedule, now)}::text`
        : sql`to_char(${at(now)} at time zone p.fuso_horario, 'YYYY-MM-DD')`;
    const fromHour = job.schedule.kind === 'daily' ? (job.schedule.fromHour ?? 0) : 0;
    const counts = job.schedule.kind === 'daily' ? sql`and not ${this.staleDaily(periodo, sql`p.fuso_horario`)}` : sql``;
    // As the runner's role: it sees every seller's scheduling columns, and nothing else of theirs.
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`set local role caderneta_jobs`);
      return queryRows<DueRun>(
        tx,
        sql`
          select p.owner_id as escopo, ${periodo} as periodo, p.fuso_horario as tz
          from perfis p
          where (${job.eligible ?? sql`true`})
            and extract(hour from ${at(now)} at time zone p.fuso_horario) >= ${fromHour}
            and not exists (
              select 1 from ${jobExecucoes} j
              where j.job = ${job.name} and j.escopo = p.owner_id and j.periodo = ${periodo} and ${this.blocking(now)} ${counts}
            )
          order by p.owner_id
          limit ${this.batch}
        `,
      );
    });
  }

  /** INSERT … ON CONFLICT: the one statement that decides which instance runs. Null: someone else has it. */
  private async claim(job: JobDefinition, run: DueRun, now: Date, leaseMs: number): Promise<number | null> {
    const lease = new Date(now.getTime() + leaseMs);
    const stale = job.schedule.kind === 'daily' && run.tz ? sql`or ${this.staleDaily(sql`j.periodo`, sql`${run.tz}::text`)}` : sql``;
    const rows = await queryRows<{ tentativas: number }>(
      this.db,
      sql`
        insert into ${jobExecucoes} as j (job, escopo, periodo, status, tentativas, instancia, iniciado_em, reserva_ate)
        values (${job.name}, ${run.escopo}, ${run.periodo}, 'rodando', 1, ${this.instance}, ${at(now)}, ${at(lease)})
        on conflict (job, escopo, periodo) do update
          set status = 'rodando', tentativas = j.tentativas + 1, instancia = excluded.instancia,
              iniciado_em = excluded.iniciado_em, reserva_ate = excluded.reserva_ate,
              concluido_em = null, proxima_tentativa = null, erro = null
          where (j.status = 'falhou' and j.proxima_tentativa <= ${at(now)})
             or (j.status = 'rodando' and j.reserva_ate <= ${at(now)})
             ${stale}
        returning j.tentativas
      `,
    );
    return rows[0] ? Number(rows[0].tentativas) : null;
  }

  private async lastPeriod(job: JobDefinition, escopo: string): Promise<string | null> {
    const rows = await queryRows<{ periodo: string | null }>(
      this.db,
      sql`select max(periodo) as periodo from ${jobExecucoes} where job = ${job.name} and escopo = ${escopo} and status = 'ok'`,
    );
    return rows[0]?.periodo ?? null;
  }

  private owned(job: JobDefinition, run: DueRun, tentativa: number): SQL {
    return sql`job = ${job.name} and escopo = ${run.escopo} and periodo = ${run.periodo} and instancia = ${this.instance} and tentativas = ${tentativa} and status = 'rodando'`;
  }

  private async runOne(job: JobDefinition, run: DueRun, clock: Clock): Promise<'ok' | 'failed' | 'skipped'> {
    const now = clock.now();
    const leaseMs = (job.leaseMinutes ?? DEFAULT_LEASE_MINUTES) * 60_000;
    const ultimoPeriodo = await this.lastPeriod(job, run.escopo);
    const tentativa = await this.claim(job, run, now, leaseMs);
    if (tentativa === null) return 'skipped';

    let committed = false;
    const ownerId = job.scope === 'seller' ? run.escopo : null;
    const owned = this.owned(job, run, tentativa);
    const db = this.db;
    async function transaction<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
      if (committed) throw new Error(`job "${job.name}": transaction() may run once per run`);
      const result = await db.transaction(async (tx) => {
        // Still ours? Locking the row also holds off an instance that wants to take it over until
        // this transaction ends — and then it finds the run done.
        const mine = await queryRows<{ ok: number }>(tx, sql`select 1 as ok from ${jobExecucoes} where ${owned} for update`);
        if (mine.length === 0) throw new Superseded();
        let value: T;
        if (ownerId) {
          await tx.execute(sql`select set_config('app.user_id', ${ownerId}, true)`);
          await tx.execute(sql`set local role app_user`);
          value = await work(tx as Tx);
          await tx.execute(sql`reset role`);
        } else {
          value = await work(tx as Tx);
        }
        await tx.execute(sql`update ${jobExecucoes} set status = 'ok', concluido_em = ${at(clock.now())} where ${owned}`);
        return value;
      });
      committed = true;
      return result;
    }
    const ctx: JobContext = {
      job: job.name,
      periodo: run.periodo,
      ultimoPeriodo: ultimoPeriodo === run.periodo ? null : ultimoPeriodo,
      ownerId,
      timeZone: run.tz,
      now,
      clock,
      tentativa,
      db: this.db,
      log: this.log,
      withSeller: (sellerId, work) => withSeller(db, sellerId, work),
      transaction,
    };

    const renew = this.renewLeases
      ? setInterval(() => {
          const until = new Date(clock.now().getTime() + leaseMs);
          this.db
            .execute(sql`update ${jobExecucoes} set reserva_ate = ${at(until)} where ${owned}`)
            .catch((error: unknown) => this.log.warn({ err: error, job: job.name }, 'jobs: lease not renewed'));
        }, Math.max(1_000, leaseMs / 3))
      : null;
    renew?.unref();
    try {
      await job.run(ctx);
      if (!committed) {
        await this.db.execute(sql`update ${jobExecucoes} set status = 'ok', concluido_em = ${at(clock.now())} where ${owned}`);
      }
      return 'ok';
    } catch (error) {
      if (error instanceof Superseded) {
        this.log.warn({ job: job.name, escopo: run.escopo, periodo: run.periodo }, 'jobs: run taken over by another instance');
        return 'skipped';
      }
      const backoffMinutes = Math.min(MAX_BACKOFF_MINUTES, 2 ** (tentativa - 1));
      const next = new Date(clock.now().getTime() + backoffMinutes * 60_000);
      this.log.error({ err: error, job: job.name, escopo: run.escopo, periodo: run.periodo, tentativa }, 'jobs: run failed');
      await this.db
        .execute(sql`update ${jobExecucoes} set status = 'falhou', erro = ${errorText(error)}, proxima_tentativa = ${at(next)} where ${owned}`)
        .catch((markError: unknown) => this.log.error({ err: markError, job: job.name }, 'jobs: failure not recorded'));
      return 'failed';
    } finally {
      if (renew) clearInterval(renew);
    }
  }
}
