/** Spec §4: a product's stock is low when it is at or below its minimum. */
export function isLowStock(p: { estoqueAtual: number; estoqueMinimo: number }): boolean {
  return p.estoqueAtual <= p.estoqueMinimo;
}

/**
 * A low-stock alert is raised once per crossing: when a product that was not low becomes low
 * (a new product counts as "not low before"). Saving it again while still low raises nothing.
 */
export function crossedIntoLowStock(
  before: { estoqueAtual: number; estoqueMinimo: number } | null,
  after: { estoqueAtual: number; estoqueMinimo: number },
): boolean {
  return isLowStock(after) && (before === null || !isLowStock(before));
}

/**
 * Saving a product (create or edit) is the seller setting its stock: besides a crossing, a stock
 * lowered further while already low is news too ("Produto X está com estoque baixo (2 unidades)").
 * Raising a low stock that stays low, or editing other fields, raises nothing.
 */
export function lowStockAlertOnSave(
  before: { estoqueAtual: number; estoqueMinimo: number } | null,
  after: { estoqueAtual: number; estoqueMinimo: number },
): boolean {
  return crossedIntoLowStock(before, after) || (before !== null && isLowStock(after) && after.estoqueAtual < before.estoqueAtual);
}
