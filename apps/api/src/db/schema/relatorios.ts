import { bigint, date, foreignKey, index, integer, pgTable, primaryKey, uuid } from 'drizzle-orm/pg-core';
import { clientes, produtos } from './negocio';
import { ownerId, ownerPolicy } from './tenancy';
import { cents } from './colunas';

/**
 * Per-product and per-customer sales by UTC calendar day, for the reports' rankings over any period
 * (docs/decisions/015-report-rollups.md). Only sales not cancelled count. Written only by the
 * triggers of migration 0007 in the same transaction as the sale, its cancellation or deletion;
 * read by modules/relatorios/relatorios.service.ts, which adds the partial UTC days at a period's
 * two ends from the sales themselves, so any time zone gets exact local days.
 */
export const produtosPorDia = pgTable(
  'produtos_por_dia',
  {
    ownerId: ownerId(),
    /** UTC calendar day of the sale (`data_venda at time zone 'UTC'`). */
    dia: date('dia', { mode: 'string' }).notNull(),
    produtoId: uuid('produto_id').notNull(),
    /** Units sold. */
    quantidade: bigint('quantidade', { mode: 'number' }).notNull().default(0),
    /** Σ subtotal: revenue. */
    valorTotal: cents('valor_total').notNull().default(0),
    /** Σ quantity × unit cost at the moment of sale. */
    custoTotal: cents('custo_total').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'produtos_por_dia_pkey', columns: [t.ownerId, t.dia, t.produtoId] }),
    foreignKey({ name: 'produtos_por_dia_produto_fk', columns: [t.ownerId, t.produtoId], foreignColumns: [produtos.ownerId, produtos.id] }).onDelete('cascade'),
    // The foreign key's own index: deleting a product finds its rows here, not among every day of the shop.
    index('produtos_por_dia_produto_idx').on(t.ownerId, t.produtoId),
    ownerPolicy('produtos_por_dia'),
  ],
).enableRLS();

export const clientesPorDia = pgTable(
  'clientes_por_dia',
  {
    ownerId: ownerId(),
    dia: date('dia', { mode: 'string' }).notNull(),
    clienteId: uuid('cliente_id').notNull(),
    /** Sales to the customer (à vista and fiado). */
    quantidade: integer('quantidade').notNull().default(0),
    valorTotal: cents('valor_total').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'clientes_por_dia_pkey', columns: [t.ownerId, t.dia, t.clienteId] }),
    foreignKey({ name: 'clientes_por_dia_cliente_fk', columns: [t.ownerId, t.clienteId], foreignColumns: [clientes.ownerId, clientes.id] }).onDelete('cascade'),
    index('clientes_por_dia_cliente_idx').on(t.ownerId, t.clienteId),
    ownerPolicy('clientes_por_dia'),
  ],
).enableRLS();

/**
 * The same figures by UTC calendar month (`mes`: the month's first day), so a long period reads one
 * row per product or customer and whole month inside it, and the daily rows only for the days
 * before its first whole month and after its last (migration 0015, docs/decisions/015). Written only
 * by the triggers on the daily tables, in the same transaction.
 */
export const produtosPorMes = pgTable(
  'produtos_por_mes',
  {
    ownerId: ownerId(),
    /** First day of the UTC calendar month. */
    mes: date('mes', { mode: 'string' }).notNull(),
    produtoId: uuid('produto_id').notNull(),
    quantidade: bigint('quantidade', { mode: 'number' }).notNull().default(0),
    valorTotal: cents('valor_total').notNull().default(0),
    custoTotal: cents('custo_total').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'produtos_por_mes_pkey', columns: [t.ownerId, t.mes, t.produtoId] }),
    foreignKey({ name: 'produtos_por_mes_produto_fk', columns: [t.ownerId, t.produtoId], foreignColumns: [produtos.ownerId, produtos.id] }).onDelete('cascade'),
    index('produtos_por_mes_produto_idx').on(t.ownerId, t.produtoId),
    ownerPolicy('produtos_por_mes'),
  ],
).enableRLS();

export const clientesPorMes = pgTable(
  'clientes_por_mes',
  {
    ownerId: ownerId(),
    mes: date('mes', { mode: 'string' }).notNull(),
    clienteId: uuid('cliente_id').notNull(),
    quantidade: integer('quantidade').notNull().default(0),
    valorTotal: cents('valor_total').notNull().default(0),
  },
  (t) => [
    primaryKey({ name: 'clientes_por_mes_pkey', columns: [t.ownerId, t.mes, t.clienteId] }),
    foreignKey({ name: 'clientes_por_mes_cliente_fk', columns: [t.ownerId, t.clienteId], foreignColumns: [clientes.ownerId, clientes.id] }).onDelete('cascade'),
    index('clientes_por_mes_cliente_idx').on(t.ownerId, t.clienteId),
    ownerPolicy('clientes_por_mes'),
  ],
).enableRLS();
