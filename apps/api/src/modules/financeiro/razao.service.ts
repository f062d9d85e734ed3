import { and, asc, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { allocateOldestFirst, type MetodoPagamento, type TipoLancamento } from '@caderneta/shared';
import type { Executor } from '../../db/client';
import { clientes, lancamentos, vendas } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { notifyAll, type NovaNotificacao } from '../notificacoes/notificacoes.service';
import { avisarLancamento, avisosAtivosSql } from '../mensagens/mensagens.service';
import { syncPendencia } from './pendencia';
import { creditarParcelamento, pagaParcelamento, syncParcelamentos } from './parcelas';

/**
 * The customer ledger, and its one door. Every change to what a customer owes — a fiado sale, its
 * cancellation, a payment at the counter or online, its reversal, an adjustment — is an entry in
 * `lancamentos` posted by `lancar`, which moves the `clientes.saldo_atual` cache with it, brings the
 * allocation and the debtor fields back to their rules, and raises the notification the movement
 * calls for, all in the caller's transaction. `lancar` takes the customer's row as `travarCliente`
 * locked it, so concurrent sales and payments on one customer are serialised and nothing posts
 * without the lock. A restore writes whole ledgers at once and brings the debtor fields back with
 * `recalcularDividas`, by the same rule.
 *
 * Allocation ("which sales are paid"): the customer's non-sale credits (payments and adjustments,
 * net) cover their active fiado sales oldest first; see `allocateOldestFirst` in the shared
 * package. `lancar` keeps `vendas.valor_pago`/`status_pagamento` equal to that rule
 * after every entry, touching only the sales at the boundary.
 */

export interface ClienteTravado {
  id: string;
  nome: string;
  telefone: string;
  ativo: boolean;
  limiteCredito: number;
  saldoAtual: number;
  /** Where the entry's notice goes, when the customer consented (docs/decisions/043). */
  email: string | null;
  avisosAtivos: boolean;
}

/**
 * Reads and locks (FOR UPDATE) one of the seller's customers; 404 when it is not theirs. The first
 * lock a balance change takes (a sale then locks its products, in id order).
 */
export async function travarCliente(tx: Executor, ownerId: string, clienteId: string): Promise<ClienteTravado> {
  const [cliente] = await tx
    .select({
      id: clientes.id,
      nome: clientes.nome,
      telefone: clientes.telefone,
      ativo: clientes.ativo,
      limiteCredito: clientes.limiteCredito,
      saldoAtual: clientes.saldoAtual,
      email: clientes.email,
      avisosAtivos: sql<boolean>`${avisosAtivosSql('clientes')}`,
    })
    .from(clientes)
    .where(and(eq(clientes.ownerId, ownerId), eq(clientes.id, clienteId)))
    .for('update');
  if (!cliente) throw notFound('Cliente');
  return cliente;
}

export interface NovoLancamento {
  tipo: TipoLancamento;
  /** Signed centavos: credit positive, debit negative; never 0. */
  valor: number;
  metodo?: MetodoPagamento | null;
  vendaId?: string | null;
  descricao?: string | null;
  referenciaExterna?: string | null;
  criadoPor?: string | null;
  /** When it happened; only the demo data sets it, to write history. */
  at?: Date;
  /**
   * A payment received offline (ADR 034): when it was received at the counter. The entry is dated
   * then, or when it is posted if that is earlier (a device clock a few minutes fast).
   */
  feitaEm?: Date | null;
}

/**
 * The ledger keys of Mercado Pago's payments on the customer page: a credit is posted once per
 * payment (`mp:<id>`), and its reversal, when the payment is refunded or charged back, once too
 * (`mp-estorno:<id>`).
 */
export const referenciaCreditoMp = (mpId: string) => `mp:${mpId}`;
export const referenciaEstornoMp = (mpId: string) => `mp-estorno:${mpId}`;

/**
 * SQL: when the online payment posted as entry `credito` (an alias of lancamentos) was given back
 * (its reversal's created_at, as ISO text), or null. Reads the reversal by its unique key.
 */
export const estornoOnlineEmSql = (credito: string): SQL => {
  const l = sql.raw(credito);
  const prefixo = referenciaCreditoMp('');
  return sql`(select to_char(e.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') from ${lancamentos} e
    where ${l}.referencia_externa like ${`${prefixo}%`} and e.owner_id = ${l}.owner_id
      and e.referencia_externa = ${referenciaEstornoMp('')} || substr(${l}.referencia_externa, ${prefixo.length + 1}))`;
};

/**
 * Appends an entry and moves the cached balance by the same amount. Returns null when
 * `referenciaExterna` was already posted (idempotent retry): nothing changes then.
 */
async function postLancamento(tx: Executor, ownerId: string, clienteId: string, entry: NovoLancamento) {
  const [row] = await tx
    .insert(lancamentos)
    .values({
      ownerId,
      clienteId,
      tipo: entry.tipo,
      valor: entry.valor,
      metodo: entry.metodo ?? null,
      vendaId: entry.vendaId ?? null,
      descricao: entry.descricao ?? null,
      referenciaExterna: entry.referenciaExterna ?? null,
      criadoPor: entry.criadoPor ?? null,
      // The clock when the entry is posted (under the customer's lock), not the transaction's start:
      // the statement's order is then the order in which the balance really moved. A payment received
      // offline moved it when the money changed hands: its day in the statement, the reports
      // (pagamentos_rollup keys on created_at) and the receipt is that one.
      createdAt: entry.feitaEm ? sql`least(${entry.feitaEm.toISOString()}::timestamptz, ${entry.at ? sql`${entry.at.toISOString()}::timestamptz` : sql`clock_timestamp()`})` : (entry.at ?? sql`clock_timestamp()`),
    })
    .onConflictDoNothing({ target: [lancamentos.ownerId, lancamentos.referenciaExterna] })
    .returning();
  if (!row) return null;
  const [cliente] = await tx
    .update(clientes)
    .set({ saldoAtual: sql`${clientes.saldoAtual} + ${entry.valor}` })
    .where(and(eq(clientes.ownerId, ownerId), eq(clientes.id, clienteId)))
    .returning({ saldoAtual: clientes.saldoAtual, saldoPendente: clientes.saldoPendente });
  return { lancamento: row, saldoAtual: cliente!.saldoAtual, saldoPendente: cliente!.saldoPendente ?? 0 };
}

const fiadoAtiva = (ownerId: string, clienteId: string) =>
  and(eq(vendas.ownerId, ownerId), eq(vendas.clienteId, clienteId), eq(vendas.formaPagamento, 'fiado'));

/**
 * Brings `valor_pago` of the customer's fiado sales back to the allocation rule after the ledger
 * moved. With `saldoAtual` S and O = what is open on pending sales, the free credit is F = S + O:
 * F > 0 pays pending sales oldest first; F < 0 (a debit adjustment or a reversed credit while sales
 * were paid) takes coverage back from the newest sales first. Returns the sales it fully paid.
 */
async function allocate(tx: Executor, ownerId: string, clienteId: string, saldoAtual: number): Promise<string[]> {
  const pendentes = await tx
    .select({ id: vendas.id, numeroVenda: vendas.numeroVenda, valorTotal: vendas.valorTotal, valorPago: vendas.valorPago })
    .from(vendas)
    .where(and(fiadoAtiva(ownerId, clienteId), eq(vendas.statusPagamento, 'pendente')))
    .orderBy(asc(vendas.dataVenda), asc(vendas.id));
  const aberto = pendentes.reduce((sum, v) => sum + v.valorTotal - v.valorPago, 0);
  let livre = saldoAtual + aberto;
  const quitadas: string[] = [];

  if (livre > 0) {
    for (const venda of pendentes) {
      if (livre <= 0) break;
      const cobre = Math.min(livre, venda.valorTotal - venda.valorPago);
      if (cobre <= 0) continue;
      livre -= cobre;
      const valorPago = venda.valorPago + cobre;
      const pago = valorPago === venda.valorTotal;
      await tx
        .update(vendas)
        .set({ valorPago, statusPagamento: pago ? 'pago' : 'pendente' })
        .where(and(eq(vendas.ownerId, ownerId), eq(vendas.id, venda.id)));
      if (pago) quitadas.push(venda.numeroVenda);
    }
    return quitadas;
  }

  // Taking coverage back, newest sale first, in small batches (the boundary is near the newest).
  while (livre < 0) {
    const cobertas = await tx
      .select({ id: vendas.id, valorPago: vendas.valorPago })
      .from(vendas)
      .where(and(fiadoAtiva(ownerId, clienteId), inArray(vendas.statusPagamento, ['pendente', 'pago']), gt(vendas.valorPago, 0)))
      .orderBy(desc(vendas.dataVenda), desc(vendas.id))
      .limit(20);
    if (cobertas.length === 0) break;
    for (const venda of cobertas) {
      if (livre >= 0) break;
      const retira = Math.min(-livre, venda.valorPago);
      livre += retira;
      await tx
        .update(vendas)
        .set({ valorPago: venda.valorPago - retira, statusPagamento: 'pendente' })
        .where(and(eq(vendas.ownerId, ownerId), eq(vendas.id, venda.id)));
    }
  }
  return quitadas;
}

/**
 * Brings every active fiado sale of the customer back to the allocation rule from scratch: after a
 * sale was recorded with a date before the customer's later sales (an offline sale, ADR 034), the
 * credit that covered those later sales covers it first. `allocate` only moves the boundary, which
 * is enough when sales arrive in date order. The caller holds the customer's lock.
 */
export async function realocar(tx: Executor, ownerId: string, cliente: ClienteTravado): Promise<void> {
  const ativas = await tx
    .select({ id: vendas.id, valorTotal: vendas.valorTotal, valorPago: vendas.valorPago })
    .from(vendas)
    .where(and(fiadoAtiva(ownerId, cliente.id), inArray(vendas.statusPagamento, ['pendente', 'pago'])))
    .orderBy(asc(vendas.dataVenda), asc(vendas.id));
  const pool = cliente.saldoAtual + ativas.reduce((sum, v) => sum + v.valorTotal, 0);
  const { allocations } = allocateOldestFirst(ativas, pool);
  for (const [i, venda] of ativas.entries()) {
    const { valorPago } = allocations[i]!;
    if (valorPago === venda.valorPago) continue;
    await tx
      .update(vendas)
      .set({ valorPago, statusPagamento: valorPago === venda.valorTotal ? 'pago' : 'pendente' })
      .where(and(eq(vendas.ownerId, ownerId), eq(vendas.id, venda.id)));
  }
  await syncPendencia(tx, ownerId, cliente.id);
}

export interface Movimento {
  lancamento: NonNullable<Awaited<ReturnType<typeof postLancamento>>>['lancamento'];
  saldoAntes: number;
  saldoAtual: number;
  /** Fiado sales this entry paid off, by number. */
  quitadas: string[];
}

export interface OpcoesLancamento {
  /** Raise the notification the movement calls for (default true; the demo data and imports say no). */
  notificar?: boolean;
  /** The name of the person who posted it, for its notification ("Pagamento recebido … Por Ana"). */
  por?: string | null;
}

/**
 * The one door to the ledger. Posts the entry on the customer `travarCliente` locked (its row is
 * kept current, so one lock may post several entries), then:
 *  - allocation: the customer's credits cover their pending fiado sales oldest first. A fiado sale
 *    posted while the customer had no credit (balance ≤ 0) leaves every sale as it was, so only the
 *    debtor fields follow (one statement, not two);
 *  - the debtor fields: when the oldest open debt started (`pendente_desde`), and a paid-off debt
 *    drops its agreed due date and promise (pendencia.ts);
 *  - notifications: a payment, at the counter or online, says "Pagamento recebido"; a sale or an
 *    adjustment that puts a customer in debt says "Cliente em débito". Reversals say nothing here
 *    (a refunded online payment is said by the payment's own record).
 * Returns null when the entry's `referenciaExterna` was already posted: nothing changed.
 */
export async function lancar(
  tx: Executor,
  ownerId: string,
  cliente: ClienteTravado,
  entry: NovoLancamento,
  opcoes: OpcoesLancamento = {},
): Promise<Movimento | null> {
  const posted = await postLancamento(tx, ownerId, cliente.id, entry);
  if (!posted) return null;
  const saldoAntes = cliente.saldoAtual;
  const saldoAtual = posted.saldoAtual;
  cliente.saldoAtual = saldoAtual;
  // A payment (or its reversal) pays the customer's instalments, oldest first (parcelas.ts).
  if (pagaParcelamento(entry)) await creditarParcelamento(tx, ownerId, cliente.id, entry.valor);

  let quitadas: string[] = [];
  if (entry.tipo === 'venda' && saldoAntes <= 0) await syncPendencia(tx, ownerId, cliente.id);
  else {
    quitadas = await allocate(tx, ownerId, cliente.id, saldoAtual);
    await syncPendencia(tx, ownerId, cliente.id);
  }

  if (opcoes.notificar ?? true) {
    const avisos: NovaNotificacao[] = [];
    if (entry.tipo === 'pagamento') {
      avisos.push({
        tipo: 'pagamento',
        params: {
          lancamentoId: posted.lancamento.id,
          clienteId: cliente.id,
          cliente: cliente.nome,
          valor: entry.valor,
          metodo: entry.metodo ?? 'dinheiro',
          ...(opcoes.por ? { por: opcoes.por } : {}),
        },
      });
    } else if ((entry.tipo === 'venda' || entry.tipo === 'ajuste') && saldoAntes >= 0 && saldoAtual < 0) {
      avisos.push({ tipo: 'devedor', params: { clienteId: cliente.id, nome: cliente.nome, valor: -saldoAtual } });
    }
    await notifyAll(tx, ownerId, avisos);
    // The customer is told too, when they consented: through the outbox, sent by a job.
    await avisarLancamento(tx, ownerId, cliente, { id: posted.lancamento.id, tipo: entry.tipo, valor: entry.valor, saldo: saldoAtual, em: posted.lancamento.createdAt });
  }
  return { lancamento: posted.lancamento, saldoAntes, saldoAtual, quitadas };
}

/**
 * After a restore wrote the seller's ledgers at once: `clientes.pendente_desde` follows from them —
 * the oldest debt still open, a pending fiado sale or a debit posted by hand — whatever the file
 * said, by the same SQL function `lancar` keeps it with (`divida_pendente_desde`). One statement over
 * the seller's customers; only those who owe read their sales.
 */
export async function recalcularDividas(tx: Executor, ownerId: string): Promise<void> {
  await tx.execute(sql`
    update ${clientes} c set pendente_desde = p.desde
    from (
      select c2.id, divida_pendente_desde(c2.owner_id, c2.id, c2.saldo_atual) as desde
      from ${clientes} c2 where c2.owner_id = ${ownerId} and (c2.saldo_atual < 0 or c2.pendente_desde is not null)
    ) p
    where c.owner_id = ${ownerId} and c.id = p.id and c.pendente_desde is distinct from p.desde`);
  await syncParcelamentos(tx, ownerId);
}
