import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import {
  MAX_TOTAL_VENDA,
  fiadoBloqueado,
  offsetOf,
  verificarLimite,
  type NovaVendaData,
  type VendaDetalhe,
  type VendaListItem,
  type VendasPage,
  type VendasQuery,
} from '@caderneta/shared';
import { normalizeForSearch, vendasQuerySchema } from '@caderneta/shared';
import type { Executor } from '../../db/client';
import { clientes, itensVenda, produtos, vendas } from '../../db/schema';
import { AppError, notFound } from '../../lib/errors';
import { escapeLike, queryRows, unaccentLower } from '../../lib/sql';
import { sellerTimeZone } from '../conta/conta.service';
import { lockCliente, postLancamento, rebalanceAllocation, type ClienteTravado } from '../financeiro/ledger.service';
import { notify, notifyIfLowStock } from '../notificacoes/notificacoes.service';

export interface VendaOptions {
  criadoPor?: string | null;
  /** When the sale happened; only the demo data sets it, to write history. */
  at?: Date;
  /** Raise the seller's notifications (new sale, low stock, debtor). The demo's history does not. */
  notificar?: boolean;
}

/** Adds up repeated products, so each product is locked, checked and decremented once. */
function mergeItens(itens: NovaVendaData['itens']): Map<string, number> {
  const merged = new Map<string, number>();
  for (const item of itens) merged.set(item.produtoId, (merged.get(item.produtoId) ?? 0) + item.quantidade);
  return merged;
}

/**
 * Registers a sale in the caller's transaction (one transaction for everything: a failure
 * anywhere leaves no sale, no stock change and no ledger entry).
 *
 * Lock order, shared with cancellation: the customer's row first, then the products' rows in id
 * order — two sales over the same products wait for each other instead of deadlocking.
 * Prices and costs are read from the locked product rows, never taken from the browser.
 */
