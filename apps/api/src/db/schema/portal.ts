import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgPolicy,
  pgRole,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { ownerId, ownerPolicy } from './tenancy';
import { cents } from './colunas';

/**
 * The role the public customer page and the background re-check switch to for the few
 * cross-seller reads they need (a login → its shop and customer; which online payments are still
 * pending). It may SELECT only those two tables, through the policies below; created with
 * IF NOT EXISTS logic in a custom migration.
 */
export const appLookup = pgRole('app_lookup').existing();

/**
 * Customer login handles, unique across every shop. A registry of its own (it can be a Citus
 * reference table) instead of a global UNIQUE on `clientes`, which a table sharded by seller could
 * not enforce. Written in the same transaction as the customer's create, login regeneration and
 * delete; no foreign key to `clientes` (a reference table cannot point into a distributed one),
 * so those services keep both in step.
 */
export const loginsClientes = pgTable(
  'logins_clientes',
  {
    login: text('login').primaryKey(),
    ownerId: ownerId(),
    /**
     * The customer the code opens; null once retired (regenerated, the customer deleted, replaced by a
     * restore). A retired code stays here, its shop's, so it is never handed to another shop: an old
     * WhatsApp link must not open someone else's page.
     */
    clienteId: uuid('cliente_id'),
  },
  (t) => [
    unique('logins_clientes_owner_cliente_key').on(t.ownerId, t.clienteId),
    ownerPolicy('logins_clientes'),
    pgPolicy('logins_clientes_lookup', { as: 'permissive', for: 'select', to: appLookup, using: sql`true` }),
  ],
).enableRLS();

/** The seller's Mercado Pago credentials. Secrets are stored encrypted (lib/cipher.ts). */
export const mercadopagoContas = pgTable(
  'mercadopago_contas',
  {
    ownerId: text('owner_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessTokenCifrado: text('access_token_cifrado'),
    /** What the settings screen may show of the token: its prefix and last four characters. */
    accessTokenDica: text('access_token_dica'),
    publicKey: text('public_key'),
    webhookSecretCifrado: text('webhook_secret_cifrado'),
    ambiente: text('ambiente', { enum: ['sandbox', 'producao'] })
      .notNull()
      .default('sandbox'),
    ativo: boolean('ativo').notNull().default(false),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [ownerPolicy('mercadopago_contas')],
).enableRLS();

/** The shop's own PIX key, for the static "copia e cola" code on the customer page. */
export const chavesPix = pgTable(
  'chaves_pix',
  {
    ownerId: text('owner_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Normalised to the form the BR Code carries (digits, +55…, lower-case e-mail or UUID). */
    chave: text('chave').notNull(),
    tipo: text('tipo', { enum: ['cpf', 'cnpj', 'email', 'telefone', 'aleatoria'] }).notNull(),
    nomeRecebedor: text('nome_recebedor').notNull(),
    cidade: text('cidade').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [ownerPolicy('chaves_pix')],
).enableRLS();

export const STATUS_PAGAMENTO_ONLINE = ['criado', 'pendente', 'aprovado', 'recusado', 'estornado', 'divergente'] as const;

/**
 * One "Pagar Saldo Pendente" attempt: our record, whose id is the preference's
 * `external_reference`. The ledger credit of an approved Mercado Pago payment is keyed by that
 * payment's id (`lancamentos.referencia_externa = 'mp:<id>'`), so it is posted exactly once.
 */
export const pagamentosOnline = pgTable(
  'pagamentos_online',
  {
    ownerId: ownerId(),
    id: uuid('id').notNull().defaultRandom(),
    clienteId: uuid('cliente_id').notNull(),
    metodo: text('metodo', { enum: ['pix', 'cartao'] }).notNull(),
    /** What the payment pays off on the ledger: the pending balance when it was started. */
    valorBase: cents('valor_base').notNull(),
    /** The card fee (5%) on top; 0 for PIX. */
    taxa: cents('taxa').notNull(),
    /** What Mercado Pago charges: base + fee. */
    valorTotal: cents('valor_total').notNull(),
    parcelasMax: integer('parcelas_max').notNull(),
    ambiente: text('ambiente', { enum: ['sandbox', 'producao'] }).notNull(),
    preferenceId: text('preference_id'),
    /** The preference's checkout address: a second start of the same payment goes back to it. */
    initPoint: text('init_point'),
    /** The latest Mercado Pago payment seen for this record. */
    mpPaymentId: text('mp_payment_id'),
    /**
     * A PIX paid in the customer page (issue 38): the copia-e-cola code, its QR Code (a PNG data
     * URL) and when Mercado Pago lets it expire. Null for a checkout (Checkout Pro) and for a card.
     */
    pixCopiaCola: text('pix_copia_cola'),
    pixQrCode: text('pix_qr_code'),
    pixExpiraEm: timestamp('pix_expira_em', { withTimezone: true }),
    status: text('status', { enum: STATUS_PAGAMENTO_ONLINE }).notNull().default('criado'),
    statusMp: text('status_mp'),
    /** Why a payment was not credited although Mercado Pago reported it (amount, currency…). */
    divergencia: text('divergencia'),
    lancamentoId: uuid('lancamento_id'),
    verificadoEm: timestamp('verificado_em', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: 'pagamentos_online_pkey', columns: [t.ownerId, t.id] }),
    unique('pagamentos_online_owner_mp_payment_key').on(t.ownerId, t.mpPaymentId),
    index('pagamentos_online_cliente_idx').on(t.ownerId, t.clienteId, t.createdAt),
    index('pagamentos_online_status_idx').on(t.status, t.createdAt),
    check('pagamentos_online_valores_check', sql`${t.valorBase} > 0 AND ${t.taxa} >= 0 AND ${t.valorTotal} = ${t.valorBase} + ${t.taxa}`),
    ownerPolicy('pagamentos_online'),
    pgPolicy('pagamentos_online_lookup', { as: 'permissive', for: 'select', to: appLookup, using: sql`true` }),
  ],
).enableRLS();

/**
 * Rate-limit counters shared by every API instance (security/rate-limit-store.ts). Not seller
 * data: only the app's own connection touches it, never app_user.
 */
export const limitesTaxa = pgTable('limites_taxa', {
  chave: text('chave').primaryKey(),
  contagem: integer('contagem').notNull(),
  expiraEm: timestamp('expira_em', { withTimezone: true }).notNull(),
});

export type PagamentoOnline = typeof pagamentosOnline.$inferSelect;
