import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, foreignKey, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { clientes } from './negocio';
import { users } from './auth';
import { ownerId, ownerPolicy } from './tenancy';

/**
 * The seller's collection settings, stored on the server so they follow the seller to every
 * device: the due-date rule (Configurar Vencimento), the reminder before the due date, and the
 * messages they rewrote (a missing message is the default in the shop's language).
 */
export const cobrancaConfig = pgTable(
  'cobranca_config',
  {
    ownerId: ownerId().primaryKey(),
    regraTipo: text('regra_tipo', { enum: ['proximo_mes', 'dias_fixos', 'data_fixa'] }).notNull().default('proximo_mes'),
    diaVencimento: integer('dia_vencimento').notNull().default(1),
    diasPrazo: integer('dias_prazo').notNull().default(30),
    dataFixa: date('data_fixa', { mode: 'string' }),
    lembreteAntecipado: boolean('lembrete_antecipado').notNull().default(false),
    diasAntecedencia: integer('dias_antecedencia').notNull().default(3),
    mensagens: jsonb('mensagens').$type<Partial<Record<'padrao' | 'gentil' | 'firme' | 'formal', string>>>().notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('cobranca_config_dia_vencimento_check', sql`${t.diaVencimento} between 1 and 28`),
    check('cobranca_config_dias_prazo_check', sql`${t.diasPrazo} between 1 and 365`),
    check('cobranca_config_dias_antecedencia_check', sql`${t.diasAntecedencia} between 1 and 30`),
    ownerPolicy('cobranca_config'),
  ],
).enableRLS();

/** What a shop chose in cobranca_config (its rule, its reminder, its messages), as the settings and a backup read it. */
export const colunasDaCobranca = {
  regraTipo: cobrancaConfig.regraTipo,
  diaVencimento: cobrancaConfig.diaVencimento,
  diasPrazo: cobrancaConfig.diasPrazo,
  dataFixa: cobrancaConfig.dataFixa,
  lembreteAntecipado: cobrancaConfig.lembreteAntecipado,
  diasAntecedencia: cobrancaConfig.diasAntecedencia,
  mensagens: cobrancaConfig.mensagens,
};

/** Collection reminders the seller marked as sent: who, which tier, when, and what was owed then. */
export const lembretes = pgTable(
  'lembretes',
  {
    id: uuid('id').notNull().defaultRandom(),
    ownerId: ownerId(),
    clienteId: uuid('cliente_id').notNull(),
    faixa: text('faixa', { enum: ['a_vencer', 'gentil', 'firme', 'formal'] }).notNull(),
    /** The shop's calendar day it was sent ("already reminded today"). */
    dia: date('dia', { mode: 'string' }).notNull(),
    diasAtraso: integer('dias_atraso').notNull(),
    valor: bigint('valor', { mode: 'number' }).notNull(),
    enviadoEm: timestamp('enviado_em', { withTimezone: true }).notNull().defaultNow(),
    criadoPor: text('criado_por').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ name: 'lembretes_pkey', columns: [t.ownerId, t.id] }),
    foreignKey({
      name: 'lembretes_cliente_fk',
      columns: [t.ownerId, t.clienteId],
      foreignColumns: [clientes.ownerId, clientes.id],
    }).onDelete('cascade'),
    // The card's "último lembrete": the newest of one customer, read backwards.
    index('lembretes_cliente_idx').on(t.ownerId, t.clienteId, t.enviadoEm),
    check('lembretes_valor_check', sql`${t.valor} > 0`),
    ownerPolicy('lembretes'),
  ],
).enableRLS();

export type CobrancaConfigRow = typeof cobrancaConfig.$inferSelect;
export type LembreteRow = typeof lembretes.$inferSelect;
