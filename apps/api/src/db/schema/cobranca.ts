import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, foreignKey, index, integer, jsonb, pgPolicy, pgTable, primaryKey, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { CANAIS_MENSAGEM, ESTADOS_PARCELAMENTO, MODOS_PARCELAMENTO, STATUS_MENSAGEM, type ConteudoMensagem, type ModeloWhatsapp, type Parcela } from '@caderneta/shared';
import { clientes, lancamentos } from './negocio';
import { users } from './auth';
import { appLookup } from './portal';
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
    /** The régua that runs by itself (docs/decisions/045): off until the shop turns it on. */
    reguaAtiva: boolean('regua_ativa').notNull().default(false),
    /** The sending window: weekdays (0 = Sunday), from `regua_inicio` to `regua_fim` o'clock, shop time. */
    reguaDias: integer('regua_dias').array().notNull().default(sql`'{1,2,3,4,5,6}'::integer[]`),
    reguaInicio: integer('regua_inicio').notNull().default(8),
    reguaFim: integer('regua_fim').notNull().default(20),
    reguaLimiteDiario: integer('regua_limite_diario').notNull().default(250),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('cobranca_config_dia_vencimento_check', sql`${t.diaVencimento} between 1 and 28`),
    check('cobranca_config_dias_prazo_check', sql`${t.diasPrazo} between 1 and 365`),
    check('cobranca_config_dias_antecedencia_check', sql`${t.diasAntecedencia} between 1 and 30`),
    check(
      'cobranca_config_regua_janela_check',
      sql`${t.reguaInicio} between 0 and 23 and ${t.reguaFim} between 1 and 24 and ${t.reguaFim} > ${t.reguaInicio} and cardinality(${t.reguaDias}) between 1 and 7 and ${t.reguaDias} <@ '{0,1,2,3,4,5,6}'::integer[]`,
    ),
    check('cobranca_config_regua_limite_check', sql`${t.reguaLimiteDiario} between 1 and 10000`),
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
  reguaAtiva: cobrancaConfig.reguaAtiva,
  reguaDias: cobrancaConfig.reguaDias,
  reguaInicio: cobrancaConfig.reguaInicio,
  reguaFim: cobrancaConfig.reguaFim,
  reguaLimiteDiario: cobrancaConfig.reguaLimiteDiario,
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

/**
 * The customer's answer about an entry of their account, from their page (issue 38, item 5):
 * "Reconheço", or "Não reconheço" with the reason — a dispute, open until the shop resolves it
 * (`resolucao`, with the answer the customer reads). One answer per entry; the history stays.
 */
export const contestacoes = pgTable(
  'contestacoes',
  {
    id: uuid('id').notNull().defaultRandom(),
    ownerId: ownerId(),
    clienteId: uuid('cliente_id').notNull(),
    lancamentoId: uuid('lancamento_id').notNull(),
    reconhece: boolean('reconhece').notNull(),
    motivo: text('motivo'),
    criadaEm: timestamp('criada_em', { withTimezone: true }).notNull().defaultNow(),
    resolucao: text('resolucao', { enum: ['cancelada', 'corrigida', 'respondida'] }),
    resposta: text('resposta'),
    resolvidaEm: timestamp('resolvida_em', { withTimezone: true }),
    resolvidaPor: text('resolvida_por').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ name: 'contestacoes_pkey', columns: [t.ownerId, t.id] }),
    foreignKey({
      name: 'contestacoes_cliente_fk',
      columns: [t.ownerId, t.clienteId],
      foreignColumns: [clientes.ownerId, clientes.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'contestacoes_lancamento_fk',
      columns: [t.ownerId, t.lancamentoId],
      foreignColumns: [lancamentos.ownerId, lancamentos.id],
    }).onDelete('cascade'),
    unique('contestacoes_lancamento_key').on(t.ownerId, t.lancamentoId),
    index('contestacoes_cliente_idx').on(t.ownerId, t.clienteId, t.criadaEm),
    // "Contestação aberta" on a debtor's card and the pause of their collection: a few rows.
    index('contestacoes_abertas_idx').on(t.ownerId, t.clienteId).where(sql`not ${t.reconhece} and ${t.resolvidaEm} is null`),
    check('contestacoes_motivo_check', sql`${t.reconhece} or ${t.motivo} is not null`),
    check('contestacoes_resolucao_check', sql`(${t.resolvidaEm} is null) = (${t.resolucao} is null) and (${t.resolucao} is null or not ${t.reconhece})`),
    ownerPolicy('contestacoes'),
  ],
).enableRLS();

/** SQL: the dispute `alias` (of contestacoes) is open — not resolved yet; contestacoes_abertas_idx holds these. */
export const contestacaoAbertaSql = (alias: string) => sql.raw(`not ${alias}.reconhece and ${alias}.resolvida_em is null`);

/**
 * What the app writes to customers by itself (docs/decisions/043): the outbox a job sends from and,
 * once sent, the customer's message log. A row is written in the transaction of what it tells (an
 * entry of the ledger), only for a customer who consented; the job sends it once, later, so nothing
 * on a request waits for a mail server. `chave` says what the message is about ("lancamento:<id>"):
 * one message per thing told, whatever retries the request or the job make.
 */
