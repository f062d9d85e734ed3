import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import {
  casasDaUnidade,
  isLowStock,
  valorDaLinha,
  lowStockAlertOnSave,
  margemPercent,
  normalizeForSearch,
  offsetOf,
  type Produto,
  produtoInputSchema,
  type ProdutoInput,
  type ProdutoNomeDuplicado,
  type ProdutoNomeQuery,
  type ProdutoUpdate,
  type ProdutosPage,
  type produtosQuerySchema,
} from '@caderneta/shared';
import type { z } from 'zod';
import { TRAVA_CODIGO_BARRAS, type Tx } from '../../db/client';
import { itensVenda, produtos, type Produto as ProdutoRow } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { isForeignKeyViolation } from '../../lib/pg-errors';
import { contains, countAll, escalaDaUnidadeSql, statusCondition, unaccentLower } from '../../lib/sql';
import { notifyIfLowStock } from '../notificacoes/notificacoes.service';
import { auditar, mudancasEntre } from '../auditoria/auditoria.service';

type ProdutosQuery = z.output<typeof produtosQuerySchema>;

const naoEncontrado = () => notFound('Produto');

export const produtoTemVendas = () =>
  new AppError('PRODUTO_TEM_VENDAS', 409, {
    message: 'Não é possível deletar produto que possui vendas registradas. Desative o produto em vez de deletá-lo.',
  });

export function toProduto(row: ProdutoRow): Produto {
  return {
    id: row.id,
    nome: row.nome,
    descricao: row.descricao,
    categoria: row.categoria,
    codigoBarras: row.codigoBarras,
    unidade: row.unidade,
    precoVenda: row.precoVenda,
    precoCusto: row.precoCusto,
    estoqueAtual: row.estoqueAtual,
    estoqueMinimo: row.estoqueMinimo,
    ativo: row.ativo,
    estoqueBaixo: isLowStock(row),
    margem: margemPercent(row.precoVenda, row.precoCusto),
    valorTotal: valorDaLinha(row.estoqueAtual, row.precoVenda, row.unidade),
    createdAt: row.createdAt.toISOString(),
  };
}

const lowStock = sql`${produtos.estoqueAtual} <= ${produtos.estoqueMinimo}`;

/** The name or category containing the term (no case, no accents), or the barcode equal to it. */
function buscaCondition(busca: string | undefined): SQL | undefined {
  const term = normalizeForSearch(busca ?? '');
  if (!term) return undefined;
  return or(contains(produtos.nomeBusca, term), contains(unaccentLower(produtos.categoria), term), eq(produtos.codigoBarras, (busca ?? '').trim()));
}

function estoqueCondition(estoque: ProdutosQuery['estoque']): SQL | undefined {
  if (estoque === 'baixo') return lowStock;
  if (estoque === 'normal') return sql`not (${lowStock})`;
  return undefined;
}

export async function listProdutos(tx: Tx, ownerId: string, query: ProdutosQuery): Promise<ProdutosPage> {
  const scope = and(eq(produtos.ownerId, ownerId), statusCondition(produtos.ativo, query.status));
  const filters = and(buscaCondition(query.busca), estoqueCondition(query.estoque));
  const where = and(scope, filters);

  const rows = await tx
    .select()
    .from(produtos)
    .where(where)
    .orderBy(asc(produtos.nomeBusca), asc(produtos.nome), asc(produtos.id))
    .limit(query.pageSize)
    .offset(offsetOf(query));
  // The four cards: the whole catalogue of the status filter, whatever the search or stock filter.
  const [resumo] = await tx
    .select({
      total: countAll(),
      estoqueBaixo: sql<number>`count(*) filter (where ${lowStock})`.mapWith(Number),
      // Stock in stored steps: a kg product's grams are thousandths of its price's unit.
      valorTotal: sql<number>`coalesce(round(sum(${produtos.precoVenda}::numeric * ${produtos.estoqueAtual} / ${escalaDaUnidadeSql(produtos.unidade)})), 0)`.mapWith(
        Number,
      ),
      margemMedia: sql<number>`coalesce(round(avg((${produtos.precoVenda} - ${produtos.precoCusto}) * 100.0 / ${produtos.precoVenda}), 1), 0)`.mapWith(
        Number,
      ),
    })
    .from(produtos)
    .where(scope);

  // Without search or stock filter the cards already counted the matching rows: skip a second scan.
  const [count] = filters ? await tx.select({ total: countAll() }).from(produtos).where(where) : [{ total: resumo?.total ?? 0 }];

  return {
    items: rows.map(toProduto),
    total: count?.total ?? 0,
    page: query.page,
    pageSize: query.pageSize,
    resumo: resumo ?? { total: 0, estoqueBaixo: 0, valorTotal: 0, margemMedia: 0 },
  };
}

