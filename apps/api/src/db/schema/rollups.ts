import { bigint, boolean, date, integer, pgTable, primaryKey, smallint, text, timestamp } from 'drizzle-orm/pg-core';
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
  /** What the sales' discounts took off ("Descontos concedidos"). */
  descontoTotal: cents('desconto_total').notNull().default(0),
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

/*
 * The same sales and payments by the shop's own calendar (the time zone of its profile), for the
 * reports' long periods (docs/decisions/030-reports-by-the-shop-day.md): a 365-day period reads 365
 * days instead of 8,760 hours. Written only by the triggers of migration 0025 on the hourly tables
 * (each change of an hourly row moves its shop day, in the same statement) and rebuilt from the
 * hourly rows when the shop changes its time zone or is restored.
 */

/** Sales by the shop's calendar day, payment form and status. */
export const vendasPorDiaDaLoja = pgTable(
  'vendas_por_dia_da_loja',
  {
    ownerId: ownerId(),
    dia: date('dia', { mode: 'string' }).notNull(),
    formaPagamento: text('forma_pagamento', { enum: ['vista', 'fiado'] }).notNull(),
    statusPagamento: text('status_pagamento', { enum: ['pago', 'pendente', 'cancelado'] }).notNull(),
    ...measures(),
  },
  (t) => [
    primaryKey({ name: 'vendas_por_dia_da_loja_pkey', columns: [t.ownerId, t.dia, t.formaPagamento, t.statusPagamento] }),
    ownerPolicy('vendas_por_dia_da_loja'),
  ],
).enableRLS();

/** Sales not cancelled by the shop's calendar month (its first day) and hour of the day (0–23): "Vendas por hora". */
export const vendasPorHoraDoMes = pgTable(
  'vendas_por_hora_do_mes',
  {
    ownerId: ownerId(),
    mes: date('mes', { mode: 'string' }).notNull(),
    hora: smallint('hora').notNull(),
    quantidade: integer('quantidade').notNull().default(0),
    valorTotal: cents('valor_total').notNull().default(0),
    custoTotal: cents('custo_total').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'vendas_por_hora_do_mes_pkey', columns: [t.ownerId, t.mes, t.hora] }), ownerPolicy('vendas_por_hora_do_mes')],
).enableRLS();

/** Payments received by the shop's calendar day and method. */
export const pagamentosPorDiaDaLoja = pgTable(
  'pagamentos_por_dia_da_loja',
  {
    ownerId: ownerId(),
    dia: date('dia', { mode: 'string' }).notNull(),
    metodo: text('metodo', { enum: ['dinheiro', 'pix', 'cartao', 'transferencia', 'online'] }).notNull(),
    quantidade: integer('quantidade').notNull().default(0),
    valor: cents('valor').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'pagamentos_por_dia_da_loja_pkey', columns: [t.ownerId, t.dia, t.metodo] }), ownerPolicy('pagamentos_por_dia_da_loja')],
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
 * The customers who owe, counted by what their due date depends on: the date agreed with them
 * (`combinado`, clientes.data_vencimento) and the shop's calendar day their oldest open debt started
 * (`dia`, clientes.pendente_desde in the profile's time zone). Devedores' cards and the dashboard
 * read these few rows instead of every debtor (docs/decisions/036-debts-by-due-day.md). Written
 * only by the triggers of migration 0030, at commit, in the same transaction as the change of
 * balance, debt start, agreed date or active flag; a group nobody is left in is deleted.
 */
export const devedoresPorDia = pgTable(
  'devedores_por_dia',
  {
    ownerId: ownerId(),
    ativo: boolean('ativo').notNull(),
    /** The agreed due date; 'infinity' for none. */
    combinado: date('combinado', { mode: 'string' }).notNull(),
    /** The shop's day the oldest open debt started; 'infinity' for none. */
    dia: date('dia', { mode: 'string' }).notNull(),
    quantidade: integer('quantidade').notNull().default(0),
    /** What they owe together, in centavos (a positive sum of -saldo_atual). */
    valor: cents('valor').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'devedores_por_dia_pkey', columns: [t.ownerId, t.ativo, t.combinado, t.dia] }), ownerPolicy('devedores_por_dia')],
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

/**
 * Sales not cancelled by the person of the shop who made them and the UTC hour ("Vendas por
 * atendente", issue 37): written by migration 0034's triggers on vendas, rebuilt with the other
 * rollups on a restore. By the hour, like vendas_por_hora, so a change of the shop's time zone
 * leaves it as it is; the report adds up the hours of its period. Sales without a person (from
 * before people existed) are not in it.
 */
export const vendasPorAtendente = pgTable(
  'vendas_por_atendente',
  {
    ownerId: ownerId(),
    hora: timestamp('hora', { withTimezone: true }).notNull(),
    criadoPor: text('criado_por').notNull(),
    quantidade: integer('quantidade').notNull().default(0),
    valorTotal: cents('valor_total').notNull().default(0),
    descontoTotal: cents('desconto_total').notNull().default(0),
  },
  (t) => [primaryKey({ name: 'vendas_por_atendente_pkey', columns: [t.ownerId, t.hora, t.criadoPor] }), ownerPolicy('vendas_por_atendente')],
).enableRLS();