export const mensagens = pgTable(
  'mensagens',
  {
    id: uuid('id').notNull().defaultRandom(),
    ownerId: ownerId(),
    clienteId: uuid('cliente_id').notNull(),
    lancamentoId: uuid('lancamento_id'),
    chave: text('chave').notNull(),
    canal: text('canal', { enum: CANAIS_MENSAGEM }).notNull(),
    /** The address or number it goes to, as it was when the message was written. */
    destino: text('destino').notNull(),
    /** What the text is made of (ConteudoMensagem): the text itself is written when it is sent. */
    dados: jsonb('dados').$type<ConteudoMensagem>().notNull(),
    status: text('status', { enum: STATUS_MENSAGEM }).notNull().default('pendente'),
    tentativas: integer('tentativas').notNull().default(0),
    /**
     * When the job may try it again after a failure (null: at its next round); while 'enviando',
     * when the attempt is given up as interrupted.
     */
    proximaEm: timestamp('proxima_em', { withTimezone: true }),
    enviadaEm: timestamp('enviada_em', { withTimezone: true }),
    /** The provider's id of the message (WhatsApp's "wamid…"): its delivery statuses name it. */
    externoId: text('externo_id'),
    /** When the last delivery status (entregue, lida, or a late failure) was reported. */
    statusEm: timestamp('status_em', { withTimezone: true }),
    erro: text('erro'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'mensagens_pkey', columns: [t.ownerId, t.id] }),
    foreignKey({ name: 'mensagens_cliente_fk', columns: [t.ownerId, t.clienteId], foreignColumns: [clientes.ownerId, clientes.id] }).onDelete('cascade'),
    foreignKey({ name: 'mensagens_lancamento_fk', columns: [t.ownerId, t.lancamentoId], foreignColumns: [lancamentos.ownerId, lancamentos.id] }).onDelete(
      'cascade',
    ),
    unique('mensagens_chave_key').on(t.ownerId, t.chave),
    // A customer's message log, newest first.
    index('mensagens_cliente_idx').on(t.ownerId, t.clienteId, t.createdAt),
    // The régua's daily cap counts a shop's reminders queued since the start of its day.
    index('mensagens_lembretes_idx').on(t.ownerId, t.createdAt).where(sql`${t.chave} like 'lembrete:%'`),
    // WhatsApp's delivery statuses find their message by its id.
    index('mensagens_externo_idx').on(t.ownerId, t.externoId).where(sql`${t.externoId} is not null`),
    // The job's queue across shops: only what is still to send (or being sent).
    index('mensagens_fila_idx').on(t.proximaEm).where(sql`${t.status} in ('pendente', 'enviando')`),
    ownerPolicy('mensagens'),
    // The job finds what is due in every shop as app_lookup (granted owner_id, id, status, proxima_em only).
    pgPolicy('mensagens_lookup', { as: 'permissive', for: 'select', to: appLookup, using: sql`true` }),
  ],
).enableRLS();

/**
 * The shop's WhatsApp Business number on Meta's Cloud API (docs/decisions/044): the number's id,
 * the access token and the app secret (encrypted like Mercado Pago's), the verify token Meta's
 * webhook handshake must present, and the names of the approved templates.
 */
export const whatsappContas = pgTable(
  'whatsapp_contas',
  {
    ownerId: text('owner_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    phoneNumberId: text('phone_number_id'),
    accessTokenCifrado: text('access_token_cifrado'),
    accessTokenDica: text('access_token_dica'),
    appSecretCifrado: text('app_secret_cifrado'),
    /** Random, made with the row: what the shop pastes as "Verify token" in Meta's panel. */
    verifyToken: text('verify_token').notNull(),
    modelos: jsonb('modelos').$type<Partial<Record<ModeloWhatsapp, string>>>().notNull().default({}),
    ativo: boolean('ativo').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [ownerPolicy('whatsapp_contas')],
).enableRLS();

export type CobrancaConfigRow = typeof cobrancaConfig.$inferSelect;
export type LembreteRow = typeof lembretes.$inferSelect;

/**
 * Parcelamento (issue 40, ADR 046): a schedule of the customer's pending debt. One in force per
 * customer at most (`ativo`); a renegotiation or "Desfazer" closes it and keeps it as history.
 * `creditos` is what the ledger's payments and credits since it was made add up to, net of their
 * reversals (`lancar` moves it); with the customer's balance it says which instalments are paid
 * (situacaoDoParcelamento), and the oldest open one's date is kept in clientes.data_vencimento. The
 * instalments are a column of the schedule: nothing reads them but with it (ADR 046).
 */
export const parcelamentos = pgTable(
  'parcelamentos',
  {
    id: uuid('id').notNull().defaultRandom(),
    ownerId: ownerId(),
    clienteId: uuid('cliente_id').notNull(),
    estado: text('estado', { enum: ESTADOS_PARCELAMENTO }).notNull().default('ativo'),
    modo: text('modo', { enum: MODOS_PARCELAMENTO }).notNull(),
    total: integer('total').notNull(),
    /** The instalments in order (number, due date, amount), summing to `total`. */
    parcelas: jsonb('parcelas').$type<Parcela[]>().notNull(),
    creditos: bigint('creditos', { mode: 'number' }).notNull().default(0),
    /** What was still open when it closed (a renegotiation carries it over), for the history. */
    abertoAoEncerrar: integer('aberto_ao_encerrar'),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
    encerradoEm: timestamp('encerrado_em', { withTimezone: true }),
  },
  (t) => [
    primaryKey({ name: 'parcelamentos_pkey', columns: [t.ownerId, t.id] }),
    foreignKey({ name: 'parcelamentos_cliente_fk', columns: [t.ownerId, t.clienteId], foreignColumns: [clientes.ownerId, clientes.id] }).onDelete('cascade'),
    // The one in force (the customer's lock keeps it one; a restore closes any older one: parcelas.ts).
    index('parcelamentos_ativo_idx').on(t.ownerId, t.clienteId).where(sql`${t.estado} = 'ativo'`),
    index('parcelamentos_cliente_idx').on(t.ownerId, t.clienteId, t.criadoEm),
    check('parcelamentos_total_check', sql`${t.total} > 0 and jsonb_array_length(${t.parcelas}) between 2 and 24`),
    ownerPolicy('parcelamentos'),
  ],
);

