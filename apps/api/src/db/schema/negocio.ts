import { sql } from 'drizzle-orm';
import { UNIDADES, type AlertaVenda } from '@caderneta/shared';
import {
  boolean,
  check,
  date,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { ownerId, ownerPolicy } from './tenancy';
import { cents } from './colunas';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const clientes = pgTable(
  'clientes',
  {
    id: uuid('id').notNull().defaultRandom(),
    ownerId: ownerId(),
    nome: text('nome').notNull(),
    /** Lower-cased, accent-free name for case- and accent-insensitive search. */
    nomeBusca: text('nome_busca').notNull(),
    /** Digits only. */
    telefone: text('telefone').notNull(),
    email: text('email'),
    endereco: text('endereco'),
    limiteCredito: cents('limite_credito').notNull().default(100000),
    /**
     * The customer's current public handle for the customer page. Uniqueness across every shop
     * is kept by the `logins_clientes` registry (schema/portal.ts).
     */
    login: text('login'),
    ativo: boolean('ativo').notNull().default(true),
    dataVencimento: date('data_vencimento', { mode: 'string' }),
    observacoes: text('observacoes'),
    /** Cache of the ledger sum (credits − debits), written only with a ledger entry. */
    saldoAtual: cents('saldo_atual').notNull().default(0),
    saldoPendente: cents('saldo_pendente').generatedAlwaysAs(sql`GREATEST(0, -saldo_atual)`),
    /**
     * When the oldest debt still open started (null: the customer owes nothing): the oldest pending
     * fiado sale or, when older, the oldest debit posted by hand (an opening balance) the credits
     * have not covered — `divida_pendente_desde()` of migration 0023, run by the ledger's allocation
     * in the same transaction. Every due date is computed from it without reading the sales.
     */
    pendenteDesde: timestamp('pendente_desde', { withTimezone: true }),
    /** The day the customer promised to pay ("Promessa de pagamento"); cleared when the debt is paid. */
    promessaPagamento: date('promessa_pagamento', { mode: 'string' }),
    /**
     * The customer's consent to automatic messages (LGPD, docs/decisions/043): when and how it was
     * given (null: never), and when and by whom it was last stopped. Only consent given and not
     * stopped since (`avisosParadosEm` null) lets the app write to the customer by itself.
     */
    avisosAutorizadosEm: timestamp('avisos_autorizados_em', { withTimezone: true }),
    avisosAutorizacao: text('avisos_autorizacao', { enum: ['formulario', 'resposta'] }),
    avisosParadosEm: timestamp('avisos_parados_em', { withTimezone: true }),
    avisosParadosPor: text('avisos_parados_por', { enum: ['cliente', 'loja'] }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'clientes_pkey', columns: [t.ownerId, t.id] }),
    unique('clientes_owner_login_key').on(t.ownerId, t.login),
    index('clientes_owner_nome_idx').on(t.ownerId, t.ativo, t.nomeBusca),
    index('clientes_owner_saldo_idx').on(t.ownerId, t.ativo, t.saldoAtual),
    // The customers who owe, with everything their due date, the debtors' cards and the first page's
    // order need (devedores.sql.ts): Devedores, the dashboard and the reports read this small index
    // alone, not one table page per debtor (issue 41).
    index('clientes_devedores_idx')
      .on(t.ownerId, t.ativo, t.saldoAtual, t.nomeBusca, t.id, t.pendenteDesde, t.dataVencimento, t.promessaPagamento)
      .where(sql`${t.saldoAtual} < 0`),
    // Debtors with a promise to pay: a broken one heads every order of Devedores, so its first page
    // reads these few, then the rest in clientes_devedores_idx's order (issue 41).
    index('clientes_promessa_idx')
      .on(t.ownerId, t.promessaPagamento)
      .where(sql`${t.saldoAtual} < 0 and ${t.promessaPagamento} is not null`),
    // New customers of a period (reports).
    index('clientes_owner_created_idx').on(t.ownerId, t.createdAt),
    check('clientes_limite_credito_check', sql`${t.limiteCredito} >= 0`),
    check('clientes_avisos_check', sql`(${t.avisosAutorizadosEm} is null) = (${t.avisosAutorizacao} is null)`),
    ownerPolicy('clientes'),
  ],
).enableRLS();

