import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { ownerId, ownerPolicy } from './tenancy';

/**
 * A spreadsheet imported into the shop (issue 39, docs/decisions/039-importacao.md): what it made,
 * by whom, and whether it was undone. Its rows are in `importacao_itens`; the opening balances it
 * posted are ledger entries keyed `importacao:<id>:<cliente>` (referencia_externa).
 */
export const importacoes = pgTable(
  'importacoes',
  {
    id: uuid('id').notNull().defaultRandom(),
    ownerId: ownerId(),
    tipo: text('tipo', { enum: ['clientes', 'produtos'] }).notNull(),
    nomeArquivo: text('nome_arquivo').notNull(),
    criadoPor: text('criado_por').references(() => users.id, { onDelete: 'set null' }),
    criadoPorNome: text('criado_por_nome'),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
    criados: integer('criados').notNull(),
    atualizados: integer('atualizados').notNull(),
    ignorados: integer('ignorados').notNull(),
    saldos: integer('saldos').notNull().default(0),
    totalSaldos: integer('total_saldos').notNull().default(0),
    desfeitaEm: timestamp('desfeita_em', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'importacoes_pkey', columns: [t.ownerId, t.id] }),
    index('importacoes_owner_criado_idx').on(t.ownerId, t.criadoEm),
    check('importacoes_contagens_check', sql`${t.criados} >= 0 and ${t.atualizados} >= 0 and ${t.ignorados} >= 0 and ${t.saldos} >= 0 and ${t.totalSaldos} >= 0`),
    ownerPolicy('importacoes'),
  ],
).enableRLS();

/**
 * Each record an import created or updated: undoing the import deletes what it created and puts
 * back `antes` (the fields as they were) on what it updated, while nothing else touched them.
 */
export const importacaoItens = pgTable(
  'importacao_itens',
  {
    ownerId: ownerId(),
    importacaoId: uuid('importacao_id').notNull(),
    registroId: uuid('registro_id').notNull(),
    acao: text('acao', { enum: ['criado', 'atualizado'] }).notNull(),
    /** The row's number in the file. */
    linha: integer('linha').notNull(),
    /** The fields the import changed, as they were before (updated records only). */
    antes: jsonb('antes'),
  },
  (t) => [
    primaryKey({ name: 'importacao_itens_pkey', columns: [t.ownerId, t.importacaoId, t.registroId] }),
    index('importacao_itens_registro_idx').on(t.ownerId, t.registroId),
    ownerPolicy('importacao_itens'),
  ],
).enableRLS();
