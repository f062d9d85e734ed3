import { and, eq, sql } from 'drizzle-orm';
import { situacaoDoParcelamento } from '@caderneta/shared';
import type { Executor } from '../../db/client';
import { clientes, parcelamentos } from '../../db/schema';

/*
 * The ledger's side of a parcelamento (ADR 046). The schedule is not debt of its own: the ledger says
 * what the customer owes, and the payments and credits posted since the schedule was made (net of
 * their reversals) pay its instalments oldest first. `lancar` adds each such entry to the schedule's
 * `creditos`, and `syncParcelamento` keeps the customer's due date (clientes.data_vencimento, which
 * every screen reads through the one meaning of "due") on the oldest instalment still open, and
 * closes the schedule once nothing of it is open.
 */

/**
 * Whether a ledger entry pays the schedule: payments, credit and debit adjustments and the
 * reversal of a payment do; a sale and a sale's cancellation (which takes only its sale back) do not.
 */
export const pagaParcelamento = (entry: { tipo: string; vendaId?: string | null }) => entry.tipo !== 'venda' && !(entry.tipo === 'estorno' && entry.vendaId);

/** The customer's schedule in force (parcelamentos_ativo_idx): at most one. */
const emVigor = (ownerId: string, clienteId: string) => and(eq(parcelamentos.ownerId, ownerId), eq(parcelamentos.clienteId, clienteId), eq(parcelamentos.estado, 'ativo'));

/** The customer's schedule in force, or undefined. */
export async function lerParcelamentoEmVigor(tx: Executor, ownerId: string, clienteId: string) {
  const [ativo] = await tx.select().from(parcelamentos).where(emVigor(ownerId, clienteId));
  return ativo;
}

/** Adds an entry that pays the schedule to the customer's schedule in force, if any. */
export async function creditarParcelamento(tx: Executor, ownerId: string, clienteId: string, valor: number): Promise<void> {
  await tx
    .update(parcelamentos)
    .set({ creditos: sql`${parcelamentos.creditos} + ${valor}` })
    .where(emVigor(ownerId, clienteId));
}

/**
 * After the ledger moved (the caller holds the customer's lock and has brought `saldo_atual` and
 * the debtor fields up to date): the customer's schedule in force decides their due date — the
 * oldest instalment still open — or, with nothing of it open, is closed as paid. One probe of
 * parcelamentos_ativo_idx for a customer without a schedule.
 */
export async function syncParcelamento(tx: Executor, ownerId: string, clienteId: string): Promise<void> {
  const [ativo] = await tx
    .select({ id: parcelamentos.id, parcelas: parcelamentos.parcelas, creditos: parcelamentos.creditos, saldoAtual: clientes.saldoAtual, dataVencimento: clientes.dataVencimento })
    .from(parcelamentos)
    .innerJoin(clientes, and(eq(clientes.ownerId, parcelamentos.ownerId), eq(clientes.id, parcelamentos.clienteId)))
    .where(emVigor(ownerId, clienteId));
  if (!ativo) return;
  const situacao = situacaoDoParcelamento(ativo.parcelas, ativo.creditos, Math.max(0, -ativo.saldoAtual));
  if (!situacao.proxima) {
    await tx
      .update(parcelamentos)
      .set({ estado: 'quitado', encerradoEm: sql`now()`, abertoAoEncerrar: 0 })
      .where(and(eq(parcelamentos.ownerId, ownerId), eq(parcelamentos.id, ativo.id)));
  }
  // Paid: a later purchase is due by the shop's rule again, as after any debt paid off.
  const vencimento = situacao.proxima?.vencimento ?? null;
  if (vencimento !== ativo.dataVencimento) {
    await tx.update(clientes).set({ dataVencimento: vencimento }).where(and(eq(clientes.ownerId, ownerId), eq(clientes.id, clienteId)));
  }
}

/**
 * After a restore: every schedule in force of the seller brought to its ledger, one customer at a
 * time (few have one). A file edited to hold two in force for one customer keeps the newest; the
 * older is closed as renegotiated.
 */
export async function syncParcelamentos(tx: Executor, ownerId: string): Promise<void> {
  await tx.execute(sql`
    update ${parcelamentos} p set estado = 'renegociado', encerrado_em = now(), aberto_ao_encerrar = 0
    where p.owner_id = ${ownerId} and p.estado = 'ativo'
      and exists (select 1 from ${parcelamentos} n where n.owner_id = p.owner_id and n.cliente_id = p.cliente_id and n.estado = 'ativo'
                  and (n.criado_em, n.id) > (p.criado_em, p.id))`);
  const ativos = await tx
    .select({ clienteId: parcelamentos.clienteId })
    .from(parcelamentos)
    .where(and(eq(parcelamentos.ownerId, ownerId), eq(parcelamentos.estado, 'ativo')));
  for (const { clienteId } of ativos) await syncParcelamento(tx, ownerId, clienteId);
}
