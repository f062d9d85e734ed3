import { parseMoney } from '@caderneta/shared/money';
import { MAX_DESCRICAO_AVULSO, type ItemVendaInput } from '@caderneta/shared/schemas/vendas';
import { MAX_TOTAL_VENDA } from '@caderneta/shared/vendas';
import { UNIDADES, type Unidade, valorDaLinha } from '@caderneta/shared/unidades';

/**
 * The items of a sale being built (spec §2 "New sale", §4, §5): pure functions, so the rules are
 * tested without a screen.
 */
export interface ItemProduto {
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

/**
 * A loose line ("Avulso — pão e leite", R$ 12,50): a value and an optional description, no product
 * and no stock. Each one stands alone (two of them are never merged), known by its own `chave`.
 */
export interface ItemAvulso {
  avulso: true;
  chave: string;
  /** Null when none was typed: the line reads just "Avulso". */
  descricao: string | null;
  /** Centavos. */
  valor: number;
}

export type ItemCarrinho = ItemProduto | ItemAvulso;

export const ehAvulso = (item: ItemCarrinho): item is ItemAvulso => 'avulso' in item && item.avulso;

/** What names a line in the cart (to remove it, as a React key): its product, or a loose line's own key. */
export const chaveDaLinha = (item: ItemCarrinho) => (ehAvulso(item) ? item.chave : item.produtoId);

export type ResultadoCarrinho = { ok: true; itens: ItemCarrinho[] } | { ok: false; disponivel: number; unidade: Unidade };

const produtos = (itens: ItemCarrinho[]) => itens.filter((i): i is ItemProduto => !ehAvulso(i));

/** Adds a product; a product already in the sale gets the quantities added (items merge). */
export function adicionarItem(itens: ItemCarrinho[], produto: Omit<ItemProduto, 'quantidade'>, quantidade: number): ResultadoCarrinho {
  const existente = produtos(itens).find((i) => i.produtoId === produto.produtoId);
  // A line counted in another unit (the product changed unit since) is not added to: it is replaced.
  const total = (existente?.unidade === produto.unidade ? existente.quantidade : 0) + quantidade;
  if (total > produto.estoque) return { ok: false, disponivel: produto.estoque, unidade: produto.unidade };
  if (existente) {
    return { ok: true, itens: itens.map((i) => (!ehAvulso(i) && i.produtoId === produto.produtoId ? { ...i, ...produto, quantidade: total } : i)) };
  }
  return { ok: true, itens: [...itens, { ...produto, quantidade }] };
}

/** Sets an item's quantity; 0 or less removes it (spec §4). */
export function definirQuantidade(itens: ItemCarrinho[], produtoId: string, quantidade: number): ResultadoCarrinho {
  const item = produtos(itens).find((i) => i.produtoId === produtoId);
  if (!item) return { ok: true, itens };
  if (quantidade <= 0) return { ok: true, itens: removerItem(itens, produtoId) };
  if (quantidade > item.estoque) return { ok: false, disponivel: item.estoque, unidade: item.unidade };
  return { ok: true, itens: itens.map((i) => (i === item ? { ...item, quantidade } : i)) };
}

/** Removes a line by its key (`chaveDaLinha`): a product's id, or a loose line's own key. */
export function removerItem(itens: ItemCarrinho[], chave: string): ItemCarrinho[] {
  return itens.filter((i) => chaveDaLinha(i) !== chave);
}

/** The server said how much is really left: remember it for this product. */
export function atualizarEstoque(itens: ItemCarrinho[], produtoId: string, estoque: number): ItemCarrinho[] {
  return itens.map((i) => (!ehAvulso(i) && i.produtoId === produtoId ? { ...i, estoque } : i));
}

/**
 * Adds a loose line at the end, always a line of its own (never merged with another: two "pão" at
 * different prices are two lines). No stock to check.
 */
export function adicionarAvulso(itens: ItemCarrinho[], avulso: { descricao: string | null; valor: number }, chave: string): ItemCarrinho[] {
  return [...itens, { avulso: true, chave, descricao: avulso.descricao?.trim() || null, valor: avulso.valor }];
}

export type LeituraAvulso = { ok: true; descricao: string | null; valor: number } | { ok: false; campo: 'valor' | 'descricao'; erro: 'valorAvulsoInvalido' | 'tooLarge' | 'tooLong' };

/**
 * The "Avulso" form as typed: the value read by the interface language's rules ("12,50" in pt-BR,
 * "12.50" in en-US; empty, 0, negative, "1e3" refused) and the description (blank is none).
 */
export function lerAvulso(valorTexto: string, descricaoTexto: string, locale: string): LeituraAvulso {
  const valor = parseMoney(valorTexto, locale);
  if (valor === null || valor <= 0) return { ok: false, campo: 'valor', erro: 'valorAvulsoInvalido' };
  if (valor > MAX_TOTAL_VENDA) return { ok: false, campo: 'valor', erro: 'tooLarge' };
  const descricao = descricaoTexto.trim();
  if (descricao.length > MAX_DESCRICAO_AVULSO) return { ok: false, campo: 'descricao', erro: 'tooLong' };
  return { ok: true, descricao: descricao || null, valor };
}

/** The line's value: 0,350 kg at R$ 29,90/kg is R$ 10,47 (rounded half-up to the centavo, as the server does); a loose line's own value. */
export const subtotal = (item: ItemCarrinho) => (ehAvulso(item) ? item.valor : valorDaLinha(item.quantidade, item.precoVenda, item.unidade));

/** The lines as the server takes them: a product and how many (never a price), or a loose line's value and description. */
export function itensParaEnvio(itens: ItemCarrinho[]): ItemVendaInput[] {
  return itens.map((i) => (ehAvulso(i) ? { valor: i.valor, descricao: i.descricao } : { produtoId: i.produtoId, quantidade: i.quantidade, unidade: i.unidade }));
}

/**
 * Items, total and how much of each unit the sale holds ("4 un", "0,350 kg"): grams are never
 * added to units, so the summary names each unit apart, in the order of UNIDADES. A loose line is
 * an item and part of the total, but no quantity of anything.
 */
export function resumoCarrinho(itens: ItemCarrinho[]) {
  const porUnidade = new Map<Unidade, number>();
  for (const i of produtos(itens)) porUnidade.set(i.unidade, (porUnidade.get(i.unidade) ?? 0) + i.quantidade);
  return {
    itens: itens.length,
    quantidades: UNIDADES.filter((u) => porUnidade.has(u)).map((unidade) => ({ unidade, quantidade: porUnidade.get(unidade)! })),
    total: itens.reduce((sum, i) => sum + subtotal(i), 0),
  };
}
