import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { DEFAULT_TIME_ZONE } from '@caderneta/shared';
import { users } from './auth';
import { ownerPolicy } from './tenancy';

/** The seller's shop and preferences, stored on the server so they follow the seller everywhere. */
export const perfis = pgTable(
  'perfis',
  {
    ownerId: text('owner_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    nomeLoja: text('nome_loja').notNull(),
    telefoneLoja: text('telefone_loja'),
    enderecoLoja: text('endereco_loja'),
    cnpj: text('cnpj'),
    idioma: text('idioma').notNull().default('pt-BR'),
    moeda: text('moeda').notNull().default('BRL'),
    fusoHorario: text('fuso_horario').notNull().default(DEFAULT_TIME_ZONE),
    /** Notification preferences by kind; missing keys take the spec's defaults. */
    notificacoes: jsonb('notificacoes').$type<Record<string, boolean>>().notNull().default({}),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  () => [ownerPolicy('perfis')],
).enableRLS();
