import { sql } from 'drizzle-orm';
import { bigint, index, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ownerId, ownerPolicy } from './tenancy';

/**
 * The audit trail (issue 37, docs/decisions/037-audit-trail.md): one row per change of a shop's
 * data, written in the change's transaction by `auditar`. app_user may only insert and read it
 * (migration 0031's grants): no row is ever updated or deleted by the app, and a restore leaves it
 * as it was. Rows are read newest first by (em, id), in the whole shop or by author, kind,
 * record or customer.
 */
export const auditoria = pgTable(
  'auditoria',
  {
    id: bigint('id', { mode: 'number' }).notNull().generatedAlwaysAsIdentity(),
    ownerId: ownerId(),
    em: timestamp('em', { withTimezone: true }).notNull().defaultNow(),
    /** AUTORES_AUDITORIA; for a person, their user id and their name at the time. */
    autorTipo: text('autor_tipo').notNull(),
    autorId: text('autor_id'),
    autorNome: text('autor_nome'),
    /** ACOES_AUDITORIA, and its GRUPOS_AUDITORIA for the kind filter. */
    acao: text('acao').notNull(),
    grupo: text('grupo').notNull(),
    registroTipo: text('registro_tipo').notNull(),
    registroId: uuid('registro_id'),
    registroNome: text('registro_nome'),
    clienteId: uuid('cliente_id'),
    /** [{ campo, antes, depois }] */
    mudancas: jsonb('mudancas').notNull().default(sql`'[]'::jsonb`),
    detalhes: jsonb('detalhes').notNull().default(sql`'{}'::jsonb`),
    motivo: text('motivo'),
    ip: text('ip'),
  },
  (t) => [
    primaryKey({ name: 'auditoria_pkey', columns: [t.ownerId, t.id] }),
    index('auditoria_em_idx').on(t.ownerId, t.em.desc(), t.id.desc()),
    index('auditoria_grupo_idx').on(t.ownerId, t.grupo, t.em.desc(), t.id.desc()),
    index('auditoria_autor_idx').on(t.ownerId, t.autorId, t.em.desc(), t.id.desc()),
    index('auditoria_registro_idx').on(t.ownerId, t.registroId, t.em.desc(), t.id.desc()).where(sql`${t.registroId} is not null`),
    index('auditoria_cliente_idx').on(t.ownerId, t.clienteId, t.em.desc(), t.id.desc()).where(sql`${t.clienteId} is not null`),
    ownerPolicy('auditoria'),
  ],
).enableRLS();
