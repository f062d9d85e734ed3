import { createHash, type Hash } from 'node:crypto';
import { and, asc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { BACKUP_FORMATO, BACKUP_VERSAO, type BackupErro } from '@caderneta/shared';
import type { Executor } from '../../db/client';
import { chavesPix, cobrancaConfig, perfis } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { perfilBackupSchema, TABELAS_BACKUP, tabelasDaVersao, type PerfilBackup, type TabelaBackup } from './tabelas';

/*
 * The backup file: `{ formato, versao, exportadoEm, perfil, dados: { <table>: [rows…] }, contagens,
 * checksum }`, one row per line. The checksum (SHA-256, hex) covers the envelope, the profile and
 * every row in the order of TABELAS_BACKUP, each as JSON.stringify writes it — which is also what
 * JSON.stringify gives back for the row after JSON.parse, so the import recomputes it from the
 * parsed file. It catches a damaged or hand-edited file; it is not a signature. A file of an older
 * `versao` covers the tables of its version (`tabelasDaVersao`): version 1 had no reminders.
 */

export type Linha = Record<string, unknown>;

/**
 * The file as the API document describes a download of it (GET /api/backup/exportar, an automatic
 * backup): the envelope, the shop's profile and each table's rows. A file kept from an older
 * version lacks the tables added since.
 */
export const arquivoBackupSchema = z
  .object({
    formato: z.literal(BACKUP_FORMATO),
    versao: z.number().int().min(1).max(BACKUP_VERSAO),
    exportadoEm: z.string(),
    perfil: perfilBackupSchema,
    dados: z.object(Object.fromEntries(TABELAS_BACKUP.map((t) => [t.key, (t.desde ?? 1) > 1 ? z.array(t.linha).optional() : z.array(t.linha)]))),
    contagens: z.record(z.string(), z.number().int()),
    checksum: z.string(),
  })
  .describe('A backup file: every record of the shop');

/** The running checksum of a file, fed in file order by the writer and by the checker. */
class Soma {
  private readonly hash: Hash = createHash('sha256');
  constructor(formato: unknown, versao: unknown, exportadoEm: unknown) {
    this.hash.update(`${String(formato)}\n${String(versao)}\n${String(exportadoEm)}\n`);
  }
  perfil(perfil: unknown) {
    this.hash.update(`perfil\n${JSON.stringify(perfil)}\n`);
  }
  tabela(key: string) {
    this.hash.update(`#${key}\n`);
  }
  linha(json: string) {
    this.hash.update(json);
    this.hash.update('\n');
  }
  hex() {
    return this.hash.digest('hex');
  }
}

const LOTE_EXPORTACAO = 2_000;

/** The property names of a file row, in the order they are written. */
const chaves = (tabela: TabelaBackup) => Object.keys(tabela.linha.shape);

function colunas(tabela: TabelaBackup): Record<string, PgColumn> {
  return getTableColumns(tabela.table) as Record<string, PgColumn>;
}

/** What to select for a file row: every column of its schema; instants as UTC text to the microsecond. */
function campos(tabela: TabelaBackup): Record<string, PgColumn | SQL> {
  const cols = colunas(tabela);
  return Object.fromEntries(
    chaves(tabela).map((key) => {
      const column = cols[key];
      if (!column) throw new Error(`backup: ${tabela.key}.${key} is not a column`);
      const instante = column.columnType === 'PgTimestamp' || column.columnType === 'PgTimestampString';
      return [key, instante ? sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')` : column];
    }),
  );
}

/** A value of `column` as a typed SQL parameter (keyset comparisons). */
const valor = (column: PgColumn, value: unknown): SQL => sql`${value}::${sql.raw(column.getSQLType())}`;

/** The seller's rows of one table, in batches, in the order of an index that starts with owner_id. */
async function* lotes(tx: Executor, ownerId: string, tabela: TabelaBackup, tamanho = LOTE_EXPORTACAO): AsyncGenerator<Linha[]> {
  const cols = colunas(tabela);
  const owner = cols.ownerId!;
  const select = campos(tabela);
  if (tabela.porPai) {
    const pai = TABELAS_BACKUP.find((t) => t.key === tabela.porPai!.key)!;
    const coluna = cols[tabela.porPai.coluna]!;
    for await (const pais of lotes(tx, ownerId, { ...pai, linha: pai.linha.pick({ id: true }) }, tamanho)) {
      const ids = pais.map((p) => p.id as string);
      const rows = await tx
        .select(select)
        .from(tabela.table)
        .where(and(eq(owner, ownerId), inArray(coluna, ids)))
        .orderBy(asc(coluna), asc(cols.id!));
      if (rows.length) yield rows as Linha[];
    }
    return;
  }
  const ordem = (tabela.ordem ?? ['id']).map((key) => cols[key]!);
  let ultimo: unknown[] | null = null;
  for (;;) {
    const depois: SQL | undefined = ultimo
      ? sql`(${sql.join(ordem, sql`, `)}) > (${sql.join(
          ordem.map((c, i) => valor(c, ultimo![i])),
          sql`, `,
        )})`
      : undefined;
    const rows = (await tx
      .select(select)
      .from(tabela.table)
      .where(and(eq(owner, ownerId), depois))
      .orderBy(...ordem.map((c) => asc(c)))
      .limit(tamanho)) as Linha[];
    if (rows.length === 0) return;
    yield rows;
    if (rows.length < tamanho) return;
    const last = rows[rows.length - 1]!;
    ultimo = (tabela.ordem ?? ['id']).map((key) => last[key]);
  }
}

async function lerPerfil(tx: Executor, ownerId: string): Promise<PerfilBackup> {
  const [perfil] = await tx.select().from(perfis).where(eq(perfis.ownerId, ownerId));
  if (!perfil) throw new AppError('NOT_FOUND', 404, { message: 'Perfil não encontrado' });
  const [pix] = await tx
    .select({ chave: chavesPix.chave, tipo: chavesPix.tipo, nomeRecebedor: chavesPix.nomeRecebedor, cidade: chavesPix.cidade })
    .from(chavesPix)
    .where(eq(chavesPix.ownerId, ownerId));
  const [cobranca] = await tx
    .select({
      regraTipo: cobrancaConfig.regraTipo,
      diaVencimento: cobrancaConfig.diaVencimento,
      diasPrazo: cobrancaConfig.diasPrazo,
      dataFixa: cobrancaConfig.dataFixa,
      lembreteAntecipado: cobrancaConfig.lembreteAntecipado,
      diasAntecedencia: cobrancaConfig.diasAntecedencia,
      mensagens: cobrancaConfig.mensagens,
    })
    .from(cobrancaConfig)
    .where(eq(cobrancaConfig.ownerId, ownerId));
  const colunasPerfil = Object.keys(perfilBackupSchema.shape).filter((key) => key !== 'pix' && key !== 'cobranca');
  return {
    ...Object.fromEntries(colunasPerfil.map((key) => [key, perfil[key as keyof typeof perfil] ?? null])),
    pix: pix ?? null,
    cobranca: cobranca ?? null,
  } as PerfilBackup;
}

export interface Saida {
  /** Writes text, waiting when the destination asks to (back-pressure). */
  write(text: string): Promise<void>;
}

export interface ExportResult {
  contagens: Record<string, number>;
  checksum: string;
  /** Bytes of JSON written. */
  bytes: number;
}

/**
 * Writes the seller's whole shop as one backup file, batch by batch (no table is ever held in
 * memory). `tx` must see one snapshot of the data (REPEATABLE READ on a server), or the file's
 * balances could disagree with its ledger.
 */
export async function escreverBackup(
  tx: Executor,
  ownerId: string,
  exportadoEm: Date,
  saida: Saida,
  onProgress?: (tabela: string, feitos: number) => void,
): Promise<ExportResult> {
  let bytes = 0;
  const write = async (text: string) => {
    bytes += Buffer.byteLength(text);
    await saida.write(text);
  };
  const quando = exportadoEm.toISOString();
  const soma = new Soma(BACKUP_FORMATO, BACKUP_VERSAO, quando);
  const perfil = await lerPerfil(tx, ownerId);
  soma.perfil(perfil);
  await write(`{"formato":${JSON.stringify(BACKUP_FORMATO)},"versao":${BACKUP_VERSAO},"exportadoEm":${JSON.stringify(quando)},\n"perfil":${JSON.stringify(perfil)},\n"dados":{`);
  const contagens: Record<string, number> = {};
  for (const [i, tabela] of TABELAS_BACKUP.entries()) {
    soma.tabela(tabela.key);
    await write(`${i ? ',' : ''}\n${JSON.stringify(tabela.key)}:[`);
    let n = 0;
    for await (const rows of lotes(tx, ownerId, tabela)) {
      let chunk = '';
      for (const row of rows) {
        const json = JSON.stringify(row);
        soma.linha(json);
        chunk += `${n++ ? ',' : ''}\n${json}`;
      }
      await write(chunk);
      onProgress?.(tabela.key, n);
    }
    contagens[tabela.key] = n;
    await write(']');
  }
  const checksum = soma.hex();
  await write(`\n},\n"contagens":${JSON.stringify(contagens)},\n"checksum":${JSON.stringify(checksum)}}\n`);
  return { contagens, checksum, bytes };
}

/**
 * The seller's rows of a table, as a condition that uses an index: owner_id, or for a child table
 * without an index by owner (a sale's items) its parent column among the seller's parents.
 */
export function doVendedor(tabela: TabelaBackup, ownerId: string): SQL {
  const cols = colunas(tabela);
  if (!tabela.porPai) return sql`${cols.ownerId!} = ${ownerId}`;
  const pai = TABELAS_BACKUP.find((t) => t.key === tabela.porPai!.key)!;
  const paiCols = colunas(pai);
  return sql`${cols.ownerId!} = ${ownerId} and ${cols[tabela.porPai.coluna]!} in (select ${paiCols.id!} from ${pai.table} where ${paiCols.ownerId!} = ${ownerId})`;
}

/** The rows each seller table holds now (what a restore would replace). */
export async function contarAtuais(tx: Executor, ownerId: string): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const tabela of TABELAS_BACKUP) {
    const [row] = await tx.select({ n: sql<number>`count(*)::int`.mapWith(Number) }).from(tabela.table).where(doVendedor(tabela, ownerId));
    out[tabela.key] = row?.n ?? 0;
  }
  return out;
}

