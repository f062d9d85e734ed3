import { eq } from 'drizzle-orm';
import { crossedIntoLowStock, notificationEnabled, type NotificationKind } from '@caderneta/shared';
import type { Executor } from '../../db/client';
import { notificacoes, perfis } from '../../db/schema';

/**
 * Stores a notification for the seller when their preferences allow that kind. Runs inside the
 * caller's transaction, so a notification exists exactly when what it reports was committed.
 * The web renders the text from `tipo` + `params` in the seller's language.
 */
export async function notify(
  tx: Executor,
  ownerId: string,
  tipo: NotificationKind,
  params: Record<string, string | number>,
): Promise<boolean> {
  const [perfil] = await tx.select({ prefs: perfis.notificacoes }).from(perfis).where(eq(perfis.ownerId, ownerId));
  if (!notificationEnabled(perfil?.prefs, tipo)) return false;
  await tx.insert(notificacoes).values({ ownerId, tipo, params });
  return true;
}

type StockState = { id: string; nome: string; estoqueAtual: number; estoqueMinimo: number };

/**
 * "Estoque Baixo" / "Produto {nome} está com estoque baixo ({n} unidades)" — once per crossing
 * into low stock (sale, import), not on every sale while it stays low. Saving the product form
 * passes `lowStockAlertOnSave`, which also alerts when the seller lowers a stock that is low.
 */
export async function notifyIfLowStock(
  tx: Executor,
  ownerId: string,
  before: StockState | null,
  after: StockState,
  rule: typeof crossedIntoLowStock = crossedIntoLowStock,
): Promise<boolean> {
  if (!rule(before, after)) return false;
  return notify(tx, ownerId, 'estoque_baixo', { produtoId: after.id, nome: after.nome, quantidade: after.estoqueAtual });
}
