import { sql } from 'drizzle-orm';
import { crossedIntoLowStock, DEFAULT_NOTIFICATION_PREFERENCES, type NotificationKind } from '@caderneta/shared';
import type { Executor } from '../../db/client';
import { notificacoes, perfis } from '../../db/schema';
import { queryRows } from '../../lib/sql';

export interface NovaNotificacao {
  tipo: NotificationKind;
  params: Record<string, string | number>;
}

/**
 * Stores the seller's notifications whose kind their preferences allow, in one statement that
 * reads the preferences itself (no separate read of the profile per notification). Runs inside
 * the caller's transaction, so a notification exists exactly when what it reports was committed.
 * The web renders the text from `tipo` + `params` in the seller's language. Returns how many
 * were stored.
 */
export async function notifyAll(tx: Executor, ownerId: string, items: NovaNotificacao[]): Promise<number> {
  if (items.length === 0) return 0;
  const rows = await queryRows<{ n: number }>(
    tx,
    sql`
      with novas(tipo, params, padrao, ordem) as (
        values ${sql.join(
          items.map((n, i) => sql`(${n.tipo}::text, ${JSON.stringify(n.params)}::jsonb, ${DEFAULT_NOTIFICATION_PREFERENCES[n.tipo]}::boolean, ${i}::int)`),
          sql`, `,
        )}
      ), inseridas as (
        insert into ${notificacoes} (owner_id, tipo, params)
        select ${ownerId}, novas.tipo, novas.params
        from novas
        left join ${perfis} p on p.owner_id = ${ownerId}
        where coalesce((p.notificacoes ->> novas.tipo)::boolean, novas.padrao)
        order by novas.ordem
        returning 1
      )
      select count(*)::int as n from inseridas
    `,
  );
  return Number(rows[0]?.n ?? 0);
}

/** One notification, when the seller's preferences allow its kind. */
export async function notify(tx: Executor, ownerId: string, tipo: NotificationKind, params: Record<string, string | number>): Promise<boolean> {
  return (await notifyAll(tx, ownerId, [{ tipo, params }])) > 0;
}

type StockState = { id: string; nome: string; estoqueAtual: number; estoqueMinimo: number };

/**
 * "Estoque Baixo" / "Produto {nome} está com estoque baixo ({n} unidades)" — once per crossing
 * into low stock (sale, import), not on every sale while it stays low. Saving the product form
 * passes `lowStockAlertOnSave`, which also alerts when the seller lowers a stock that is low.
 */
export function lowStockNotification(
  before: StockState | null,
  after: StockState,
  rule: typeof crossedIntoLowStock = crossedIntoLowStock,
): NovaNotificacao | null {
  if (!rule(before, after)) return null;
  return { tipo: 'estoque_baixo', params: { produtoId: after.id, nome: after.nome, quantidade: after.estoqueAtual } };
}

export async function notifyIfLowStock(
  tx: Executor,
  ownerId: string,
  before: StockState | null,
  after: StockState,
  rule: typeof crossedIntoLowStock = crossedIntoLowStock,
): Promise<boolean> {
  const notificacao = lowStockNotification(before, after, rule);
  return notificacao ? (await notifyAll(tx, ownerId, [notificacao])) > 0 : false;
}