/** The same name as another of this seller's products, compared as search compares (no case, no accents). */
export async function findNomeDuplicado(tx: Tx, ownerId: string, query: ProdutoNomeQuery): Promise<ProdutoNomeDuplicado> {
  const [row] = await tx
    .select({ id: produtos.id, nome: produtos.nome, ativo: produtos.ativo })
    .from(produtos)
    .where(
      and(
        eq(produtos.ownerId, ownerId),
        eq(produtos.nomeBusca, normalizeForSearch(query.nome)),
        query.excetoId ? sql`${produtos.id} <> ${query.excetoId}` : undefined,
      ),
    )
    .orderBy(sql`${produtos.ativo} desc`, asc(produtos.createdAt))
    .limit(1);
  return { duplicado: !!row, produto: row ?? null };
}

async function findRow(tx: Tx, ownerId: string, id: string, lock = false): Promise<ProdutoRow> {
  const select = tx
    .select()
    .from(produtos)
    .where(and(eq(produtos.ownerId, ownerId), eq(produtos.id, id)));
  const [row] = lock ? await select.for('update') : await select;
  if (!row) throw naoEncontrado();
  return row;
}

export async function getProduto(tx: Tx, ownerId: string, id: string): Promise<Produto> {
  return toProduto(await findRow(tx, ownerId, id));
}

/** What the audit trail keeps of a product: the fields its form sets (sales move the stock on their own). */
const CAMPOS_AUDITADOS = Object.keys(produtoInputSchema.shape) as Array<keyof ProdutoInput & keyof ProdutoRow>;

const columnsOf = (input: ProdutoInput) => ({
  nome: input.nome,
  nomeBusca: normalizeForSearch(input.nome),
  descricao: input.descricao,
  categoria: input.categoria,
  codigoBarras: input.codigoBarras,
  unidade: input.unidade,
  precoVenda: input.precoVenda,
  precoCusto: input.precoCusto,
  estoqueAtual: input.estoqueAtual,
  estoqueMinimo: input.estoqueMinimo,
});

/**
 * A barcode names one product at the counter: another active product of this seller with the same
 * code is refused (inactive ones keep theirs, so a product can be replaced by a new one).
 *
 * No unique index says so: shops saved before this rule may already hold duplicates, and a
 * migration adding one would fail on them. Instead every save that gives an active product a code
 * first takes a transaction-level advisory lock on (seller, code), so two saves of one code take
 * turns: the second checks after the first committed (READ COMMITTED reads it) and is refused. The
 * lock goes with the commit or rollback; a hash collision only makes two unrelated saves wait.
 */
async function assertCodigoBarrasLivre(tx: Tx, ownerId: string, codigo: string | null, exceptId?: string) {
  if (!codigo) return;
  await tx.execute(sql`select pg_advisory_xact_lock(${sql.raw(String(TRAVA_CODIGO_BARRAS))}, hashtext(${ownerId}::text || ':' || ${codigo}::text))`);
  const [outro] = await tx
    .select({ id: produtos.id, nome: produtos.nome })
    .from(produtos)
    .where(
      and(
        eq(produtos.ownerId, ownerId),
        eq(produtos.codigoBarras, codigo),
        eq(produtos.ativo, true),
        exceptId ? sql`${produtos.id} <> ${exceptId}` : undefined,
      ),
    )
    .limit(1);
  if (outro) {
    throw new AppError('CODIGO_BARRAS_EM_USO', 409, {
      message: `O código de barras ${codigo} já é do produto ${outro.nome}`,
      details: { produtoId: outro.id, produtoNome: outro.nome },
      issues: [{ path: 'codigoBarras', message: 'codigoBarrasEmUso' }],
    });
  }
}

export async function createProduto(tx: Tx, ownerId: string, input: ProdutoInput): Promise<Produto> {
  await assertCodigoBarrasLivre(tx, ownerId, input.codigoBarras);
  const [row] = await tx
    .insert(produtos)
    .values({ ownerId, ...columnsOf(input), ativo: true })
    .returning();
  await notifyIfLowStock(tx, ownerId, null, row!, lowStockAlertOnSave);
  await auditar(tx, ownerId, {
    acao: 'produto.criado',
    registro: { tipo: 'produto', id: row!.id, nome: row!.nome },
    mudancas: mudancasEntre<ProdutoRow>({}, row!, CAMPOS_AUDITADOS),
    detalhes: { unidade: row!.unidade },
  });
  return toProduto(row!);
}

/**
 * Saves the form. The row is locked first, so the "before" used for the low-stock alert is the
 * state this edit replaces even while a sale is being recorded. Inactive products raise no alert.
 */
