import { AsyncLocalStorage } from 'node:async_hooks';
import { and, eq, getTableColumns, isNotNull, SQL, sql } from 'drizzle-orm';
import {
  grupoDaAcao,
  type AcaoAuditoria,
  type AuditoriaItem,
  type AuditoriaPage,
  type AuditoriaQuery,
  type AutorAuditoria,
  type Mudanca,
  type RegistroAuditoria,
  type ValorAuditado,
} from '@caderneta/shared';
import type { Executor } from '../../db/client';
import { auditoria, pessoas } from '../../db/schema';
import { period, shopTimeZone, withinPeriod } from '../../lib/shop-day';

/**
 * Who is changing the shop's data in the code running now: the person of the request (set by
 * `sellerTx` for every request of a signed-in person), Mercado Pago's notice, an import, or — when
 * nothing says otherwise, as in a scheduled job — the app itself ("sistema"). `em` is the app's
 * clock when it is not the system's (tests), so a row is dated like the change it records.
 */
export interface AutorDaMudanca {
  tipo: AutorAuditoria;
  id: string | null;
  nome: string | null;
  ip: string | null;
  em?: Date;
}

const autorAtual = new AsyncLocalStorage<AutorDaMudanca>();

/** Runs `work` with `autor` as the author of every change it records. */
export const comAutor = <T>(autor: AutorDaMudanca, work: () => Promise<T>): Promise<T> => autorAtual.run(autor, work);

/** A signed-in person as the author, from the request's address; `em` from a clock not the system's. */
export const autorDaPessoa = (pessoa: { id: string; nome: string }, ip: string, em?: Date): AutorDaMudanca => ({ tipo: 'pessoa', id: pessoa.id, nome: pessoa.nome, ip, em });

const SISTEMA: AutorDaMudanca = { tipo: 'sistema', id: null, nome: null, ip: null };

/** The author of the code running now (the request's person, or the app itself). */
export const autorDaMudancaAtual = (): AutorDaMudanca => autorAtual.getStore() ?? SISTEMA;

export interface Registro {
  tipo: RegistroAuditoria;
  id?: string | null;
  nome?: string | null;
}

export interface EntradaAuditoria {
  acao: AcaoAuditoria;
  registro: Registro;
  clienteId?: string | null;
  mudancas?: Mudanca[];
  detalhes?: Record<string, ValorAuditado>;
  motivo?: string | null;
  /** When the change happened, if not now (the demo shop's history); else the author's clock. */
  em?: Date;
  /** Whoever made it, when it is not the author of the code running (Mercado Pago's credit). */
  autor?: AutorAuditoria;
}

/**
 * Records one change in the audit trail, in the caller's transaction: if the change rolls back, so
 * does its row. Every service that changes a shop's data calls this once per change.
 */
export async function auditar(tx: Executor, ownerId: string, entrada: EntradaAuditoria): Promise<void> {
  await tx.insert(auditoria).values(linhaDeAuditoria(ownerId, entrada));
}

/** The row `auditar` writes for `entrada`. */
function linhaDeAuditoria(ownerId: string, entrada: EntradaAuditoria): typeof auditoria.$inferInsert {
  const atual = autorDaMudancaAtual();
  const autor = entrada.autor ? { tipo: entrada.autor, id: null, nome: null, ip: null, em: atual.em } : atual;
  return {
    ownerId,
    ...((entrada.em ?? autor.em) ? { em: entrada.em ?? autor.em } : {}),
    autorTipo: autor.tipo,
    autorId: autor.id,
    autorNome: autor.nome,
    acao: entrada.acao,
    grupo: grupoDaAcao(entrada.acao),
    registroTipo: entrada.registro.tipo,
    registroId: entrada.registro.id ?? null,
    registroNome: entrada.registro.nome ?? null,
    clienteId: entrada.clienteId ?? null,
    mudancas: entrada.mudancas ?? [],
    detalhes: entrada.detalhes ?? {},
    motivo: entrada.motivo ?? null,
    ip: autor.ip,
  };
}