export async function createVenda(tx: Executor, ownerId: string, input: NovaVendaData, options: VendaOptions = {}): Promise<VendaDetalhe> {
  const quantidades = mergeItens(input.itens);
  const notificar = options.notificar ?? true;

  let cliente: ClienteTravado | null = null;
  if (input.clienteId) {
    cliente = await lockCliente(tx, ownerId, input.clienteId);
    if (!cliente.ativo) throw new AppError('CLIENTE_INATIVO', 409, { message: 'Cliente desativado', details: { clienteId: cliente.id } });
  }

  const ids = [...quantidades.keys()].sort();
  const locked = await tx
    .select({
      id: produtos.id,
      nome: produtos.nome,
      precoVenda: produtos.precoVenda,
      precoCusto: produtos.precoCusto,
      estoqueAtual: produtos.estoqueAtual,
      estoqueMinimo: produtos.estoqueMinimo,
      ativo: produtos.ativo,
    })
    .from(produtos)
    .where(and(eq(produtos.ownerId, ownerId), inArray(produtos.id, ids)))
    .orderBy(asc(produtos.id))
    .for('update');
  const byId = new Map(locked.map((p) => [p.id, p]));
  for (const id of ids) {
    const produto = byId.get(id);
    if (!produto) throw new AppError('NOT_FOUND', 404, { message: 'Produto não encontrado', details: { produtoId: id } });
    if (!produto.ativo) {
      throw new AppError('PRODUTO_INATIVO', 409, { message: `Produto ${produto.nome} está desativado`, details: { produtoId: id, produtoNome: produto.nome } });
    }
    const quantidade = quantidades.get(id)!;
    if (quantidade > produto.estoqueAtual) {
      throw new AppError('ESTOQUE_INSUFICIENTE', 409, {
        message: `Estoque insuficiente — Disponível: ${produto.estoqueAtual} unidades`,
        details: {
          produtoId: id,
          produtoNome: produto.nome,
          disponivel: produto.estoqueAtual,
        },
      });
    }
  }

  // Items in the order the seller added them; quantities of a repeated product are merged.
  const linhas = [...new Set(input.itens.map((i) => i.produtoId))].map((id) => {
    const produto = byId.get(id)!;
    const quantidade = quantidades.get(id)!;
    return { produto, quantidade, subtotal: produto.precoVenda * quantidade };
  });
  const valorTotal = linhas.reduce((sum, l) => sum + l.subtotal, 0);
  // The browser sends no prices, so only here is the total known (docs/decisions/007).
  if (valorTotal > MAX_TOTAL_VENDA) {
    throw new AppError('TOTAL_VENDA_EXCEDIDO', 422, { message: 'O total da venda passa do máximo permitido', details: { maximo: MAX_TOTAL_VENDA } });
  }

  let limiteExcedidoConfirmado = false;
  if (input.formaPagamento === 'fiado') {
    // No confirmation can override a limit of 0.
    if (fiadoBloqueado({ limite: cliente!.limiteCredito, saldoAtual: cliente!.saldoAtual, valorVenda: valorTotal })) {
      throw new AppError('FIADO_NAO_PERMITIDO', 409, {
        message: 'Este cliente não compra fiado (limite de crédito R$ 0,00)',
        details: {
          clienteId: cliente!.id,
          cliente: cliente!.nome,
        },
      });
    }
    const limite = verificarLimite({ limite: cliente!.limiteCredito, saldoAtual: cliente!.saldoAtual, valorVenda: valorTotal });
    if (limite.excedido) {
      if (!input.confirmarLimiteExcedido) {
        throw new AppError('LIMITE_EXCEDIDO', 409, {
          message: 'A venda ultrapassa o limite de crédito do cliente',
          details: {
            limite: cliente!.limiteCredito,
            disponivel: limite.disponivel,
            saldoPendente: limite.saldoPendente,
          },
        });
      }
      limiteExcedidoConfirmado = true;
    }
  }

  const at = options.at ?? null;
  const venda = await insertVenda(tx, {
    ownerId,
    clienteId: cliente?.id ?? null,
    // Under the locks, so sales of one customer are ordered as they really happened.
    dataVenda: at ?? sql`clock_timestamp()`,
    valorTotal,
    valorPago: input.formaPagamento === 'vista' ? valorTotal : 0,
    formaPagamento: input.formaPagamento,
    statusPagamento: input.formaPagamento === 'vista' ? 'pago' : 'pendente',
    observacoes: input.observacoes ?? null,
    limiteExcedidoConfirmado,
    ...(at ? { createdAt: at } : {}),
  }, at ?? new Date());

  await tx.insert(itensVenda).values(
    linhas.map((l) => ({
      ownerId,
      vendaId: venda.id,
      produtoId: l.produto.id,
      produtoNome: l.produto.nome,
      quantidade: l.quantidade,
      precoUnitario: l.produto.precoVenda,
      custoUnitario: l.produto.precoCusto,
      subtotal: l.subtotal,
    })),
  );

  // Checked above under the row locks; the CHECK (estoque_atual >= 0) is the last line of defence.
  const atualizados = await queryRows<{ id: string; estoque_atual: number }>(
    tx,
    sql`
      update ${produtos} p set estoque_atual = p.estoque_atual - v.quantidade, updated_at = now()
      from (values ${sql.join(
        linhas.map((l) => sql`(${l.produto.id}::uuid, ${l.quantidade}::int)`),
        sql`, `,
      )}) as v(id, quantidade)
      where p.owner_id = ${ownerId} and p.id = v.id
      returning p.id, p.estoque_atual
    `,
  );

  let saldoAntes = 0;
  let saldoDepois = 0;
  if (input.formaPagamento === 'fiado') {
    saldoAntes = cliente!.saldoAtual;
    const posted = await postLancamento(tx, ownerId, cliente!.id, {
      tipo: 'venda',
      valor: -valorTotal,
      vendaId: venda.id,
      criadoPor: options.criadoPor,
      at: at ?? undefined,
    });
    saldoDepois = posted!.saldoAtual;
    // Credit the customer already had in the shop pays this sale at once, fully or in part.
    await rebalanceAllocation(tx, ownerId, cliente!.id, saldoDepois);
  }

  if (notificar) {
    for (const row of atualizados) {
      const produto = byId.get(row.id)!;
      await notifyIfLowStock(tx, ownerId, produto, { ...produto, estoqueAtual: Number(row.estoque_atual) });
    }
    await notify(tx, ownerId, 'venda', {
      vendaId: venda.id,
      numero: venda.numeroVenda,
      valor: valorTotal,
      forma: input.formaPagamento,
      ...(cliente ? { cliente: cliente.nome } : {}),
    });
    if (input.formaPagamento === 'fiado' && saldoAntes >= 0 && saldoDepois < 0) {
      await notify(tx, ownerId, 'devedor', { clienteId: cliente!.id, nome: cliente!.nome, valor: -saldoDepois });
    }
  }

  return getVenda(tx, ownerId, venda.id);
}

/**
 * numero_venda is "V" + the time in milliseconds (spec §9), unique per seller. Two sales in the
 * same millisecond: the second takes the next number. ON CONFLICT DO NOTHING tries a number
 * without aborting the transaction (no savepoint needed) and waits for a concurrent insert of the
 * same number to commit or roll back before deciding.
 */
type VendaValues = Omit<typeof vendas.$inferInsert, 'dataVenda' | 'numeroVenda'> & { dataVenda: Date | SQL };