export interface ArquivoValidado {
  versao: number;
  exportadoEm: string;
  perfil: PerfilBackup;
  dados: Record<string, Linha[]>;
  contagens: Record<string, number>;
}

const MENSAGENS: Record<BackupErro['motivo'], string> = {
  formato: 'Este arquivo não é um backup do Caderneta.',
  versao: 'Este backup foi feito por uma versão mais nova do Caderneta.',
  checksum: 'O arquivo foi alterado ou está corrompido: a soma de verificação não confere.',
  esquema: 'O arquivo tem um campo ausente ou inválido.',
  duplicado: 'O arquivo tem registros repetidos.',
  referencia: 'O arquivo tem um registro que aponta para outro que não existe.',
  saldo: 'O saldo de um cliente não confere com os lançamentos dele.',
  total: 'O total de uma venda não confere com os itens dela.',
};

function invalido(erro: BackupErro): AppError {
  return new AppError('BACKUP_INVALIDO', 422, { message: MENSAGENS[erro.motivo], details: erro });
}

/** The checksum a parsed file should carry (see the top of this file). */
export function checksumDe(bruto: { formato?: unknown; versao?: unknown; exportadoEm?: unknown; perfil?: unknown; dados: Record<string, unknown> }): string {
  const soma = new Soma(bruto.formato, bruto.versao, bruto.exportadoEm);
  soma.perfil(bruto.perfil);
  const versao = typeof bruto.versao === 'number' ? bruto.versao : BACKUP_VERSAO;
  for (const tabela of tabelasDaVersao(versao)) {
    soma.tabela(tabela.key);
    const rows = bruto.dados[tabela.key];
    if (Array.isArray(rows)) for (const row of rows) soma.linha(JSON.stringify(row));
  }
  return soma.hex();
}

