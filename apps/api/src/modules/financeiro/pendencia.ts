import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { clientes } from '../../db/schema';
import { syncParcelamento } from './parcelas';

/**
 * Keeps what the debtors list reads from the customer's row true after the ledger moved, in the
 * same transaction (the caller holds the customer's lock):
 *  - `pendente_desde` = when the oldest debt still open started: the oldest pending fiado sale or an
 *    open debit posted by hand, such as an opening balance (`divida_pendente_desde`, migration 0023;
 *    one probe of vendas_cliente_idx, and one of lancamentos_debitos_avulsos_idx), so due dates of
 *    thousands of debtors come from one table without reading their sales;
 *  - a debt paid off drops its own due date and promise to pay: they belonged to that debt, and a
 *    later purchase starts a new one under the seller's rule;
 *  - a schedule of instalments in force sets the due date: its oldest open instalment's (parcelas.ts).
 */
export async function syncPendencia(tx: Executor, ownerId: string, clienteId: string): Promise<void> {
  await tx.execute(sql`
    update ${clientes} c set
      pendente_desde = divida_pendente_desde(c.owner_id, c.id, c.saldo_atual),
      data_vencimento = case when c.saldo_atual >= 0 then null else c.data_vencimento end,
      promessa_pagamento = case when c.saldo_atual >= 0 then null else c.promessa_pagamento end
    where c.owner_id = ${ownerId} and c.id = ${clienteId}
  `);
  await syncParcelamento(tx, ownerId, clienteId);
}