async function insertVenda(tx: Executor, values: VendaValues, when: Date) {
  let millis = when.getTime();
  for (let attempt = 0; attempt < 1000; attempt++, millis++) {
    const [row] = await tx
      .insert(vendas)
      .values({ ...values, numeroVenda: `V${millis}` })
      .onConflictDoNothing({ target: [vendas.ownerId, vendas.numeroVenda] })
      .returning({ id: vendas.id, numeroVenda: vendas.numeroVenda });
    if (row) return row;
  }
  throw new Error('no free sale number');
}

/**
 * "Cancelar venda": restores the stock, reverses the ledger effect of a fiado sale with an
 * `estorno` entry (+valor_total), and keeps the sale visible as `cancelado`. What had been paid
 * on it (valor_pago) goes back to the customer's free credit, which pays their other pending sales
 * oldest first or stays as credit — exactly as if the sale had never existed.
 */
export async function cancelVenda(tx: Executor, ownerId: string, vendaId: string, options: VendaOptions = {}): Promise<VendaDetalhe> {
  const [found] = await tx
    .select({ clienteId: vendas.clienteId })
    .from(vendas)
    .where(and(eq(vendas.ownerId, ownerId), eq(vendas.id, vendaId)));
  if (!found) throw notFound('Venda');
  // Same lock order as a new sale and a payment: customer, then the sale and its products.
  if (found.clienteId) await lockCliente(tx, ownerId, found.clienteId);
  const [venda] = await tx
    .select()
    .from(vendas)
    .where(and(eq(vendas.ownerId, ownerId), eq(vendas.id, vendaId)))
    .for('update');
  if (!venda) throw notFound('Venda');
  if (venda.statusPagamento === 'cancelado') throw new AppError('VENDA_JA_CANCELADA', 409, { message: 'Esta venda já foi cancelada' });

  const itens = await tx
    .select({ produtoId: itensVenda.produtoId, quantidade: itensVenda.quantidade })
    .from(itensVenda)
    .where(and(eq(itensVenda.ownerId, ownerId), eq(itensVenda.vendaId, vendaId)));
  const porProduto = mergeItens(itens);
  const ids = [...porProduto.keys()].sort();
  if (ids.length) {
    await tx
      .select({ id: produtos.id })
      .from(produtos)
      .where(and(eq(produtos.ownerId, ownerId), inArray(produtos.id, ids)))
      .orderBy(asc(produtos.id))
      .for('update');
    await tx.execute(sql`
      update ${produtos} p set estoque_atual = p.estoque_atual + v.quantidade, updated_at = now()
      from (values ${sql.join(
        ids.map((id) => sql`(${id}::uuid, ${porProduto.get(id)!}::int)`),
        sql`, `,
      )}) as v(id, quantidade)
      where p.owner_id = ${ownerId} and p.id = v.id
    `);
  }

  await tx
    .update(vendas)
    .set({ statusPagamento: 'cancelado', valorPago: 0, canceladaEm: options.at ?? sql`now()` })
    .where(and(eq(vendas.ownerId, ownerId), eq(vendas.id, vendaId)));

  if (venda.formaPagamento === 'fiado' && venda.clienteId) {
    const posted = await postLancamento(tx, ownerId, venda.clienteId, {
      tipo: 'estorno',
      valor: venda.valorTotal,
      vendaId,
      descricao: null,
      criadoPor: options.criadoPor,
      at: options.at,
    });
    await rebalanceAllocation(tx, ownerId, venda.clienteId, posted!.saldoAtual);
  }
  return getVenda(tx, ownerId, vendaId);
}

const listColumns = {
  id: vendas.id,
  numeroVenda: vendas.numeroVenda,
  dataVenda: vendas.dataVenda,
  valorTotal: vendas.valorTotal,
  valorPago: vendas.valorPago,
  formaPagamento: vendas.formaPagamento,
  statusPagamento: vendas.statusPagamento,
  observacoes: vendas.observacoes,
  clienteId: vendas.clienteId,
  clienteNome: clientes.nome,
  limiteExcedidoConfirmado: vendas.limiteExcedidoConfirmado,
  canceladaEm: vendas.canceladaEm,
};

type ListRow = { dataVenda: Date; canceladaEm: Date | null } & Omit<VendaListItem, 'dataVenda' | 'canceladaEm'>;
const toListItem = (row: ListRow): VendaListItem => ({
  ...row,
  dataVenda: row.dataVenda.toISOString(),
  canceladaEm: row.canceladaEm?.toISOString() ?? null,
});

