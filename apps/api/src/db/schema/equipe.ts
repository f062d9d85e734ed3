import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { ownerId, ownerPolicy } from './tenancy';

/**
 * The people of a shop (issue 37, docs/decisions/038-equipe.md): its owner and their staff. Every
 * row of the shop keeps the owner's id (`owner_id`, the tenant); a person signs in with their own
 * account (`user_id`) and acts on the shop of their row. An invitation is a row without an account
 * yet: the link's token is kept only as its hash, and accepting it creates the account.
 *
 * Row-level security is forced as on every shop table, for app_user; the server's own role may
 * also read every row (migration 0032's `pessoas_sessao` policy), because a request's session must
 * find its shop before it can enter it, as an invitation's page must find its invitation.
 */
export const pessoas = pgTable(
  'pessoas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerId: ownerId(),
    userId: text('user_id').references(() => users.id, { onDelete: 'cascade' }),
    nome: text('nome').notNull(),
    /** The invited address (null for a login without e-mail, whose account has a reserved one). */
    email: text('email'),
    /** The login of someone without e-mail (their account's address is emailDoUsuario's). */
    usuario: text('usuario'),
    /** PAPEIS */
    papel: text('papel').notNull(),
    /** PERMISSOES the person has (a Dono has all, whatever is stored). */
    permissoes: text('permissoes').array().notNull(),
    descontoMaximo: integer('desconto_maximo').notNull().default(0),
    ativo: boolean('ativo').notNull().default(true),
    conviteHash: text('convite_hash'),
    conviteExpiraEm: timestamp('convite_expira_em', { withTimezone: true }),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
    atualizadoEm: timestamp('atualizado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pessoas_user_id_idx').on(t.userId),
    uniqueIndex('pessoas_convite_hash_idx').on(t.conviteHash),
    uniqueIndex('pessoas_email_idx').on(t.ownerId, sql`lower(${t.email})`).where(sql`${t.email} is not null`),
    index('pessoas_owner_idx').on(t.ownerId, t.criadoEm),
    ownerPolicy('pessoas'),
  ],
).enableRLS();
