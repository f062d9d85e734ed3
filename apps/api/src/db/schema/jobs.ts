import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per run of a scheduled job (apps/api/src/jobs, docs/decisions/013): which job, for whom
 * (`escopo`: a seller id, or '' for a job that runs once for the installation) and for which
 * period (the seller's local date for daily jobs, the slot's start for every-N-minutes jobs).
 * The primary key is what makes a run happen once however many instances share the database:
 * an instance runs a job only after its INSERT … ON CONFLICT claimed the row. System data, like
 * the access codes: no seller reads it and app_user has no grant on it.
 */
export const jobExecucoes = pgTable(
  'job_execucoes',
  {
    job: text('job').notNull(),
    escopo: text('escopo').notNull(),
    periodo: text('periodo').notNull(),
    status: text('status', { enum: ['rodando', 'ok', 'falhou'] }).notNull(),
    /** Attempts so far; with `instancia`, the fencing token of the current attempt. */
    tentativas: integer('tentativas').notNull().default(1),
    instancia: text('instancia').notNull(),
    iniciadoEm: timestamp('iniciado_em', { withTimezone: true }).notNull(),
    concluidoEm: timestamp('concluido_em', { withTimezone: true }),
    /** Lease: after this instant, a run still `rodando` is taken to have died with its instance. */
    reservaAte: timestamp('reserva_ate', { withTimezone: true }).notNull(),
    /** A failed run is tried again from this instant (exponential back-off). */
    proximaTentativa: timestamp('proxima_tentativa', { withTimezone: true }),
    erro: text('erro'),
  },
  (t) => [primaryKey({ name: 'job_execucoes_pkey', columns: [t.job, t.escopo, t.periodo] }), index('job_execucoes_iniciado_idx').on(t.iniciadoEm)],
);

export type JobExecucao = typeof jobExecucoes.$inferSelect;
