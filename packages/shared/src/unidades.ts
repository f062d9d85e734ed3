import { integerDigits, numberFormat, numberMarksOf } from './money';
import { MAX_ITENS_VENDA, MAX_QUANTIDADE_ITEM } from './vendas';

/**
 * How a product is counted (issue 35, part 1). Quantities and stock are stored as integers of the
 * unit's smallest step: kg and L take up to three decimals, so they are kept in thousandths (grams,
 * millilitres); every other unit is whole. No float ever holds a quantity.
 * Why these numbers: docs/decisions/031-units-of-measure.md.
 */
export const UNIDADES = ['un', 'kg', 'g', 'l', 'ml', 'cx', 'pct'] as const;
export type Unidade = (typeof UNIDADES)[number];
export const UNIDADE_PADRAO: Unidade = 'un';

/** What one typed unit is made of: 1 kg is 1000 stored grams, 1 un is 1 stored unit. */
export function casasDaUnidade(unidade: Unidade): 0 | 3 {
  return unidade === 'kg' || unidade === 'l' ? 3 : 0;
}

export function escalaDaUnidade(unidade: Unidade): 1 | 1000 {
  return casasDaUnidade(unidade) === 3 ? 1000 : 1;
}

export const unidadeFracionada = (unidade: Unidade) => casasDaUnidade(unidade) > 0;

/**
 * Units that count pieces (un, caixa, pacote), as opposed to measures (kg, g, L, ml). Only pieces
 * add up across products: "units sold" never adds grams to loaves.
 */
export const UNIDADES_DE_PECA = ['un', 'cx', 'pct'] as const satisfies readonly Unidade[];

/**
 * Business maximums by unit, in stored steps (ADR 007 extended by ADR 031). A whole unit keeps the
 * old limits; a weighed or measured one allows 1.000 kg on a line and 100.000 kg in stock. With
 * 200 lines, what a cancelled sale puts back stays far below PostgreSQL's integer (2.1 × 10^9), and
 * a product's stock value (stock × price ÷ scale) below 10^14 centavos either way.
 */
const LIMITES = {
  0: { item: MAX_QUANTIDADE_ITEM, estoque: 1_000_000, guardado: 1_000_000 + MAX_QUANTIDADE_ITEM * MAX_ITENS_VENDA },
  3: { item: 1_000_000, estoque: 100_000_000, guardado: 100_000_000 + 1_000_000 * MAX_ITENS_VENDA },
} as const;

export const maxQuantidadeItem = (unidade: Unidade) => LIMITES[casasDaUnidade(unidade)].item;
export const maxEstoque = (unidade: Unidade) => LIMITES[casasDaUnidade(unidade)].estoque;
export const maxEstoqueGuardado = (unidade: Unidade) => LIMITES[casasDaUnidade(unidade)].guardado;
/** The largest stored quantity of any unit: what a column or an untyped check allows at most. */
export const MAX_QUANTIDADE_ITEM_GUARDADA = LIMITES[3].item;
export const MAX_ESTOQUE_QUALQUER = LIMITES[3].estoque;
export const MAX_ESTOQUE_GUARDADO_QUALQUER = LIMITES[3].guardado;

/**
 * The value of `quantidade` stored steps at `preco` centavos per whole unit, rounded half-up to the
 * centavo: 350 g of cheese at R$ 29,90/kg is 350 × 2990 / 1000 = 1046,5 → R$ 10,47. Exact: the
 * product stays below 2^53 (10^6 × 10^8), and the rounding is done on integers.
 */
export function valorDaLinha(quantidade: number, preco: number, unidade: Unidade): number {
  const escala = escalaDaUnidade(unidade);
  const bruto = quantidade * preco;
  if (escala === 1) return bruto;
  return Math.floor((bruto * 2 + escala) / (escala * 2));
}

/**
 * A quantity typed by a person in the interface language, for a product counted in `unidade`:
 * "0,350" or "1,5" kg in pt-BR ("0.350" in en-US), "2" un. Returns stored steps, or an error key
 * of the "validation" namespace. Never guesses: "2,5" for a whole unit, more than three decimals,
 * a sign, an exponent or letters are refused, not rounded or stripped.
 */
export function lerQuantidade(
  text: string,
  locale: string,
  unidade: Unidade,
  { min = 1, max = maxQuantidadeItem(unidade) }: { min?: number; max?: number } = {},
): { ok: true; valor: number } | { ok: false; erro: 'quantidadeInteira' | 'quantidadeCasas' | 'quantidadeItemInvalida' | 'tooLarge' } {
  const body = text.trim();
  if (body === '' || body.length > 32) return { ok: false, erro: 'quantidadeItemInvalida' };
  const { decimal, group } = numberMarksOf(locale);
  const at = body.indexOf(decimal);
  const inteiro = at === -1 ? body : body.slice(0, at);
  const fracao = at === -1 ? '' : body.slice(at + 1);
  if (at !== -1 && !/^\d+$/.test(fracao)) return { ok: false, erro: 'quantidadeItemInvalida' };
  const digitos = inteiro === '' && at !== -1 ? '0' : integerDigits(inteiro, group);
  if (digitos === null) return { ok: false, erro: 'quantidadeItemInvalida' };
  const casas = casasDaUnidade(unidade);
  if (fracao !== '' && casas === 0) {
    return /^0+$/.test(fracao) ? lerQuantidade(inteiro, locale, unidade, { min, max }) : { ok: false, erro: 'quantidadeInteira' };
  }
  if (fracao.length > casas) return { ok: false, erro: 'quantidadeCasas' };
  if (digitos.length > 12) return { ok: false, erro: 'tooLarge' };
  const valor = Number(digitos) * 10 ** casas + Number(fracao.padEnd(casas, '0') || '0');
  if (valor < min) return { ok: false, erro: 'quantidadeItemInvalida' };
  if (valor > max) return { ok: false, erro: 'tooLarge' };
  return { ok: true, valor };
}

/** Stored steps as a person reads them: 350 g → "0,350" (kg), 1500 → "1,500", 12 un → "12". */
export function formatarQuantidade(quantidade: number, unidade: Unidade, locale: string): string {
  const casas = casasDaUnidade(unidade);
  if (casas === 0) return numberFormat(locale, { maximumFractionDigits: 0 }).format(quantidade);
  return numberFormat(locale, { minimumFractionDigits: casas, maximumFractionDigits: casas }).format(quantidade / 10 ** casas);
}

/** Stored steps as the text an input shows (no group marks): 350 → "0,350", 12 → "12". */
export function quantidadeParaCampo(quantidade: number, unidade: Unidade, locale: string): string {
  const casas = casasDaUnidade(unidade);
  if (casas === 0) return String(quantidade);
  const inteiro = Math.floor(quantidade / 10 ** casas);
  const fracao = String(quantidade % 10 ** casas).padStart(casas, '0');
  return `${inteiro}${numberMarksOf(locale).decimal}${fracao}`;
}

/** The symbol printed after a quantity and after a price: "kg", "L", "un". */
export const SIMBOLO_UNIDADE: Record<Unidade, string> = { un: 'un', kg: 'kg', g: 'g', l: 'L', ml: 'ml', cx: 'cx', pct: 'pct' };

/** "0,350 kg", "2 un": a quantity with its unit's symbol. */
export function quantidadeComUnidade(quantidade: number, unidade: Unidade, locale: string): string {
  return `${formatarQuantidade(quantidade, unidade, locale)} ${SIMBOLO_UNIDADE[unidade]}`;
}
