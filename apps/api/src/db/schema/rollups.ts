import { bigint, boolean, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { ownerId, ownerPolicy } from './tenancy';
import { cents } from './colunas';

/**
 * Counters and hourly rollups of sales and payments, so no request adds up a seller's whole
 * history (docs/decisions/011-sales-rollups.md). They are written only by the triggers of migration
 * 0004 (deferred to commit, in the same transaction as the sale, payment, adjustment or
 * cancellation that moved them) and read by modules/vendas/rollups.service.ts.
 */
const measures = () => ({
  /** Number of sales in the bucket. */
  quantidade: integer('quantidade').notNull().default(0),
  valorTotal: cents('valor_total').notNull().default(0),
  /** Part of valor_total already covered by payments (for pending sales: what is still open). */
  valorPago: cents('valor_pago').notNull().default(0),
  /** Cost of goods at the moment of sale. */
  custoTotal: cents('custo_total').notNull().default(0),
});

/** All of a seller's sales by payment form and status: the list's cards without a period, the dashboard. */
export const vendasTotais = pgTable(
  'vendas_totais',
  {
    ownerId: ownerId(),
    formaPagamento: text('forma_pagamento', { enum: ['vista', 'fiado'] }).notNull(),
    statusPagamento: text('status_pagamento', { enum: ['pago', 'pendente', 'cancelado'] }).notNull(),
    ...measures(),
  },
  (t) => [primaryKey({ name: 'vendas_totais_pkey', columns: [t.ownerId, t.formaPagamento, t.statusPagamento] }), ownerPolicy('vendas_totais')],
).enableRLS();

/**
 * Sales by UTC hour (`hora` = the start of the hour the sale is dated in), payment form and status.
 * Keyed by UTC hour, the rollup does not depend on the shop's time zone: for the whole-hour zones
 * the app offers, any local day, weekday or hour is a set of whole UTC hours.
 */
export const vendasPorHora = pgTable(
  'vendas_por_hora',
  {
    ownerId: ownerId(),
    hora: timestamp('hora', { withTimezone: true }).notNull(),
    formaPagamento: text('forma_pagamento', { enum: ['vista', 'fiado'] }).notNull(),
    statusPagamento: text('status_pagamento', { enum: ['pago', 'pendente', 'cancelado'] }).notNull(),
    ...measures(),
  },
  (t) => [
    primaryKey({ name: 'vendas_por_hora_pkey', columns: [t.ownerId, t.hora, t.formaPagamento, t.statusPagamento] }),
    ownerPolicy('vendas_por_hora'),
  ],
).enableRLS();

/** Payments received (ledger entries of type `pagamento`) by UTC hour and method. */
export const pagamentosPorHora = pgTable(
  'pagamentos_por_hora',
  {
    ownerId: ownerId(),
    hora: timestamp('hora', { withTimezone: true }).notNull(),
    metodo: text('metodo', { enum: ['dinheiro', 'pix', 'cartao', 'transferencia', 'online'] }).notNull(),
    quantidade: integer('quantidade').notNull().default(0),
    valor: cents('valor').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'pagamentos_por_hora_pkey', columns: [t.ownerId, t.hora, t.metodo] }), ownerPolicy('pagamentos_por_hora')],
).enableRLS();

/** A seller's customers by active flag: the customer list's cards without counting every row. */
export const clientesTotais = pgTable(
  'clientes_totais',
  {
    ownerId: ownerId(),
    ativo: boolean('ativo').notNull(),
    quantidade: integer('quantidade').notNull().default(0),
    /** Of those, customers who owe (saldo_atual < 0). */
    devedores: integer('devedores').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'clientes_totais_pkey', columns: [t.ownerId, t.ativo] }), ownerPolicy('clientes_totais')],
).enableRLS();

/**
 * A number that changes whenever a seller's customers change in a way the search sees (one is
 * added or deleted, or its name, phone or active flag changes): the customer search keeps the
 * seller's names in memory and trusts them only while this number is the one they were read with
 * (docs/decisions/022-customer-search-index.md). Written only by the trigger of migration 0021, in
 * the same transaction as the change, from one sequence, so a later version is always a larger one.
 */
export const clientesVersao = pgTable(
  'clientes_versao',
  {
    ownerId: ownerId().primaryKey(),
    versao: bigint('versao', { mode: 'number' }).notNull(),
  },
  () => [ownerPolicy('clientes_versao')],
).enableRLS();
