import { createHash, type Hash } from 'node:crypto';
import { setImmediate as proximaVolta } from 'node:timers/promises';
import { and, asc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { z } from 'zod';
import { BACKUP_FORMATO, BACKUP_VERSAO, MAX_LINHAS_BACKUP, maxEstoque, maxEstoqueGuardado, maxQuantidadeItem, valorDaLinha, type BackupErro } from '@caderneta/shared';
import type { Executor } from '../../db/client';
import { chavesPix, cobrancaConfig, colunasDaCobranca, perfis } from '../../db/schema';
import { AppError } from '../../lib/errors';
import { LeituraRecusada, lerEmPartes, type Destino, type LimitesLeitura } from './leitura';
import { perfilBackupSchema, TABELAS_BACKUP, TABELAS_RESTAURADAS, tabelasDaVersao, unidadeDaLinha, type PerfilBackup, type TabelaBackup } from './tabelas';

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
      ...colunasDaCobranca,
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
  for (const tabela of TABELAS_RESTAURADAS) {
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

/** Rows checked between two turns given to the rest of the server (see `vez`). */
const LINHAS_POR_VEZ = 5_000;

/**
 * Work over every row of a file, in steps: the generator yields every LINHAS_POR_VEZ rows, and
 * the async runner gives the event loop a turn there, so a big file never holds the server.
 */
type Passos<T> = Generator<void, T>;

function executar<T>(passos: Passos<T>): T {
  for (;;) {
    const next = passos.next();
    if (next.done) return next.value;
  }
}

async function executarAos<T>(passos: Passos<T>): Promise<T> {
  for (;;) {
    const next = passos.next();
    if (next.done) return next.value;
    await proximaVolta();
  }
}

type Bruto = { formato?: unknown; versao?: unknown; exportadoEm?: unknown; perfil?: unknown; dados: Record<string, unknown> };

function* passosDoChecksum(bruto: Bruto): Passos<string> {
  const soma = new Soma(bruto.formato, bruto.versao, bruto.exportadoEm);
  soma.perfil(bruto.perfil);
  const versao = typeof bruto.versao === 'number' ? bruto.versao : BACKUP_VERSAO;
  for (const tabela of tabelasDaVersao(versao)) {
    soma.tabela(tabela.key);
    const rows = bruto.dados[tabela.key];
    if (!Array.isArray(rows)) continue;
    for (const [i, row] of rows.entries()) {
      soma.linha(JSON.stringify(row));
      if (i % LINHAS_POR_VEZ === LINHAS_POR_VEZ - 1) yield;
    }
  }
  return soma.hex();
}

/** The checksum a parsed file should carry (see the top of this file). */
export function checksumDe(bruto: Bruto): string {
  return executar(passosDoChecksum(bruto));
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The first issue of a failed parse, as the place it points at. */
function ondeFalhou(error: z.ZodError, tabela: string): BackupErro {
  const issue = error.issues[0];
  const path = issue?.path ?? [];
  const campo = path.filter((p) => typeof p === 'string').join('.') || undefined;
  return { motivo: 'esquema', tabela, ...(campo ? { campo } : {}) };
}

const TABELAS_POR_CHAVE = new Map(TABELAS_BACKUP.map((t) => [t.key, t]));

/**
 * The check of one backup file, fed as it is read (`Destino` of leitura.ts) or from a parsed
 * object (validarArquivo): each row is checked against its table's schema as it arrives and the
 * first bad one ends the reading (a file of junk is never held whole); the file's checksum is
 * summed as the rows arrive when the file is in export order (it always is, unless edited by hand:
 * then it is summed at the end); at the end, `concluir` checks what needs the whole file.
 */
export class ConferenciaDeArquivo implements Destino {
  private readonly envelope: Record<string, unknown> = {};
  private readonly dados: Record<string, Linha[]> = {};
  private temDados = false;
  private tabelaAtual: TabelaBackup | null = null;
  /** The checksum summed in file order, while the file follows export order. */
  private soma: Soma | null = null;
  private esperadas: string[] = [];
  private proxima = 0;
  private emOrdem = true;

  campo(chave: string, valor: unknown): void {
    this.envelope[chave] = valor;
    if (chave === 'formato' && valor !== BACKUP_FORMATO) throw invalido({ motivo: 'formato' });
    if (chave === 'versao') {
      if (typeof valor !== 'number' || !Number.isInteger(valor) || valor < 1) throw invalido({ motivo: 'formato' });
      if (valor > BACKUP_VERSAO) throw invalido({ motivo: 'versao' });
    }
    // Anything after `dados` but the counts and the checksum is not where the export puts it.
    if (this.temDados && chave !== 'contagens' && chave !== 'checksum') this.emOrdem = false;
  }

  tabela(chave: string): void {
    const tabela = TABELAS_POR_CHAVE.get(chave);
    // A table this version of Caderneta does not know comes from a newer one.
    if (!tabela) throw invalido({ motivo: 'versao' });
    if (this.dados[chave]) throw invalido({ motivo: 'duplicado', tabela: chave });
    this.dados[chave] = [];
    this.tabelaAtual = tabela;
    if (!this.temDados) this.comecarSoma();
    this.temDados = true;
    if (this.soma) {
      const j = this.esperadas.indexOf(chave, this.proxima);
      if (j < 0) {
        this.soma = null;
        this.emOrdem = false;
      } else {
        for (; this.proxima <= j; this.proxima++) this.soma.tabela(this.esperadas[this.proxima]!);
      }
    }
  }

  linha(valor: unknown, indice: number): void {
    const tabela = this.tabelaAtual!;
    const result = tabela.linha.safeParse(valor);
    if (!result.success) throw invalido({ ...ondeFalhou(result.error, tabela.key), linha: indice + 1 });
    // The row as it came: zod only checks here (no schema transforms), and a second copy of a
    // big shop would double the memory the import needs. Extra keys are ignored on insert.
    this.dados[tabela.key]!.push(valor as Linha);
    this.soma?.linha(JSON.stringify(valor));
  }

  /** The sum starts when `dados` does, if the envelope came before it as the export writes it. */
  private comecarSoma() {
    const { formato, versao, exportadoEm, perfil } = this.envelope;
    if (!this.emOrdem || formato === undefined || typeof versao !== 'number' || exportadoEm === undefined || perfil === undefined) {
      this.emOrdem = false;
      return;
    }
    this.soma = new Soma(formato, versao, exportadoEm);
    this.soma.perfil(perfil);
    this.esperadas = tabelasDaVersao(versao).map((t) => t.key);
  }

  /**
   * What needs the whole file, in this order: that it is ours and of a version we read, its
   * checksum, the envelope and the profile, unique ids, references between its tables, every
   * customer's balance against their ledger, and every sale's total against its items. Throws
   * BACKUP_INVALIDO (422) with the first reason. It reads no database, so nothing can change
   * before the whole file passed.
   */
  async concluir(): Promise<ArquivoValidado> {
    const { formato, versao, exportadoEm, checksum } = this.envelope;
    if (formato !== BACKUP_FORMATO || !this.temDados || typeof versao !== 'number') throw invalido({ motivo: 'formato' });
    // An older version's file holds its version's tables; a table added later is unknown to it.
    const conhecidas = new Set(tabelasDaVersao(versao).map((t) => t.key));
    if (Object.keys(this.dados).some((key) => !conhecidas.has(key))) throw invalido({ motivo: 'versao' });

    let soma: string;
    if (this.soma && this.emOrdem) {
      for (; this.proxima < this.esperadas.length; this.proxima++) this.soma.tabela(this.esperadas[this.proxima]!);
      soma = this.soma.hex();
    } else {
      soma = await executarAos(passosDoChecksum({ ...this.envelope, dados: this.dados }));
    }
    if (typeof checksum !== 'string' || soma !== checksum) throw invalido({ motivo: 'checksum' });

    if (typeof exportadoEm !== 'string' || Number.isNaN(Date.parse(exportadoEm))) throw invalido({ motivo: 'esquema', campo: 'exportadoEm' });
    const perfil = perfilBackupSchema.safeParse(this.envelope.perfil);
    if (!perfil.success) {
      const campo = perfil.error.issues[0]?.path.filter((p) => typeof p === 'string').join('.');
      throw invalido({ motivo: 'esquema', tabela: 'perfil', ...(campo ? { campo } : {}) });
    }
    for (const tabela of TABELAS_BACKUP) this.dados[tabela.key] ??= [];
    await executarAos(conferirLinhas(this.dados));
    return {
      versao,
      exportadoEm,
      perfil: perfil.data,
      dados: this.dados,
      contagens: Object.fromEntries(TABELAS_BACKUP.map((t) => [t.key, this.dados[t.key]!.length])),
    };
  }
}

/** Unique ids and keys, references between tables, then the sums (verificarSomas). */
function* conferirLinhas(dados: Record<string, Linha[]>): Passos<void> {
  const ids: Record<string, Set<string>> = {};
  for (const tabela of TABELAS_BACKUP) {
    const rows = dados[tabela.key]!;
    const vistos = new Set<string>();
    for (const [i, row] of rows.entries()) {
      const value = row.id as string;
      if (vistos.has(value)) throw invalido({ motivo: 'duplicado', tabela: tabela.key, linha: i + 1, campo: 'id' });
      vistos.add(value);
      if (i % LINHAS_POR_VEZ === LINHAS_POR_VEZ - 1) yield;
    }
    ids[tabela.key] = vistos;
    for (const campo of tabela.unicos ?? []) {
      const valores = new Set<unknown>();
      for (const [i, row] of rows.entries()) {
        const value = row[campo];
        if (value === null || value === undefined) continue;
        if (valores.has(value)) throw invalido({ motivo: 'duplicado', tabela: tabela.key, linha: i + 1, campo });
        valores.add(value);
        if (i % LINHAS_POR_VEZ === LINHAS_POR_VEZ - 1) yield;
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
        if (i % LINHAS_POR_VEZ === LINHAS_POR_VEZ - 1) yield;
      }
    }
  }
  yield* verificarSomas(dados);
}

/**
 * Balances equal their ledgers; sales equal their items (and a fiado one has its customer); items
 * equal quantity × price (valorDaLinha, by the item's unit); stock and quantities within their unit.
 */
function* verificarSomas(dados: Record<string, Linha[]>): Passos<void> {
  const razao = new Map<string, number>();
  for (const l of dados.lancamentos ?? []) razao.set(l.clienteId as string, (razao.get(l.clienteId as string) ?? 0) + (l.valor as number));
  yield;
  for (const [i, c] of (dados.clientes ?? []).entries()) {
    if ((razao.get(c.id as string) ?? 0) !== c.saldoAtual) throw invalido({ motivo: 'saldo', tabela: 'clientes', linha: i + 1, campo: 'saldoAtual' });
  }
  for (const [i, p] of (dados.produtos ?? []).entries()) {
    const unidade = unidadeDaLinha(p);
    if ((p.estoqueAtual as number) > maxEstoqueGuardado(unidade)) throw invalido({ motivo: 'esquema', tabela: 'produtos', linha: i + 1, campo: 'estoqueAtual' });
    if ((p.estoqueMinimo as number) > maxEstoque(unidade)) throw invalido({ motivo: 'esquema', tabela: 'produtos', linha: i + 1, campo: 'estoqueMinimo' });
  }
  const itens = new Map<string, number>();
  const custos = new Map<string, number>();
  const descontosDaVenda = new Map<string, { total: number; rateado: number }>();
  for (const [i, item] of (dados.itensVenda ?? []).entries()) {
    const unidade = unidadeDaLinha(item);
    const quantidade = item.quantidade as number;
    if (quantidade > maxQuantidadeItem(unidade)) throw invalido({ motivo: 'esquema', tabela: 'itensVenda', linha: i + 1, campo: 'quantidade' });
    // Files before format 4 have no discounts.
    const rateado = (item.descontoRateado as number | undefined) ?? 0;
    const descontos = ((item.desconto as number | undefined) ?? 0) + rateado;
    if (valorDaLinha(quantidade, item.precoUnitario as number, unidade) - descontos !== item.subtotal) {
      throw invalido({ motivo: 'total', tabela: 'itensVenda', linha: i + 1, campo: 'subtotal' });
    }
    const custo = valorDaLinha(quantidade, item.custoUnitario as number, unidade);
    if (item.custo !== undefined && item.custo !== custo) throw invalido({ motivo: 'total', tabela: 'itensVenda', linha: i + 1, campo: 'custo' });
    itens.set(item.vendaId as string, (itens.get(item.vendaId as string) ?? 0) + (item.subtotal as number));
    custos.set(item.vendaId as string, (custos.get(item.vendaId as string) ?? 0) + custo);
    const somas = descontosDaVenda.get(item.vendaId as string) ?? { total: 0, rateado: 0 };
    descontosDaVenda.set(item.vendaId as string, { total: somas.total + descontos, rateado: somas.rateado + rateado });
    if (i % LINHAS_POR_VEZ === LINHAS_POR_VEZ - 1) yield;
  }
  for (const [i, v] of (dados.vendas ?? []).entries()) {
    // The database's own rule (vendas_fiado_cliente_check): a fiado sale belongs to a customer.
    if (v.formaPagamento === 'fiado' && v.clienteId === null) throw invalido({ motivo: 'esquema', tabela: 'vendas', linha: i + 1, campo: 'clienteId' });
    // And vendas_alertas_check: only an offline sale arrives with alerts (files before format 5 have neither).
    if (!v.feitaOffline && ((v.alertas as unknown[] | undefined) ?? []).length > 0) throw invalido({ motivo: 'esquema', tabela: 'vendas', linha: i + 1, campo: 'alertas' });
    if ((itens.get(v.id as string) ?? 0) !== v.valorTotal || (v.valorPago as number) > (v.valorTotal as number)) {
      throw invalido({ motivo: 'total', tabela: 'vendas', linha: i + 1, campo: 'valorTotal' });
    }
    if ((custos.get(v.id as string) ?? 0) !== v.custoTotal) throw invalido({ motivo: 'total', tabela: 'vendas', linha: i + 1, campo: 'custoTotal' });
    // The sale's discount is what its lines' shares add up to, and its total discount all of them.
    const descontos = descontosDaVenda.get(v.id as string) ?? { total: 0, rateado: 0 };
    if (descontos.rateado !== ((v.desconto as number | undefined) ?? 0)) throw invalido({ motivo: 'total', tabela: 'vendas', linha: i + 1, campo: 'desconto' });
    if (descontos.total !== ((v.descontoTotal as number | undefined) ?? 0)) throw invalido({ motivo: 'total', tabela: 'vendas', linha: i + 1, campo: 'descontoTotal' });
    if (i % LINHAS_POR_VEZ === LINHAS_POR_VEZ - 1) yield;
  }
  for (const [i, p] of (dados.pagamentosOnline ?? []).entries()) {
    if ((p.valorBase as number) + (p.taxa as number) !== p.valorTotal) {
      throw invalido({ motivo: 'total', tabela: 'pagamentosOnline', linha: i + 1, campo: 'valorTotal' });
    }
  }
}

/**
 * Checks a whole backup file already parsed (a test's, an automatic backup's): the same check as
 * an upload's (ConferenciaDeArquivo), fed from the object.
 */
export async function validarArquivo(bruto: unknown): Promise<ArquivoValidado> {
  if (!isObject(bruto)) throw invalido({ motivo: 'formato' });
  const conferencia = new ConferenciaDeArquivo();
  for (const [chave, valor] of Object.entries(bruto)) {
    if (chave !== 'dados') {
      conferencia.campo(chave, valor);
      continue;
    }
    if (!isObject(valor)) throw invalido({ motivo: 'formato' });
    for (const [tabela, rows] of Object.entries(valor)) {
      if (!Array.isArray(rows)) throw invalido({ motivo: 'esquema', tabela });
      conferencia.tabela(tabela);
      for (const [i, row] of rows.entries()) {
        conferencia.linha(row, i);
        if (i % LINHAS_POR_VEZ === LINHAS_POR_VEZ - 1) await proximaVolta();
      }
    }
  }
  return conferencia.concluir();
}

/** What an upload may be: see leitura.ts. */
export const LIMITES_ARQUIVO: LimitesLeitura = {
  // root, dados, a table, a row, a value inside a row (a notification's params, a sale's alerts), one alert
  profundidade: 6,
  // the largest row: a payment that paid off 10,000 sales (vendasQuitadas); the profile's photo
  valor: 1024 * 1024,
  linhas: MAX_LINHAS_BACKUP,
  chave: 100,
};

/**
 * Reads and checks a backup file from a stream of its JSON text (an upload, decompressed), as it
 * arrives: see leitura.ts and ConferenciaDeArquivo. A file that breaks a limit of LIMITES_ARQUIVO
 * is refused there and then.
 */
export async function lerArquivo(stream: AsyncIterable<Buffer | string>): Promise<ArquivoValidado> {
  const conferencia = new ConferenciaDeArquivo();
  try {
    await lerEmPartes(stream, conferencia, LIMITES_ARQUIVO);
  } catch (error) {
    if (!(error instanceof LeituraRecusada)) throw error;
    if (error.motivo === 'linhas') throw new AppError('PAYLOAD_TOO_LARGE', 413, { message: error.message });
    throw invalido({ motivo: 'formato' });
  }
  return conferencia.concluir();
}
