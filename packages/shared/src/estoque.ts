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