export const produtos = pgTable(
  'produtos',
  {
    id: uuid('id').notNull().defaultRandom(),
    ownerId: ownerId(),
    nome: text('nome').notNull(),
    nomeBusca: text('nome_busca').notNull(),
    descricao: text('descricao'),
    categoria: text('categoria'),
    codigoBarras: text('codigo_barras'),
    precoVenda: cents('preco_venda').notNull(),
    precoCusto: cents('preco_custo').notNull().default(0),
    /** How it is counted (unidades.ts): stock and quantities are in its stored steps (grams for kg). */
    unidade: text('unidade', { enum: UNIDADES }).notNull().default('un'),
    estoqueAtual: integer('estoque_atual').notNull().default(0),
    estoqueMinimo: integer('estoque_minimo').notNull().default(5),
    ativo: boolean('ativo').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ name: 'produtos_pkey', columns: [t.ownerId, t.id] }),
    index('produtos_owner_nome_idx').on(t.ownerId, t.ativo, t.nomeBusca),
    // A barcode read at the counter, and the check that no two active products share one.
    index('produtos_owner_codigo_barras_idx').on(t.ownerId, t.codigoBarras).where(sql`${t.codigoBarras} is not null`),
    check('produtos_preco_venda_check', sql`${t.precoVenda} > 0`),
    check('produtos_preco_custo_check', sql`${t.precoCusto} >= 0`),
    check('produtos_estoque_atual_check', sql`${t.estoqueAtual} >= 0`),
    check('produtos_estoque_minimo_check', sql`${t.estoqueMinimo} >= 0`),
    check('produtos_unidade_check', sql`${t.unidade} in ('un', 'kg', 'g', 'l', 'ml', 'cx', 'pct')`),
    ownerPolicy('produtos'),
  ],
).enableRLS();

export const vendas = pgTable(
  'vendas',
  {
    id: uuid('id').notNull().defaultRandom(),
    ownerId: ownerId(),
    numeroVenda: text('numero_venda').notNull(),
    clienteId: uuid('cliente_id'),
    dataVenda: timestamp('data_venda', { withTimezone: true }).notNull().defaultNow(),
    valorTotal: cents('valor_total').notNull(),
    /** Part of a fiado sale already covered by payments (oldest-first allocation). */
    valorPago: cents('valor_pago').notNull().default(0),
    formaPagamento: text('forma_pagamento', { enum: ['vista', 'fiado'] }).notNull(),
    statusPagamento: text('status_pagamento', { enum: ['pago', 'pendente', 'cancelado'] }).notNull(),
    observacoes: text('observacoes'),
    /** The seller confirmed a fiado sale beyond the customer's credit limit. */
    limiteExcedidoConfirmado: boolean('limite_excedido_confirmado').notNull().default(false),
    canceladaEm: timestamp('cancelada_em', { withTimezone: true }),
    /** Cost of the goods at the moment of sale (Σ items' quantity × unit cost): profit in the rollups. */
    custoTotal: cents('custo_total').notNull().default(0),
    /** The discount on the whole sale (shared out over the lines' `desconto_rateado`), and the percentage it was typed as. */
    desconto: cents('desconto').notNull().default(0),
    descontoPercentual: smallint('desconto_percentual'),
    /** Everything the discounts took off: the lines' own and the sale's. What the rollups add up. */
    descontoTotal: cents('desconto_total').notNull().default(0),
    /** The cart's idempotency key: a retried POST returns this sale instead of recording another. */
    chave: uuid('chave'),
    /**
     * Made offline and sent later from the counter's queue (ADR 034): data_venda is when it was made
     * there, created_at when it arrived.
     */
    feitaOffline: boolean('feita_offline').notNull().default(false),
    /**
     * What an offline sale arrived past (stock, credit limit, a blocked or deactivated customer),
     * with each stock shortfall; '[]' for every other sale. Written once, with the sale.
     */
    alertas: jsonb('alertas').$type<AlertaVenda[]>().notNull().default([]),
    /** Who of the shop made it ("Atendido por", issue 37); null for sales from before people existed. */
    criadoPor: text('criado_por').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('vendas_owner_numero_key').on(t.ownerId, t.numeroVenda),
    unique('vendas_owner_chave_key').on(t.ownerId, t.chave),
    primaryKey({ name: 'vendas_pkey', columns: [t.ownerId, t.id] }),
    // The customer must belong to the same seller as the sale.
    foreignKey({
      name: 'vendas_cliente_fk',
      columns: [t.ownerId, t.clienteId],
      foreignColumns: [clientes.ownerId, clientes.id],
    }),
    // Keyset pagination, newest first: (data_venda, id) after the filters that narrow by equality.
    index('vendas_owner_data_idx').on(t.ownerId, t.dataVenda, t.id),
    index('vendas_owner_status_idx').on(t.ownerId, t.statusPagamento, t.dataVenda, t.id),
    index('vendas_owner_forma_idx').on(t.ownerId, t.formaPagamento, t.dataVenda, t.id),
    index('vendas_cliente_idx').on(t.clienteId, t.statusPagamento, t.dataVenda),
    // One person's sales (the list filtered by "Atendente"), newest first.
    index('vendas_owner_criado_por_idx').on(t.ownerId, t.criadoPor, t.dataVenda, t.id).where(sql`${t.criadoPor} is not null`),
    check('vendas_valor_total_check', sql`${t.valorTotal} >= 0`),
    check('vendas_custo_total_check', sql`${t.custoTotal} >= 0`),
    check('vendas_desconto_check', sql`${t.desconto} >= 0 AND ${t.descontoTotal} >= ${t.desconto}`),
    check('vendas_desconto_percentual_check', sql`${t.descontoPercentual} between 1 and 100`),
    check('vendas_valor_pago_check', sql`${t.valorPago} >= 0 AND ${t.valorPago} <= ${t.valorTotal}`),
    check('vendas_fiado_cliente_check', sql`${t.formaPagamento} <> 'fiado' OR ${t.clienteId} IS NOT NULL`),
    check('vendas_alertas_check', sql`jsonb_typeof(${t.alertas}) = 'array' AND (${t.feitaOffline} OR ${t.alertas} = '[]'::jsonb)`),
    ownerPolicy('vendas'),
  ],
).enableRLS();

