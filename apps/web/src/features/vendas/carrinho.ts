import { MAX_QUANTIDADE_ITEM, parseInteger } from '@caderneta/shared';

/**
 * The items of a sale being built (spec §2 "New sale", §4, §5): pure functions, so the rules are
 * tested without a screen.
 */
export interface ItemCarrinho {
  produtoId: string;
  nome: string;
  /** Centavos, as the product list showed it; the server charges its own current price. */
  precoVenda: number;
  /** Stock known to this screen, to warn before the server refuses. */
  estoque: number;
  quantidade: number;
}

export type ResultadoCarrinho = { ok: true; itens: ItemCarrinho[] } | { ok: false; disponivel: number };

/**
 * The quantity typed for an item, read by the rules of the interface language ("1.000" is one
 * thousand in pt-BR): a whole number from 1 to MAX_QUANTIDADE_ITEM, or `null` — empty, 0 or text
 * is refused with a message, never silently read as 1.
 */
export function parseQuantidade(text: string, locale: string): number | null {
  const n = parseInteger(text, locale);
  return n !== null && n >= 1 && n <= MAX_QUANTIDADE_ITEM ? n : null;
}

/** Adds a product; a product already in the sale gets the quantities added (items merge). */
export function adicionarItem(itens: ItemCarrinho[], produto: Omit<ItemCarrinho, 'quantidade'>, quantidade: number): ResultadoCarrinho {
  const existente = itens.find((i) => i.produtoId === produto.produtoId);
  const total = (existente?.quantidade ?? 0) + quantidade;
  if (total > produto.estoque) return { ok: false, disponivel: produto.estoque };
  if (existente) {
    return { ok: true, itens: itens.map((i) => (i.produtoId === produto.produtoId ? { ...i, ...produto, quantidade: total } : i)) };
  }
  return { ok: true, itens: [...itens, { ...produto, quantidade }] };
}

/** Sets an item's quantity; 0 or less removes it (spec §4). */
export function definirQuantidade(itens: ItemCarrinho[], produtoId: string, quantidade: number): ResultadoCarrinho {
  const item = itens.find((i) => i.produtoId === produtoId);
  if (!item) return { ok: true, itens };
  if (quantidade <= 0) return { ok: true, itens: itens.filter((i) => i.produtoId !== produtoId) };
  if (quantidade > item.estoque) return { ok: false, disponivel: item.estoque };
  return { ok: true, itens: itens.map((i) => (i.produtoId === produtoId ? { ...i, quantidade } : i)) };
}

export function removerItem(itens: ItemCarrinho[], produtoId: string): ItemCarrinho[] {
  return itens.filter((i) => i.produtoId !== produtoId);
}

/** The server said how many are really left: remember it for this product. */
export function atualizarEstoque(itens: ItemCarrinho[], produtoId: string, estoque: number): ItemCarrinho[] {
  return itens.map((i) => (i.produtoId === produtoId ? { ...i, estoque } : i));
}

export const subtotal = (item: ItemCarrinho) => item.precoVenda * item.quantidade;

export function resumoCarrinho(itens: ItemCarrinho[]) {
  return {
    itens: itens.length,
    unidades: itens.reduce((sum, i) => sum + i.quantidade, 0),
    total: itens.reduce((sum, i) => sum + subtotal(i), 0),
  };
}
