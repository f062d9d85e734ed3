import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  DEFAULT_NOTIFICATION_PREFERENCES,
  DIAS_RETENCAO_NOTIFICACOES,
  MAX_CONTAGEM_NAO_LIDAS,
  crossedIntoLowStock,
  UNIDADE_PADRAO,
  type Unidade,
  offsetOf,
  type NotificationKind,
  type Notificacao,
  type NotificacoesPage,
  type NotificacoesResumo,
  type notificacoesQuerySchema,
} from '@caderneta/shared';
import type { Executor } from '../../db/client';
import { notificacoes, perfis } from '../../db/schema';
import { notFound } from '../../lib/errors';
import { countAll, queryRows } from '../../lib/sql';

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

type StockState = { id: string; nome: string; unidade?: Unidade; estoqueAtual: number; estoqueMinimo: number };

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
  return { tipo: 'estoque_baixo', params: { produtoId: after.id, nome: after.nome, quantidade: after.estoqueAtual, unidade: after.unidade ?? UNIDADE_PADRAO } };
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

function toDto(row: typeof notificacoes.$inferSelect): Notificacao {
  return { id: row.id, tipo: row.tipo, params: row.params, lida: row.lida, data: row.createdAt.toISOString() };
}

/** Unread notifications of the seller, counted up to one past the bell's maximum (an index range, never the whole table). */
async function contarNaoLidas(tx: Executor, ownerId: string): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`select count(*)::int as n from (
          select 1 from ${notificacoes} where owner_id = ${ownerId} and lida = false limit ${MAX_CONTAGEM_NAO_LIDAS + 1}
        ) x`,
  );
  return Number(row?.n ?? 0);
}

/** /notificacoes: newest first, all or only the unread, one page at a time. */
export async function listNotificacoes(tx: Executor, ownerId: string, query: z.output<typeof notificacoesQuerySchema>): Promise<NotificacoesPage> {
  const where = and(eq(notificacoes.ownerId, ownerId), query.filtro === 'nao_lidas' ? eq(notificacoes.lida, false) : undefined);
  const rows = await tx
    .select()
    .from(notificacoes)
    .where(where)
    .orderBy(desc(notificacoes.createdAt), desc(notificacoes.id))
    .limit(query.pageSize)
    .offset(offsetOf(query));
  const [count] = await tx.select({ n: countAll() }).from(notificacoes).where(where);
  return { items: rows.map(toDto), total: count?.n ?? 0, page: query.page, pageSize: query.pageSize, naoLidas: await contarNaoLidas(tx, ownerId) };
}

export const RECENTES_NO_SINO = 5;

/** What the bell shows: the unread count and the latest notifications. */
export async function resumoNotificacoes(tx: Executor, ownerId: string): Promise<NotificacoesResumo> {
  const recentes = await tx
    .select()
    .from(notificacoes)
    .where(eq(notificacoes.ownerId, ownerId))
    .orderBy(desc(notificacoes.createdAt), desc(notificacoes.id))
    .limit(RECENTES_NO_SINO);
  return { naoLidas: await contarNaoLidas(tx, ownerId), recentes: recentes.map(toDto) };
}

/** "Marcar como lida". Another seller's id answers 404, as if it did not exist. */
export async function marcarLida(tx: Executor, ownerId: string, id: string): Promise<Notificacao> {
  const [row] = await tx
    .update(notificacoes)
    .set({ lida: true })
    .where(and(eq(notificacoes.ownerId, ownerId), eq(notificacoes.id, id)))
    .returning();
  if (!row) throw notFound('Notificação');
  return toDto(row);
}

/** "Marcar todas como lidas": how many were unread. */
export async function marcarTodasLidas(tx: Executor, ownerId: string): Promise<{ atualizadas: number }> {
  const [row] = await queryRows<{ n: number }>(
    tx,
    sql`with feitas as (
          update ${notificacoes} set lida = true where owner_id = ${ownerId} and lida = false returning 1
        ) select count(*)::int as n from feitas`,
  );
  return { atualizadas: Number(row?.n ?? 0) };
}

/** Forgets the seller's notifications older than DIAS_RETENCAO_NOTIFICACOES (a daily job). */
export async function limparNotificacoesAntigas(tx: Executor, ownerId: string, now: Date): Promise<void> {
  const limite = new Date(now.getTime() - DIAS_RETENCAO_NOTIFICACOES * 86_400_000);
  await tx.delete(notificacoes).where(and(eq(notificacoes.ownerId, ownerId), lt(notificacoes.createdAt, limite)));
}
