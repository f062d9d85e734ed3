import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { DEFAULT_TIME_ZONE, VALORES_ETIQUETA, type DigitosCodigoBalanca } from '@caderneta/shared';
import { users } from './auth';
import { ownerPolicy } from './tenancy';

/**
 * The seller's shop and preferences, stored on the server so they follow the seller everywhere.
 * The job runner's role (caderneta_jobs) may read owner_id, fuso_horario and backup_automatico of
 * every seller to find whose daily jobs are due (policy perfis_jobs, migration 0004).
 */
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
    /** The seller's photo as a small data: URL (the header shows a generated avatar without one). */
    avatar: text('avatar'),
    /** The seller's own phone (Configurações › Perfil), digits only; not the shop's (telefone_loja). */
    telefone: text('telefone'),
    /** Daily backup of the seller's data (Configurações › Sistema). */
    backupAutomatico: boolean('backup_automatico').notNull().default(false),
    /** How the shop's scales print labels (balanca.ts, Configurações › Loja): the code's digits and the value's kind. */
    balancaDigitosCodigo: integer('balanca_digitos_codigo').$type<DigitosCodigoBalanca>().notNull().default(4),
    balancaValor: text('balanca_valor', { enum: VALORES_ETIQUETA }).notNull().default('preco'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    ownerPolicy('perfis'),
    check('perfis_balanca_digitos_codigo_check', sql`${t.balancaDigitosCodigo} between 4 and 6`),
    check('perfis_balanca_valor_check', sql`${t.balancaValor} in ('preco', 'peso')`),
  ],
).enableRLS();
