/**
 * Discounts at the counter (issue 35, part 3; docs/decisions/032-discounts.md). A discount is given
 * on a line or on the whole sale, as a value in centavos or as a whole percentage, and never takes
 * either below zero. A sale's discount is shared out over its lines (the lines' values after their
 * own discounts, by largest remainder), so every line keeps what it really sold for and the lines
 * still add up to the sale: product reports count what came in, not the catalogue price.
 * Integers only; no float ever holds money.
 */
export const TIPOS_DESCONTO = ['valor', 'percentual'] as const;
export type TipoDesconto = (typeof TIPOS_DESCONTO)[number];

/** A discount as the seller typed it: centavos, or a whole percentage from 1 to 100. */
export interface Desconto {
  tipo: TipoDesconto;
  valor: number;
}

export const MAX_DESCONTO_PERCENTUAL = 100;

/**
 * What a discount takes off `base` centavos, or null when it would take more than the base (a
 * discount above the line or the sale). A percentage rounds half-up to the centavo: 10 % of
 * R$ 10,47 is 104,7 → R$ 1,05.
 */
export function valorDoDesconto(base: number, desconto: Desconto | null | undefined): number | null {
  if (!desconto) return 0;
  const valor = desconto.tipo === 'valor' ? desconto.valor : Math.floor((base * desconto.valor * 2 + 100) / 200);
  return valor > base ? null : valor;
}

/**
 * Shares `desconto` centavos out over lines worth `valores`, in proportion to each line's value: the
 * whole part of each share first, then one centavo each to the lines with the largest remainders
 * (the earlier line on a tie). The shares add up to `desconto` exactly and no share is larger than
 * its line, given `desconto` ≤ the lines' sum. Exact: value × discount stays below 2^53 (10^9 × 10^9
 * would not, so the products are taken as BigInt).
 */
export function ratearDesconto(valores: readonly number[], desconto: number): number[] {
  const soma = valores.reduce((a, b) => a + b, 0);
  if (desconto <= 0 || soma <= 0) return valores.map(() => 0);
  const total = BigInt(soma);
  const partes = valores.map((valor, i) => {
    const produto = BigInt(valor) * BigInt(desconto);
    return { i, parte: Number(produto / total), resto: produto % total };
  });
  let faltam = desconto - partes.reduce((a, p) => a + p.parte, 0);
  const porResto = [...partes].sort((a, b) => (a.resto === b.resto ? a.i - b.i : a.resto > b.resto ? -1 : 1));
  for (const p of porResto) {
    if (faltam <= 0) break;
    p.parte += 1;
    faltam -= 1;
  }
  return partes.map((p) => p.parte);
}

/** A line before the sale's discount: its gross value and what its own discount took off. */
export interface LinhaComDesconto {
  bruto: number;
  desconto: number;
}

export type ErroDesconto = { linha: number } | { venda: true } | { semValor: true };

/**
 * The money of a whole sale: each line's own discount, the sale's discount and its share on each
 * line, and the total. Refuses (with where) a discount above its line or above the sale, and a sale
 * that would be worth nothing.
 */
export function calcularDescontos(
  linhas: ReadonlyArray<{ bruto: number; desconto?: Desconto | null }>,
  descontoDaVenda: Desconto | null | undefined,
):
  | { ok: true; linhas: Array<{ bruto: number; desconto: number; rateado: number; valor: number }>; descontoVenda: number; descontoTotal: number; total: number }
  | { ok: false; erro: ErroDesconto } {
  const proprias: number[] = [];
  for (const [i, linha] of linhas.entries()) {
    const desconto = valorDoDesconto(linha.bruto, linha.desconto);
    if (desconto === null) return { ok: false, erro: { linha: i } };
    proprias.push(desconto);
  }
  const liquidos = linhas.map((l, i) => l.bruto - proprias[i]!);
  const soma = liquidos.reduce((a, b) => a + b, 0);
  const descontoVenda = valorDoDesconto(soma, descontoDaVenda);
  if (descontoVenda === null) return { ok: false, erro: { venda: true } };
  const total = soma - descontoVenda;
  if (total <= 0) return { ok: false, erro: { semValor: true } };
  const rateio = ratearDesconto(liquidos, descontoVenda);
  return {
    ok: true,
    linhas: linhas.map((l, i) => ({ bruto: l.bruto, desconto: proprias[i]!, rateado: rateio[i]!, valor: liquidos[i]! - rateio[i]! })),
    descontoVenda,
    descontoTotal: proprias.reduce((a, b) => a + b, 0) + descontoVenda,
    total,
  };
}