export async function updateProduto(tx: Tx, ownerId: string, id: string, input: ProdutoUpdate): Promise<Produto> {
  const before = await findRow(tx, ownerId, id, true);
  const { estoqueAnterior, ...fields } = input;
  if (before.ativo && fields.codigoBarras !== before.codigoBarras) await assertCodigoBarrasLivre(tx, ownerId, fields.codigoBarras, id);
  // Its sales, stock moves and report rows are counted in the old unit's steps: between a piece
  // and a weight (un → kg) they would change meaning, so a sold product keeps its kind of unit.
  if (casasDaUnidade(fields.unidade) !== casasDaUnidade(before.unidade) && (await temVendas(tx, ownerId, id))) {
    throw new AppError('UNIDADE_COM_VENDAS', 409, {
      message: 'Este produto já tem vendas nesta unidade. Para vender por peso ou volume, cadastre um produto novo.',
      details: { unidade: before.unidade },
      issues: [{ path: 'unidade', message: 'unidadeComVendas' }],
    });
  }
  let estoqueAtual = fields.estoqueAtual;
  if (estoqueAnterior !== undefined && before.estoqueAtual !== estoqueAnterior) {
    // Sales moved the stock since the form was opened: an untouched stock field keeps the live
    // value; a changed one would silently undo those sales, so the seller must look again.
    if (fields.estoqueAtual !== estoqueAnterior) {
      throw new AppError('ESTOQUE_ALTERADO', 409, {
        message: `O estoque mudou enquanto você editava (agora: ${before.estoqueAtual})`,
        details: {
          estoqueAtual: before.estoqueAtual,
          unidade: before.unidade,
        },
      });
    }
    estoqueAtual = before.estoqueAtual;
  }
  const [row] = await tx
    .update(produtos)
    .set({ ...columnsOf({ ...fields, estoqueAtual }), updatedAt: sql`now()` })
    .where(and(eq(produtos.ownerId, ownerId), eq(produtos.id, id)))
    .returning();
  if (row!.ativo) await notifyIfLowStock(tx, ownerId, before, row!, lowStockAlertOnSave);
  // A stock typed here is a correction (sales move it without passing here).
  const mudancas = mudancasEntre(before, row!, CAMPOS_AUDITADOS);
  if (mudancas.length) {
    await auditar(tx, ownerId, { acao: 'produto.alterado', registro: { tipo: 'produto', id, nome: row!.nome }, mudancas, detalhes: { unidade: row!.unidade } });
  }
  return toProduto(row!);
}

export async function setProdutoAtivo(tx: Tx, ownerId: string, id: string, ativo: boolean): Promise<Produto> {
  const before = await findRow(tx, ownerId, id, true);
  if (before.ativo === ativo) return toProduto(before);
  if (ativo) await assertCodigoBarrasLivre(tx, ownerId, before.codigoBarras, id);
  const [row] = await tx
    .update(produtos)
    .set({ ativo, updatedAt: sql`now()` })
    .where(and(eq(produtos.ownerId, ownerId), eq(produtos.id, id)))
    .returning();
  // Back in the catalogue already low: that is a new crossing for the seller.
  if (ativo) await notifyIfLowStock(tx, ownerId, null, row!);
  await auditar(tx, ownerId, {
    acao: ativo ? 'produto.reativado' : 'produto.desativado',
    registro: { tipo: 'produto', id, nome: row!.nome },
    mudancas: [{ campo: 'ativo', antes: before.ativo, depois: ativo }],
  });
  return toProduto(row!);
}

/** Whether any sale (cancelled ones too) has an item of this product. */
async function temVendas(tx: Tx, ownerId: string, id: string): Promise<boolean> {
  const [item] = await tx
    .select({ id: itensVenda.id })
    .from(itensVenda)
    .where(and(eq(itensVenda.ownerId, ownerId), eq(itensVenda.produtoId, id)))
    .limit(1);
  return !!item;
}

/** Permanent delete, allowed only for a product no sale item refers to (spec §4). */
export async function deleteProduto(tx: Tx, ownerId: string, id: string): Promise<void> {
  const before = await findRow(tx, ownerId, id, true);
  if (await temVendas(tx, ownerId, id)) throw produtoTemVendas();
  try {
    await tx.transaction((sp) => sp.delete(produtos).where(and(eq(produtos.ownerId, ownerId), eq(produtos.id, id))));
  } catch (error) {
    if (isForeignKeyViolation(error)) throw produtoTemVendas();
    throw error;
  }
  await auditar(tx, ownerId, {
    acao: 'produto.excluido',
    registro: { tipo: 'produto', id, nome: before.nome },
    mudancas: mudancasEntre<ProdutoRow>(before, {}, CAMPOS_AUDITADOS),
    detalhes: { unidade: before.unidade },
  });
}