export const itensVenda = pgTable(
  'itens_venda',
  {
    id: uuid('id').notNull().defaultRandom(),
    ownerId: ownerId(),
    vendaId: uuid('venda_id').notNull(),
    /** Null on a loose line ("avulso"): a value and a description, no product and no stock. */
    produtoId: uuid('produto_id'),
    /** Snapshot of the product's name at the moment of sale; a loose line's description ('' when none). */
    produtoNome: text('produto_nome').notNull(),
    /** The product's unit when sold: `quantidade` is in its stored steps, the prices per whole unit. */
    unidade: text('unidade', { enum: UNIDADES }).notNull().default('un'),
    quantidade: integer('quantidade').notNull(),
    precoUnitario: cents('preco_unitario').notNull(),
    custoUnitario: cents('custo_unitario').notNull(),
    /** The catalogue's price when the counter sold at another (`preco_unitario`); null when it did not. */
    precoTabela: cents('preco_tabela'),
    /** The line's own discount, and the percentage it was typed as (null: typed as a value). */
    desconto: cents('desconto').notNull().default(0),
    descontoPercentual: smallint('desconto_percentual'),
    /** The line's share of the sale's discount (ADR 032). */
    descontoRateado: cents('desconto_rateado').notNull().default(0),
    /** What the line sold for: valorDaLinha(quantidade, precoUnitario, unidade) − desconto − desconto_rateado. */
    subtotal: cents('subtotal').notNull(),
    /** valorDaLinha(quantidade, custoUnitario, unidade): what the reports' cost and profit add up. */
    custo: cents('custo').notNull(),
  },
  (t) => [
    primaryKey({ name: 'itens_venda_pkey', columns: [t.ownerId, t.id] }),
    foreignKey({
      name: 'itens_venda_venda_fk',
      columns: [t.ownerId, t.vendaId],
      foreignColumns: [vendas.ownerId, vendas.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'itens_venda_produto_fk',
      columns: [t.ownerId, t.produtoId],
      foreignColumns: [produtos.ownerId, produtos.id],
    }),
    index('itens_venda_venda_idx').on(t.vendaId),
    index('itens_venda_produto_idx').on(t.produtoId),
    check('itens_venda_quantidade_check', sql`${t.quantidade} > 0`),
    check('itens_venda_desconto_check', sql`${t.desconto} >= 0 AND ${t.descontoRateado} >= 0 AND ${t.subtotal} >= 0`),
    check('itens_venda_desconto_percentual_check', sql`${t.descontoPercentual} between 1 and 100`),
    check('itens_venda_unidade_check', sql`${t.unidade} in ('un', 'kg', 'g', 'l', 'ml', 'cx', 'pct')`),
    ownerPolicy('itens_venda'),
  ],
).enableRLS();

/**
 * The customer ledger: the one source of truth for what a customer owes. Entries are never
 * edited or deleted. `valor` is signed: credits (payments) positive, debits (fiado sales) negative.
 */
export const lancamentos = pgTable(
  'lancamentos',
  {
    id: uuid('id').notNull().defaultRandom(),
    ownerId: ownerId(),
    clienteId: uuid('cliente_id').notNull(),
    tipo: text('tipo', { enum: ['venda', 'pagamento', 'ajuste', 'estorno'] }).notNull(),
    valor: cents('valor').notNull(),
    metodo: text('metodo', { enum: ['dinheiro', 'pix', 'cartao', 'transferencia', 'online'] }),
    vendaId: uuid('venda_id'),
    descricao: text('descricao'),
    /** Idempotency key for entries created from outside (e.g. an online payment id). */
    referenciaExterna: text('referencia_externa'),
    /**
     * The sales a keyed payment paid off when it was posted (their numbers), so a retry of it
     * answers what the first request answered. Null when it paid off none.
     */
    vendasQuitadas: text('vendas_quitadas').array(),
    criadoPor: text('criado_por').references(() => users.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'lancamentos_pkey', columns: [t.ownerId, t.id] }),
    foreignKey({
      name: 'lancamentos_cliente_fk',
      columns: [t.ownerId, t.clienteId],
      foreignColumns: [clientes.ownerId, clientes.id],
    }),
    foreignKey({
      name: 'lancamentos_venda_fk',
      columns: [t.ownerId, t.vendaId],
      foreignColumns: [vendas.ownerId, vendas.id],
    }),
    unique('lancamentos_owner_referencia_key').on(t.ownerId, t.referenciaExterna),
    index('lancamentos_cliente_idx').on(t.clienteId, t.createdAt),
    // The sale foreign key's own index: deleting a sale checks its entries here, not among all of the shop's.
    index('lancamentos_venda_idx').on(t.ownerId, t.vendaId).where(sql`${t.vendaId} is not null`),
    index('lancamentos_owner_data_idx').on(t.ownerId, t.createdAt),
    // Latest payments (dashboard, reports by method) without walking every sale's debit entry.
    index('lancamentos_owner_tipo_data_idx').on(t.ownerId, t.tipo, t.createdAt),
    // A customer's debits posted by hand (opening balances, "Adicionar Saldo", refunded online
    // payments): where an open one starts the debt's due date (divida_pendente_desde, migration 0023).
    index('lancamentos_debitos_avulsos_idx')
      .on(t.ownerId, t.clienteId, t.createdAt)
      .where(sql`${t.tipo} <> 'venda' and ${t.valor} < 0`),
    // Online payments given back (the reports' "Recebido" leaves them out): a few, without reading
    // every cancelled sale's reversal of the period.
    index('lancamentos_estornos_online_idx').on(t.ownerId, t.createdAt).where(sql`${t.tipo} = 'estorno' and ${t.metodo} = 'online'`),
    check('lancamentos_valor_check', sql`${t.valor} <> 0`),
    ownerPolicy('lancamentos'),
  ],
).enableRLS();

/** Notifications stored per seller; the web translates `tipo` + `params`. */
export const notificacoes = pgTable(
  'notificacoes',
  {
    id: uuid('id').notNull().defaultRandom(),
    ownerId: ownerId(),
    tipo: text('tipo', { enum: ['venda', 'pagamento', 'estoque_baixo', 'devedor'] }).notNull(),
    params: jsonb('params').$type<Record<string, string | number>>().notNull().default({}),
    lida: boolean('lida').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ name: 'notificacoes_pkey', columns: [t.ownerId, t.id] }),
    // Unread first (the bell's count), and the whole list newest first (the page, the 90-day clean-up).
    index('notificacoes_owner_idx').on(t.ownerId, t.lida, t.createdAt),
    index('notificacoes_owner_data_idx').on(t.ownerId, t.createdAt),
    ownerPolicy('notificacoes'),
  ],
).enableRLS();

export type Cliente = typeof clientes.$inferSelect;
export type Produto = typeof produtos.$inferSelect;
export type Venda = typeof vendas.$inferSelect;
export type ItemVenda = typeof itensVenda.$inferSelect;
export type Lancamento = typeof lancamentos.$inferSelect;
export type Notificacao = typeof notificacoes.$inferSelect;
export { users };
