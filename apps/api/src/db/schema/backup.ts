import { bigint, customType, date, pgTable, primaryKey, timestamp } from 'drizzle-orm/pg-core';
import { ownerId, ownerPolicy } from './tenancy';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * The seller's automatic daily backups when they are kept in the database (a PostgreSQL server
 * without BACKUP_DIR: every instance can list and serve them). gzip of the export file; the last
 * seven days are kept.
 */
export const backupsAutomaticos = pgTable(
  'backups_automaticos',
  {
    ownerId: ownerId(),
    dia: date('dia', { mode: 'string' }).notNull(),
    conteudo: bytea('conteudo').notNull(),
    /** Size of the JSON file once decompressed, in bytes. */
    tamanho: bigint('tamanho', { mode: 'number' }).notNull(),
    criadoEm: timestamp('criado_em', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'backups_automaticos_pkey', columns: [t.ownerId, t.dia] }), ownerPolicy('backups_automaticos')],
).enableRLS();
