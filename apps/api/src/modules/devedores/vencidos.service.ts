import { sql } from 'drizzle-orm';
import { addDays, diasEmAtraso, notificationEnabled } from '@caderneta/shared';
import type { Executor } from '../../db/client';
import { notificacoes, perfis } from '../../db/schema';
import { queryRows } from '../../lib/sql';
import { notifyAll, type NovaNotificacao } from '../notificacoes/notificacoes.service';
import { clientesQueVenceram } from './devedores.service';

/**
 * The daily "customer became overdue" notifications of one seller (job `clientes-vencidos`,
 * docs/decisions/013): one 'devedor' notification per customer whose due date — computed by the
 * debtors' rules (clientesQueVenceram) — fell in [desde, hoje − 1]. `hoje` is the shop's day of
 * this run; `desde` the day of the last run (what a missed day left), or yesterday on a seller's
 * first run, so nobody long overdue is announced all at once. Its params carry `diasAtraso` and
 * `vencimento` besides the customer and the amount; the web renders it as
 * "{nome} está com {valor} vencido há {n} dias" (a balance that just went negative has none).
 *
 * The seller's "Clientes devedores" preference decides (off by default). A customer is never
 * announced twice for the same due date, even if a run were repeated. Returns how many were stored.
 */
export async function notificarClientesVencidos(tx: Executor, ownerId: string, hoje: string, desde: string | null): Promise<number> {
  const [perfil] = await queryRows<{ notificacoes: Record<string, boolean> | null }>(tx, sql`select notificacoes from ${perfis} where owner_id = ${ownerId}`);
  if (!notificationEnabled(perfil?.notificacoes, 'devedor')) return 0;
  const inicio = desde && desde < hoje ? desde : addDays(hoje, -1);
  const vencidos = await clientesQueVenceram(tx, ownerId, hoje, inicio);
  if (vencidos.length === 0) return 0;

  // Already announced (a repeated run): same customer and due date. Such a notification was made
  // after its due date, so only the seller's notifications since the range began are read.
  const ja = await queryRows<{ chave: string }>(
    tx,
    sql`select (params ->> 'clienteId') || '|' || (params ->> 'vencimento') as chave
        from ${notificacoes}
        where owner_id = ${ownerId} and created_at >= ${inicio}::date - 1 and tipo = 'devedor'
          and params ->> 'vencimento' is not null
          and params ->> 'clienteId' in (${sql.join(vencidos.map((c) => sql`${c.id}`), sql`, `)})`,
  );
  const anunciados = new Set(ja.map((r) => r.chave));
  const novas: NovaNotificacao[] = vencidos
    .filter((c) => !anunciados.has(`${c.id}|${c.dataVencimento}`))
    .map((c) => ({
      tipo: 'devedor',
      params: { clienteId: c.id, nome: c.nome, valor: c.saldoPendente, vencimento: c.dataVencimento, diasAtraso: diasEmAtraso(c.dataVencimento, hoje) },
    }));
  return notifyAll(tx, ownerId, novas);
}
