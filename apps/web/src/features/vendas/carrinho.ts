import { calcularDescontos, type Desconto, type ErroDesconto, MAX_DESCONTO_PERCENTUAL, type TipoDesconto, valorDoDesconto } from '@caderneta/shared/descontos';
import { parseInteger, parseMoney } from '@caderneta/shared/money';
import { MAX_PRECO } from '@caderneta/shared/schemas/campos';
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
  /**
   * A price changed at the counter, centavos per whole unit (absent: the catalogue's `precoVenda`).
   * Sent as it is: the server records the catalogue's price beside it.
   */
  precoUnitario?: number;
  /** The line's own discount, as typed (a value or a whole percentage). */
  desconto?: Desconto;
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
  desconto?: Desconto;
}

export type ItemCarrinho = ItemProduto | ItemAvulso;

export const ehAvulso = (item: ItemCarrinho): item is ItemAvulso => 'avulso' in item && item.avulso;

/** What names a line in the cart (to remove it, as a React key): its product, or a loose line's own key. */
export const chaveDaLinha = (item: ItemCarrinho) => (ehAvulso(item) ? item.chave : item.produtoId);

export type ResultadoCarrinho = { ok: true; itens: ItemCarrinho[] } | { ok: false; disponivel: number; unidade: Unidade };

const produtos = (itens: ItemCarrinho[]) => itens.filter((i): i is ItemProduto => !ehAvulso(i));

/**
 * Adds a product; a product already in the sale gets the quantities added (items merge). The merged
 * line keeps its changed price and its discount: both belong to the line (a price is per unit, a
 * percentage follows the line's value, a value stays what was given), and the line shows them.
 */
