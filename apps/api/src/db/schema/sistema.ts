import { boolean, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** Paid access codes that let a new seller sign up. Operator data: no seller owns it. */
export const codigosAcesso = pgTable('codigos_acesso', {
  id: uuid('id').primaryKey().defaultRandom(),
  codigo: text('codigo').notNull().unique(),
  ativo: boolean('ativo').notNull().default(true),
  usado: boolean('usado').notNull().default(false),
  usadoPor: text('usado_por').references(() => users.id, { onDelete: 'set null' }),
  usadoPorEmail: text('usado_por_email'),
  usadoEm: timestamp('usado_em', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Installation-wide settings generated on first start (e.g. the auth secret), shared by every instance. */
export const configuracaoSistema = pgTable('configuracao_sistema', {
  chave: text('chave').primaryKey(),
  valor: text('valor').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
