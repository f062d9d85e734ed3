/**
 * Where the sale being built on /vendas/nova is kept (rascunho.ts), in a module of its own: the
 * shell asks whether a sale is in progress (before reloading for a new version) without loading the
 * counter's code.
 */
export const rascunhoKey = (sellerId: string) => `caderneta.venda.${sellerId}`;

/** Whether this tab holds a sale with items not yet finished (a reload would keep it, but not mid-tap). */
export function vendaEmAndamento(sellerId: string): boolean {
  try {
    const texto = window.sessionStorage.getItem(rascunhoKey(sellerId));
    if (!texto) return false;
    const itens = (JSON.parse(texto) as { itens?: unknown }).itens;
    return Array.isArray(itens) && itens.length > 0;
  } catch {
    return false;
  }
}