export async function getVenda(tx: Executor, ownerId: string, vendaId: string): Promise<VendaDetalhe> {
  const [row] = await tx
    .select(listColumns)
    .from(vendas)
    .leftJoin(clientes, and(eq(clientes.ownerId, vendas.ownerId), eq(clientes.id, vendas.clienteId)))
    .where(and(eq(vendas.ownerId, ownerId), eq(vendas.id, vendaId)));
  if (!row) throw notFound('Venda');
  const itens = await tx
    .select({
      id: itensVenda.id,
      produtoId: itensVenda.produtoId,
      produtoNome: itensVenda.produtoNome,
      quantidade: itensVenda.quantidade,
      precoUnitario: itensVenda.precoUnitario,
      subtotal: itensVenda.subtotal,
    })
    .from(itensVenda)
    .where(and(eq(itensVenda.ownerId, ownerId), eq(itensVenda.vendaId, vendaId)))
    .orderBy(asc(itensVenda.produtoNome));
  return { ...toListItem(row), itens };
}

/** Start of a calendar day in the shop's time zone, as a timestamptz expression. */
const startOfDay = (date: string, timeZone: string) => sql`(${date}::date::timestamp at time zone ${timeZone})`;

/**
 * The sales list: filters by text (sale number, customer name, observation), status, payment form
 * and period (calendar days in the shop's time zone), paginated on the server, newest first, with
 * the summary cards for the same filters computed in SQL.
 */
export async function listVendas(tx: Executor, ownerId: string, rawQuery: VendasQuery): Promise<VendasPage> {
  const query = vendasQuerySchema.parse(rawQuery);
  const timeZone = await sellerTimeZone(tx, ownerId);
  const conditions: SQL[] = [eq(vendas.ownerId, ownerId)];
  if (query.status) conditions.push(eq(vendas.statusPagamento, query.status));
  if (query.forma) conditions.push(eq(vendas.formaPagamento, query.forma));
  if (query.clienteId) conditions.push(eq(vendas.clienteId, query.clienteId));
  if (query.de) conditions.push(sql`${vendas.dataVenda} >= ${startOfDay(query.de, timeZone)}`);
  if (query.ate) conditions.push(sql`${vendas.dataVenda} < ${startOfDay(query.ate, timeZone)} + interval '1 day'`);
  if (query.busca) {
    const pattern = `%${escapeLike(normalizeForSearch(query.busca))}%`;
    conditions.push(
      sql`(lower(${vendas.numeroVenda}) like ${pattern} or ${unaccentLower(vendas.observacoes)} like ${pattern} or ${clientes.nomeBusca} like ${pattern})`,
    );
  }
  const where = and(...conditions);
  const joinCliente = and(eq(clientes.ownerId, vendas.ownerId), eq(clientes.id, vendas.clienteId));

  const [resumo] = await tx
    .select({
      matching: sql<number>`count(*)::int`.mapWith(Number),
      totalVendas: sql<number>`count(*) filter (where ${vendas.statusPagamento} <> 'cancelado')::int`.mapWith(Number),
      valorTotal: sql<number>`coalesce(sum(${vendas.valorTotal}) filter (where ${vendas.statusPagamento} <> 'cancelado'), 0)::numeric`.mapWith(Number),
      vendasHoje: sql<number>`count(*) filter (where ${vendas.statusPagamento} <> 'cancelado'
          and ${vendas.dataVenda} >= (date_trunc('day', now() at time zone ${timeZone}) at time zone ${timeZone})
          and ${vendas.dataVenda} < ((date_trunc('day', now() at time zone ${timeZone}) + interval '1 day') at time zone ${timeZone}))::int`.mapWith(Number),
      pendentes: sql<number>`coalesce(sum(${vendas.valorTotal} - ${vendas.valorPago}) filter (where ${vendas.statusPagamento} = 'pendente'), 0)::numeric`.mapWith(Number),
      canceladas: sql<number>`count(*) filter (where ${vendas.statusPagamento} = 'cancelado')::int`.mapWith(Number),
    })
    .from(vendas)
    .leftJoin(clientes, joinCliente)
    .where(where);

  const rows = await tx
    .select(listColumns)
    .from(vendas)
    .leftJoin(clientes, joinCliente)
    .where(where)
    .orderBy(desc(vendas.dataVenda), desc(vendas.id))
    .limit(query.pageSize)
    .offset(offsetOf(query));

  return {
    items: rows.map(toListItem),
    total: resumo?.matching ?? 0,
    page: query.page,
    pageSize: query.pageSize,
    resumo: {
      totalVendas: resumo?.totalVendas ?? 0,
      valorTotal: resumo?.valorTotal ?? 0,
      vendasHoje: resumo?.vendasHoje ?? 0,
      pendentes: resumo?.pendentes ?? 0,
      canceladas: resumo?.canceladas ?? 0,
    },
  };
}
