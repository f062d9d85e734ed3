import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { clientes, vendas } from '../../db/schema';

/**
 * Keeps what the debtors list reads from the customer's row true after the ledger moved, in the
 * same transaction (the caller holds the customer's lock):
 *  - `pendente_desde` = date of the oldest pending fiado sale (one probe of vendas_cliente_idx),
 *    so due dates of thousands of debtors come from one table without reading their sales;
 *  - a debt paid off drops its own due date and promise to pay: they belonged to that debt, and a
 *    later purchase starts a new one under the seller's rule.
 */
export async function syncPendencia(tx: Executor, ownerId: string, clienteId: string): Promise<void> {
  await tx.execute(sql`
    update ${clientes} c set
      pendente_desde = (
        select min(v.data_venda) from ${vendas} v
        where v.cliente_id = ${clienteId} and v.status_pagamento = 'pendente' and v.owner_id = ${ownerId}
      ),
      data_vencimento = case when c.saldo_atual >= 0 then null else c.data_vencimento end,
      promessa_pagamento = case when c.saldo_atual >= 0 then null else c.promessa_pagamento end
    where c.owner_id = ${ownerId} and c.id = ${clienteId}
  `);
}