/**
 * checksumDe on a file nobody checked yet: values nested thousands of levels deep (no export
 * writes them) overflow JSON.stringify's stack, which says the file is not one of ours.
 */
function checksumSeguro(bruto: Parameters<typeof checksumDe>[0]): string {
  try {
    return checksumDe(bruto);
  } catch (error) {
    if (error instanceof RangeError) throw invalido({ motivo: 'esquema' });
    throw error;
  }
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The first issue of a failed parse, as the place it points at. */
function ondeFalhou(error: z.ZodError, tabela: string): BackupErro {
  const issue = error.issues[0];
  const path = issue?.path ?? [];
  const linha = typeof path[0] === 'number' ? path[0] + 1 : undefined;
  const campo = path.filter((p) => typeof p === 'string').join('.') || undefined;
  return { motivo: 'esquema', tabela, ...(linha !== undefined ? { linha } : {}), ...(campo ? { campo } : {}) };
}

/**
 * Checks a whole backup file before anything is written: that it is ours and of a version we
 * read, its checksum, every row against its table's schema (types, limits, integer money),
 * unique ids, references between its tables, every customer's balance against their ledger, and
 * every sale's total against its items. Throws BACKUP_INVALIDO (422) with the first reason.
 * Pure: it reads no database, so nothing can change before the whole file passed.
 */
export async function validarArquivo(bruto: unknown): Promise<ArquivoValidado> {
  if (!isObject(bruto) || bruto.formato !== BACKUP_FORMATO || !isObject(bruto.dados)) throw invalido({ motivo: 'formato' });
  if (typeof bruto.versao !== 'number' || !Number.isInteger(bruto.versao) || bruto.versao < 1) throw invalido({ motivo: 'formato' });
  // An older version's file holds its version's tables; a table added later is unknown to it.
  const conhecidas = new Set(tabelasDaVersao(bruto.versao).map((t) => t.key));
  if (bruto.versao > BACKUP_VERSAO || Object.keys(bruto.dados).some((key) => !conhecidas.has(key))) throw invalido({ motivo: 'versao' });

  const dadosBrutos = bruto.dados;
  for (const tabela of TABELAS_BACKUP) {
    const rows = dadosBrutos[tabela.key];
    if (rows !== undefined && !Array.isArray(rows)) throw invalido({ motivo: 'esquema', tabela: tabela.key });
  }
  if (typeof bruto.checksum !== 'string' || checksumSeguro({ ...bruto, dados: dadosBrutos }) !== bruto.checksum) throw invalido({ motivo: 'checksum' });

  if (typeof bruto.exportadoEm !== 'string' || Number.isNaN(Date.parse(bruto.exportadoEm))) throw invalido({ motivo: 'esquema', campo: 'exportadoEm' });
  const perfil = perfilBackupSchema.safeParse(bruto.perfil);
  if (!perfil.success) {
    const campo = perfil.error.issues[0]?.path.filter((p) => typeof p === 'string').join('.');
    throw invalido({ motivo: 'esquema', tabela: 'perfil', ...(campo ? { campo } : {}) });
  }

  const dados: Record<string, Linha[]> = {};
  const ids: Record<string, Set<string>> = {};
  for (const tabela of TABELAS_BACKUP) {
    const rows = (dadosBrutos[tabela.key] ?? []) as unknown[];
    const parsed: Linha[] = new Array(rows.length);
    for (let i = 0; i < rows.length; i++) {
      // A big file takes seconds to check: let other requests through now and then.
      if (i % 5_000 === 4_999) await new Promise((resolve) => setImmediate(resolve));
      const result = tabela.linha.safeParse(rows[i]);
      if (!result.success) {
        const onde = ondeFalhou(result.error, tabela.key);
        throw invalido({ ...onde, linha: i + 1 });
      }
      // The row as it came: zod only checks here (no schema transforms), and a second copy of a
      // big shop would double the memory the import needs. Extra keys are ignored on insert.
      parsed[i] = rows[i] as Linha;
    }
    dados[tabela.key] = parsed;
    const vistos = new Set<string>();
    for (const [i, row] of parsed.entries()) {
      const value = row.id as string;
      if (vistos.has(value)) throw invalido({ motivo: 'duplicado', tabela: tabela.key, linha: i + 1, campo: 'id' });
      vistos.add(value);
    }
    ids[tabela.key] = vistos;
    for (const campo of tabela.unicos ?? []) {
      const valores = new Set<unknown>();
      for (const [i, row] of parsed.entries()) {
        const value = row[campo];
        if (value === null || value === undefined) continue;
        if (valores.has(value)) throw invalido({ motivo: 'duplicado', tabela: tabela.key, linha: i + 1, campo });
        valores.add(value);
      }
    }
  }

  for (const tabela of TABELAS_BACKUP) {
    for (const [campo, alvo] of Object.entries(tabela.refs ?? {})) {
      const existentes = ids[alvo]!;
      for (const [i, row] of dados[tabela.key]!.entries()) {
        const value = row[campo];
        if (value !== null && value !== undefined && !existentes.has(value as string)) {
          throw invalido({ motivo: 'referencia', tabela: tabela.key, linha: i + 1, campo });
        }
      }
    }
  }

  verificarSomas(dados);
  return {
    versao: bruto.versao,
    exportadoEm: bruto.exportadoEm,
    perfil: perfil.data,
    dados,
    contagens: Object.fromEntries(TABELAS_BACKUP.map((t) => [t.key, dados[t.key]!.length])),
  };
}

/** Balances equal their ledgers; sales equal their items (and a fiado one has its customer); items equal quantity × price. */
function verificarSomas(dados: Record<string, Linha[]>) {
  const razao = new Map<string, number>();
  for (const l of dados.lancamentos ?? []) razao.set(l.clienteId as string, (razao.get(l.clienteId as string) ?? 0) + (l.valor as number));
  for (const [i, c] of (dados.clientes ?? []).entries()) {
    if ((razao.get(c.id as string) ?? 0) !== c.saldoAtual) throw invalido({ motivo: 'saldo', tabela: 'clientes', linha: i + 1, campo: 'saldoAtual' });
  }
  const itens = new Map<string, number>();
  const custos = new Map<string, number>();
  for (const [i, item] of (dados.itensVenda ?? []).entries()) {
    if ((item.quantidade as number) * (item.precoUnitario as number) !== item.subtotal) {
      throw invalido({ motivo: 'total', tabela: 'itensVenda', linha: i + 1, campo: 'subtotal' });
    }
    itens.set(item.vendaId as string, (itens.get(item.vendaId as string) ?? 0) + (item.subtotal as number));
    custos.set(item.vendaId as string, (custos.get(item.vendaId as string) ?? 0) + (item.quantidade as number) * (item.custoUnitario as number));
  }
  for (const [i, v] of (dados.vendas ?? []).entries()) {
    // The database's own rule (vendas_fiado_cliente_check): a fiado sale belongs to a customer.
    if (v.formaPagamento === 'fiado' && v.clienteId === null) throw invalido({ motivo: 'esquema', tabela: 'vendas', linha: i + 1, campo: 'clienteId' });
    if ((itens.get(v.id as string) ?? 0) !== v.valorTotal || (v.valorPago as number) > (v.valorTotal as number)) {
      throw invalido({ motivo: 'total', tabela: 'vendas', linha: i + 1, campo: 'valorTotal' });
    }
    if ((custos.get(v.id as string) ?? 0) !== v.custoTotal) throw invalido({ motivo: 'total', tabela: 'vendas', linha: i + 1, campo: 'custoTotal' });
  }
  for (const [i, p] of (dados.pagamentosOnline ?? []).entries()) {
    if ((p.valorBase as number) + (p.taxa as number) !== p.valorTotal) {
      throw invalido({ motivo: 'total', tabela: 'pagamentosOnline', linha: i + 1, campo: 'valorTotal' });
    }
  }
}
