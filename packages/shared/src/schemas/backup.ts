import { z } from 'zod';

/*
 * "Exportar Dados" / "Importar Dados": one JSON file with everything of one seller's shop.
 * The rows' own schemas live with the tables they come from (apps/api/src/modules/backup/tabelas.ts);
 * what both sides read — the file's envelope, the check's summary, the restore's progress and
 * report — lives here.
 */

export const BACKUP_FORMATO = 'caderneta-backup';
/**
 * Bumped when a file of this version could not be read by an older Caderneta (2: the debtors'
 * reminders and collection settings; 3: units of measure — an older Caderneta would read 350 g of
 * cheese as 350 cheeses; 4: discounts — a discounted line's subtotal is below its quantity × price;
 * 5: offline sales — a sale short of stock took it only to 0, and its alerts say by how much;
 * 6: the audit trail, carried as history and never restored; 7: who of the shop made each sale;
 * 8: the customers' answers about their entries, and the disputes with the shop's answers; 9: the
 * customers' consent to automatic messages — an older Caderneta would drop it; 10: the régua that
 * runs by itself, its window and daily cap; 11: the schedules of instalments — an older Caderneta
 * would lose them and fall back to the shop's due dates).
 * Older versions still import.
 */
export const BACKUP_VERSAO = 11;
/**
 * The largest file "Importar Dados" takes: about 250,000 sales (a 100,000-sale shop exports
 * ~100 MB). The import holds the parsed file in memory to check it whole before writing.
 */
export const MAX_BACKUP_BYTES = 256 * 1024 * 1024;
/**
 * The most a gzip-compressed upload may grow while it is decompressed: a real backup shrinks about
 * 7 times (21.5 MB of JSON in 3.2 MB for a 20,000-sale shop); a compression bomb, about 1,000 times.
 * An upload that grows past this ratio (beyond its first megabyte) is refused as it arrives (413).
 */
export const MAX_RAZAO_COMPRESSAO_BACKUP = 50;
/** The most rows a backup file may hold, every table together (a 256 MB file holds about a million). */
export const MAX_LINHAS_BACKUP = 3_000_000;
/** Automatic backups kept per seller. */
export const BACKUPS_AUTOMATICOS_MANTIDOS = 7;

/** The start of every backup file: a browser checks it before sending a big file that is not one. */
export const BACKUP_INICIO = `{"formato":"${BACKUP_FORMATO}"`;

/** Why a file was refused; the web explains each one. */
export const BACKUP_MOTIVOS = [
  /** Not a Caderneta backup (no `formato`), or not JSON. */
  'formato',
  /** Made by a newer version of the app. */
  'versao',
  /** The checksum does not match: damaged or edited after the export. */
  'checksum',
  /** A field is missing, of the wrong type, or out of its limits (`campo`, `tabela`, `linha`). */
  'esquema',
  /** Two rows with one id, one sale number or one customer login. */
  'duplicado',
  /** A row points at a record the file does not have (a sale's customer, an item's product…). */
  'referencia',
  /** A customer's cached balance differs from the sum of their ledger entries. */
  'saldo',
  /** A sale's total differs from its items, or an item's subtotal from quantity × price. */
  'total',
] as const;
export type BackupMotivo = (typeof BACKUP_MOTIVOS)[number];

/** `details` of a BACKUP_INVALIDO answer. */
export const backupErroSchema = z.object({
  motivo: z.enum(BACKUP_MOTIVOS),
  tabela: z.string().optional(),
  linha: z.number().int().optional(),
  campo: z.string().optional(),
});
export type BackupErro = z.infer<typeof backupErroSchema>;

/** POST /api/backup/validar: what the file holds, to confirm before restoring. */
export const backupResumoSchema = z.object({
  nomeLoja: z.string(),
  exportadoEm: z.string(),
  versao: z.number().int(),
  /** Rows per table of the file (clientes, produtos, vendas, itensVenda, lancamentos, notificacoes…). */
  contagens: z.record(z.string(), z.number().int()),
  /** What the account holds now and the restore replaces. */
  atuais: z.record(z.string(), z.number().int()),
});
export type BackupResumo = z.infer<typeof backupResumoSchema>;

export const loginAlteradoSchema = z.object({ nome: z.string(), loginAnterior: z.string(), loginNovo: z.string() });
export type LoginAlterado = z.infer<typeof loginAlteradoSchema>;

/** What the restore did. */
export const backupRelatorioSchema = z.object({
  restaurados: z.record(z.string(), z.number().int()),
  removidos: z.record(z.string(), z.number().int()),
  /** Customer logins another shop already uses got new ones (their old links stop working). */
  loginsAlterados: z.array(loginAlteradoSchema),
  segundos: z.number(),
});
export type BackupRelatorio = z.infer<typeof backupRelatorioSchema>;

/**
 * POST /api/backup/restaurar answers, once the whole file passed the checks, a stream of these
 * (one JSON per line): progress per table, then the report or the error that undid everything.
 */
export const backupEventoSchema = z.discriminatedUnion('tipo', [
  z.object({ tipo: z.literal('progresso'), tabela: z.string(), feitos: z.number().int(), total: z.number().int() }),
  z.object({ tipo: z.literal('concluido'), relatorio: backupRelatorioSchema }),
  z.object({ tipo: z.literal('erro'), code: z.string(), message: z.string() }),
]);
export type BackupEvento = z.infer<typeof backupEventoSchema>;

/** One automatic backup, listed in Configurações › Sistema. */
export const backupAutomaticoSchema = z.object({
  dia: z.string(),
  /** Size of the JSON file, in bytes. */
  tamanho: z.number().int(),
  criadoEm: z.string(),
});
export type BackupAutomatico = z.infer<typeof backupAutomaticoSchema>;
export const backupsAutomaticosSchema = z.object({ itens: z.array(backupAutomaticoSchema), ativo: z.boolean() });
export type BackupsAutomaticos = z.infer<typeof backupsAutomaticosSchema>;

/** "caderneta-backup-2025-03-10.json" */
export const nomeArquivoBackup = (dia: string) => `caderneta-backup-${dia}.json`;