export function adicionarItem(itens: ItemCarrinho[], produto: Omit<ItemProduto, 'quantidade' | 'precoUnitario' | 'desconto'>, quantidade: number): ResultadoCarrinho {
  const existente = produtos(itens).find((i) => i.produtoId === produto.produtoId);
  // A line counted in another unit (the product changed unit since) is not added to: it is replaced,
  // price and discount too (a price per the old unit means nothing in the new one).
  const mesmaUnidade = existente?.unidade === produto.unidade;
  const total = (mesmaUnidade ? existente.quantidade : 0) + quantidade;
  if (total > produto.estoque) return { ok: false, disponivel: produto.estoque, unidade: produto.unidade };
  if (existente) {
    const linha: ItemProduto = mesmaUnidade ? { ...existente, ...produto, quantidade: total } : { ...produto, quantidade: total };
    return { ok: true, itens: itens.map((i) => (i === existente ? linha : i)) };
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

/** The price a product line is charged at, per whole unit: the one changed at the counter, else the catalogue's. */
export const precoCobrado = (item: ItemProduto) => item.precoUnitario ?? item.precoVenda;

/**
 * The line's value before any discount: 0,350 kg at R$ 29,90/kg is R$ 10,47 (rounded half-up to the
 * centavo, as the server does); a loose line's own value.
 */
export const valorBruto = (item: ItemCarrinho) => (ehAvulso(item) ? item.valor : valorDaLinha(item.quantidade, precoCobrado(item), item.unidade));

/** What the line's own discount takes off its value, or null when it is above it (possible after its quantity went down). */
export const descontoDaLinha = (item: ItemCarrinho) => valorDoDesconto(valorBruto(item), item.desconto);

/** The line's price and discount as the dialog sets them: null takes the catalogue's price, or no discount. */
export interface AjusteDaLinha {
  precoUnitario: number | null;
  desconto: Desconto | null;
}

/**
 * Changes a line's price and discount (a loose line has no price to change). A price equal to the
 * catalogue's is no change. A discount above the line's value (at its new price) is refused, and the
 * cart stays as it was.
 */
export function ajustarLinha(itens: ItemCarrinho[], chave: string, ajuste: AjusteDaLinha): { ok: true; itens: ItemCarrinho[] } | { ok: false; erro: 'descontoAcimaDoValor' } {
  const item = itens.find((i) => chaveDaLinha(i) === chave);
  if (!item) return { ok: true, itens };
  let linha: ItemCarrinho;
  if (ehAvulso(item)) {
    const { desconto: _desconto, ...avulso } = item;
    linha = avulso;
  } else {
    const { precoUnitario: _preco, desconto: _desconto, ...produto } = item;
    linha = produto;
    if (ajuste.precoUnitario !== null && ajuste.precoUnitario !== item.precoVenda) linha.precoUnitario = ajuste.precoUnitario;
  }
  if (ajuste.desconto) linha.desconto = ajuste.desconto;
  if (descontoDaLinha(linha) === null) return { ok: false, erro: 'descontoAcimaDoValor' };
  return { ok: true, itens: itens.map((i) => (i === item ? linha : i)) };
}

export type LeituraDesconto = { ok: true; desconto: Desconto } | { ok: false; erro: 'descontoInvalido' | 'descontoPercentualInvalido' | 'tooLarge' };

/**
 * A discount as typed: a value read by the interface language's rules ("1,50" in pt-BR), or a whole
 * percentage from 1 to 100 ("10" or "10%"). Empty, zero, negative and not-a-number are refused.
 */
export function lerDesconto(tipo: TipoDesconto, texto: string, locale: string): LeituraDesconto {
  if (tipo === 'percentual') {
    const limpo = texto.trim().replace(/\s*%$/, '');
    if (!limpo) return { ok: false, erro: 'descontoInvalido' };
    const valor = parseInteger(limpo, locale);
    if (valor === null || valor > MAX_DESCONTO_PERCENTUAL) return { ok: false, erro: 'descontoPercentualInvalido' };
    if (valor < 1) return { ok: false, erro: 'descontoInvalido' };
    return { ok: true, desconto: { tipo, valor } };
  }
  const valor = parseMoney(texto, locale);
  if (valor === null || valor <= 0) return { ok: false, erro: 'descontoInvalido' };
  if (valor > MAX_TOTAL_VENDA) return { ok: false, erro: 'tooLarge' };
  return { ok: true, desconto: { tipo, valor } };
}

/** A unit price as typed at the counter, by the interface language's rules; above zero and at most MAX_PRECO. */
export function lerPreco(texto: string, locale: string): { ok: true; preco: number } | { ok: false; erro: 'precoVendaInvalido' | 'tooLarge' } {
  const preco = parseMoney(texto, locale);
  if (preco === null || preco <= 0) return { ok: false, erro: 'precoVendaInvalido' };
  if (preco > MAX_PRECO) return { ok: false, erro: 'tooLarge' };
  return { ok: true, preco };
}

/**
 * The lines as the server takes them: a product and how many, or a loose line's value and
 * description; a changed price and a discount only when the line has them (the server reads the
 * catalogue's prices itself).
 */
export function itensParaEnvio(itens: ItemCarrinho[]): ItemVendaInput[] {
  return itens.map((i) => {
    const linha: ItemVendaInput = ehAvulso(i) ? { valor: i.valor, descricao: i.descricao } : { produtoId: i.produtoId, quantidade: i.quantidade, unidade: i.unidade };
    if (!ehAvulso(i) && i.precoUnitario !== undefined) linha.precoUnitario = i.precoUnitario;
    if (i.desconto) linha.desconto = i.desconto;
    return linha;
  });
}

/**
 * Items, money and how much of each unit the sale holds ("4 un", "0,350 kg"): grams are never
 * added to units, so the summary names each unit apart, in the order of UNIDADES. A loose line is
 * an item and part of the total, but no quantity of anything. The money is the server's own rule
 * (calcularDescontos), so the total shown is the total charged: `subtotal` before any discount,
 * `desconto` all the discounts took off, `descontoVenda` the sale's own; when a discount does not
 * fit (above its line, above the sale, or a sale worth nothing) `erro` says where and `total` is null.
 */
export function resumoCarrinho(itens: ItemCarrinho[], descontoDaVenda: Desconto | null = null) {
  const porUnidade = new Map<Unidade, number>();
  for (const i of produtos(itens)) porUnidade.set(i.unidade, (porUnidade.get(i.unidade) ?? 0) + i.quantidade);
  const subtotal = itens.reduce((sum, i) => sum + valorBruto(i), 0);
  const base = {
    itens: itens.length,
    quantidades: UNIDADES.filter((u) => porUnidade.has(u)).map((unidade) => ({ unidade, quantidade: porUnidade.get(unidade)! })),
    subtotal,
  };
  if (itens.length === 0) return { ...base, desconto: 0, descontoVenda: 0, total: 0, erro: null };
  const calculo = calcularDescontos(
    itens.map((i) => ({ bruto: valorBruto(i), desconto: i.desconto })),
    descontoDaVenda,
  );
  if (!calculo.ok) return { ...base, desconto: 0, descontoVenda: 0, total: null, erro: calculo.erro };
  return { ...base, desconto: calculo.descontoTotal, descontoVenda: calculo.descontoVenda, total: calculo.total, erro: null };
}

export type ResumoCarrinho = ReturnType<typeof resumoCarrinho>;
export type { ErroDesconto };

/**
 * The first line (its index) whose discounts — its own and its share of the sale's — take off more
 * than `maximo` percent of what it is worth at its price: the most the person selling may give
 * (issue 37), checked as the server does. Null when every line fits, or when the discounts do not
 * fit at all (`resumoCarrinho` says that).
 */
export function linhaAcimaDoMaximo(itens: ItemCarrinho[], descontoDaVenda: Desconto | null, maximo: number): number | null {
  const calculo = calcularDescontos(
    itens.map((i) => ({ bruto: valorBruto(i), desconto: i.desconto })),
    descontoDaVenda,
  );
  if (!calculo.ok) return null;
  const linha = calculo.linhas.findIndex((l) => (l.desconto + l.rateado) * 100 > maximo * l.bruto);
  return linha < 0 ? null : linha;
}

/** What the person selling may change on a line (issue 37): give a discount, charge another price. */
export interface AjustesPermitidos {
  desconto: boolean;
  preco: boolean;
}

/**
 * A cart kept from before (the draft) without what the person may no longer do: no discounts
 * without `desconto`, the catalogue's prices without `preco`. Nothing the screen would not let
 * them undo is left in it.
 */
export function semAjustesProibidos(itens: ItemCarrinho[], permitidos: AjustesPermitidos): ItemCarrinho[] {
  return itens.map((item) => {
    const { desconto: _desconto, ...semDesconto } = item;
    const linha: ItemCarrinho = permitidos.desconto ? item : semDesconto;
    if (permitidos.preco || ehAvulso(linha)) return linha;
    const { precoUnitario: _preco, ...precoDeTabela } = linha;
    return precoDeTabela;
  });
}
