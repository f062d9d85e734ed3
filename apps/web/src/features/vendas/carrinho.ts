import { UNIDADES, type Unidade, valorDaLinha } from '@caderneta/shared/unidades';

/**
 * The items of a sale being built (spec §2 "New sale", §4, §5): pure functions, so the rules are
 * tested without a screen.
 */
export interface ItemCarrinho {
  produtoId: string;
  nome: string;
  /** How the product is counted: `quantidade` and `estoque` are in its stored steps (grams for kg). */
  unidade: Unidade;
  /** Centavos per whole unit (per kg, per L), as the product list showed it; the server charges its own current price. */
  precoVenda: number;
  /** Stock known to this screen, to warn before the server refuses. */
  estoque: number;
  quantidade: number;
}

export type ResultadoCarrinho = { ok: true; itens: ItemCarrinho[] } | { ok: false; disponivel: number; unidade: Unidade };

/** Adds a product; a product already in the sale gets the quantities added (items merge). */
export function adicionarItem(itens: ItemCarrinho[], produto: Omit<ItemCarrinho, 'quantidade'>, quantidade: number): ResultadoCarrinho {
  const existente = itens.find((i) => i.produtoId === produto.produtoId);
  // A line counted in another unit (the product changed unit since) is not added to: it is replaced.
  const total = (existente?.unidade === produto.unidade ? existente.quantidade : 0) + quantidade;
  if (total > produto.estoque) return { ok: false, disponivel: produto.estoque, unidade: produto.unidade };
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
  if (quantidade > item.estoque) return { ok: false, disponivel: item.estoque, unidade: item.unidade };
  return { ok: true, itens: itens.map((i) => (i.produtoId === produtoId ? { ...i, quantidade } : i)) };
}

export function removerItem(itens: ItemCarrinho[], produtoId: string): ItemCarrinho[] {
  return itens.filter((i) => i.produtoId !== produtoId);
}

/** The server said how much is really left: remember it for this product. */
export function atualizarEstoque(itens: ItemCarrinho[], produtoId: string, estoque: number): ItemCarrinho[] {
  return itens.map((i) => (i.produtoId === produtoId ? { ...i, estoque } : i));
}

/** The line's value: 0,350 kg at R$ 29,90/kg is R$ 10,47 (rounded half-up to the centavo, as the server does). */
export const subtotal = (item: ItemCarrinho) => valorDaLinha(item.quantidade, item.precoVenda, item.unidade);

/**
 * Items, total and how much of each unit the sale holds ("4 un", "0,350 kg"): grams are never
 * added to units, so the summary names each unit apart, in the order of UNIDADES.
 */
export function resumoCarrinho(itens: ItemCarrinho[]) {
  const porUnidade = new Map<Unidade, number>();
  for (const i of itens) porUnidade.set(i.unidade, (porUnidade.get(i.unidade) ?? 0) + i.quantidade);
  return {
    itens: itens.length,
    quantidades: UNIDADES.filter((u) => porUnidade.has(u)).map((unidade) => ({ unidade, quantidade: porUnidade.get(unidade)! })),
    total: itens.reduce((sum, i) => sum + subtotal(i), 0),
  };
}