// The trail's columns as auditoriaJunto writes them, read once. The id is GENERATED ALWAYS: left
// out, as an INSERT … VALUES leaves it to its default.
const COLUNAS_DA_AUDITORIA = Object.entries(getTableColumns(auditoria)).filter(([chave]) => chave !== 'id');
const NOMES_DA_AUDITORIA = sql.join(
  COLUNAS_DA_AUDITORIA.map(([, coluna]) => sql.identifier(coluna.name)),
  sql`, `,
);

/**
 * The row `auditar` would write, as a data-modifying CTE of the statement that writes the record
 * itself: the record's id and name come from `registro` (that statement's own CTE), so a record
 * and its audit row cost one round trip, and a record not written (ON CONFLICT DO NOTHING) leaves
 * no row. For the hottest write, a sale (issue 37: the row must add ≤ 10 % to POST /api/vendas).
 */
export function auditoriaJunto(tx: Executor, ownerId: string, entrada: EntradaAuditoria, registro: { de: SQL; id: SQL; nome: SQL }) {
  const linha: Record<string, unknown> = linhaDeAuditoria(ownerId, entrada);
  const valores = COLUNAS_DA_AUDITORIA.map(([chave, coluna]) => {
    if (chave === 'registroId') return registro.id;
    if (chave === 'registroNome') return registro.nome;
    if (linha[chave] === undefined) return coluna.default instanceof SQL ? coluna.default : sql`null`;
    return sql`${sql.param(linha[chave], coluna)}::${sql.raw(coluna.getSQLType())}`;
  });
  return tx.$with('auditada', {}).as(sql`insert into ${auditoria} (${NOMES_DA_AUDITORIA}) select ${sql.join(valores, sql`, `)} from ${registro.de}`);
}

/** A value as the trail keeps it: dates as ISO text, undefined as null. */
function valorAuditado(valor: unknown): ValorAuditado {
  if (valor === undefined || valor === null) return null;
  if (valor instanceof Date) return valor.toISOString();
  if (typeof valor === 'string' || typeof valor === 'number' || typeof valor === 'boolean') return valor;
  return JSON.stringify(valor);
}

/** The fields among `campos` whose value differs between `antes` and `depois`, before → after. */
export function mudancasEntre<T extends object>(antes: Partial<T>, depois: Partial<T>, campos: ReadonlyArray<keyof T & string>): Mudanca[] {
  const mudancas: Mudanca[] = [];
  for (const campo of campos) {
    const a = valorAuditado(antes[campo]);
    const d = valorAuditado(depois[campo]);
    if (a !== d) mudancas.push({ campo, antes: a, depois: d });
  }
  return mudancas;
}

/** An object's fields with nested objects' fields as "outer.inner", for `mudancasEntre`. */
export function achatar(objeto: object, prefixo = ''): Record<string, unknown> {
  const plano: Record<string, unknown> = {};
  for (const [chave, valor] of Object.entries(objeto)) {
    if (valor && typeof valor === 'object' && !(valor instanceof Date) && !Array.isArray(valor)) Object.assign(plano, achatar(valor as object, `${prefixo}${chave}.`));
    else plano[`${prefixo}${chave}`] = valor;
  }
  return plano;
}

/**
 * A change of settings in the audit trail: the fields of `antes` and `depois` that differ (nested
 * ones as "outer.inner"), plus `extras` the caller knows changed without their values (a photo, a
 * secret). Nothing is written when nothing changed.
 */
export async function auditarConfiguracao(
  tx: Executor,
  ownerId: string,
  acao: Extract<AcaoAuditoria, `configuracoes.${string}`>,
  antes: object,
  depois: object,
  extras: Mudanca[] = [],
): Promise<void> {
  const a = achatar(antes);
  const d = achatar(depois);
  const omitidos = new Set(extras.map((m) => m.campo));
  const campos = [...new Set([...Object.keys(a), ...Object.keys(d)])].filter((c) => !omitidos.has(c));
  const mudancas = [...mudancasEntre(a, d, campos), ...extras];
  if (mudancas.length) await auditar(tx, ownerId, { acao, registro: { tipo: 'loja' }, mudancas });
}

/** A page's position: the last row's instant in microseconds since 1970 and its id. */
function lerCursor(cursor: string): { us: string; id: string } {
  const [us, id] = cursor.split('_') as [string, string];
  return { us, id };
}

/** The shop's trail, newest first, filtered, a page at a time (keyset: no count, no offset). */
export async function listarAuditoria(tx: Executor, ownerId: string, query: AuditoriaQuery): Promise<AuditoriaPage> {
  const pageSize = query.pageSize ?? 50;
  const where: SQL[] = [eq(auditoria.ownerId, ownerId)];
  if (query.autor === 'sistema' || query.autor === 'mercado_pago' || query.autor === 'importacao') where.push(eq(auditoria.autorTipo, query.autor));
  else if (query.autor) where.push(eq(auditoria.autorId, query.autor));
  if (query.grupo) where.push(eq(auditoria.grupo, query.grupo));
  if (query.registro) where.push(eq(auditoria.registroTipo, query.registro));
  if (query.registroId) where.push(eq(auditoria.registroId, query.registroId));
  if (query.clienteId) where.push(eq(auditoria.clienteId, query.clienteId));
  if (query.de || query.ate) where.push(...withinPeriod(auditoria.em, period(query.de, query.ate, await shopTimeZone(tx, ownerId))));
  if (query.cursor) {
    const { us, id } = lerCursor(query.cursor);
    where.push(sql`(${auditoria.em}, ${auditoria.id}) < (timestamptz 'epoch' + ${us}::bigint * interval '1 microsecond', ${id}::bigint)`);
  }
  const rows = await tx
    .select({
      id: auditoria.id,
      em: auditoria.em,
      emUs: sql<string>`(extract(epoch from ${auditoria.em}) * 1000000)::bigint::text`,
      autorTipo: auditoria.autorTipo,
      autorId: auditoria.autorId,
      autorNome: auditoria.autorNome,
      acao: auditoria.acao,
      registroTipo: auditoria.registroTipo,
      registroId: auditoria.registroId,
      registroNome: auditoria.registroNome,
      clienteId: auditoria.clienteId,
      mudancas: auditoria.mudancas,
      detalhes: auditoria.detalhes,
      motivo: auditoria.motivo,
      ip: auditoria.ip,
    })
    .from(auditoria)
    .where(and(...where))
    // NULLS LAST as the indexes are built (migration 0031): a plain "desc" means NULLS FIRST, which
    // no index of the trail provides, and the planner then sorted every row of the shop (7 s at a
    // million rows; the columns are NOT NULL, but the planner does not use that to match the order).
    .orderBy(sql`${auditoria.em} desc nulls last, ${auditoria.id} desc nulls last`)
    .limit(pageSize + 1);
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  return {
    items: page.map(
      (r): AuditoriaItem => ({
        id: String(r.id),
        em: r.em.toISOString(),
        autor: { tipo: r.autorTipo as AutorAuditoria, id: r.autorId, nome: r.autorNome },
        acao: r.acao as AcaoAuditoria,
        registro: { tipo: r.registroTipo as RegistroAuditoria, id: r.registroId, nome: r.registroNome },
        clienteId: r.clienteId,
        mudancas: r.mudancas as Mudanca[],
        detalhes: r.detalhes as Record<string, ValorAuditado>,
        motivo: r.motivo,
        ip: r.ip,
      }),
    ),
    nextCursor: rows.length > pageSize && last ? `${last.emUs}_${last.id}` : null,
  };
}

/** The shop's people with an account, by name: the authors the history can be filtered by. */
export async function pessoasDaLoja(tx: Executor, ownerId: string): Promise<Array<{ id: string; nome: string }>> {
  const rows = await tx
    .select({ id: pessoas.userId, nome: pessoas.nome })
    .from(pessoas)
    .where(and(eq(pessoas.ownerId, ownerId), isNotNull(pessoas.userId)))
    .orderBy(pessoas.nome, pessoas.id);
  return rows.map((r) => ({ id: r.id!, nome: r.nome }));
}
