import { lerQuantidade } from '@caderneta/shared/unidades';

/**
 * What the product search at the counter holds, read the way a shop's till reads it: "3*" before a
 * code or a name is how much of the next item goes into the sale ("3*7891234567890", "3*arroz",
 * "0,350*queijo"; spaces allowed around the "*").
 *
 * The product is not known yet when the "*" is typed, so the number is checked here only as a
 * quantity of some unit: digits read by the interface language's rules ("1.000*" is one thousand
 * in pt-BR), at most three decimals, more than zero. Whether it fits the product ("2,5*" of a product
 * sold by the unit is refused, "0,350*" of one sold by the kg is 350 g) is decided once the product
 * is found, with `lerQuantidade` and the product's unit. Anything else before the "*" ("0*", "-1*",
 * "*arroz") is refused at once, never read as 1.
 */
export type BuscaDoBalcao =
  /** `multiplicador` is what was typed before the "*", or null when there is none (one of the item). */
  | { ok: true; termo: string; multiplicador: string | null }
  | { ok: false; termo: string };

// A single word (or nothing) at the start, then "*": a name with a "*" further on is not a multiplier.
const MULTIPLICADOR = /^\s*([^\s*]*)\s*\*\s*([\s\S]*)$/;

export function lerBuscaDoBalcao(texto: string, locale: string): BuscaDoBalcao {
  const match = MULTIPLICADOR.exec(texto);
  if (!match) return { ok: true, termo: texto.trim(), multiplicador: null };
  const termo = match[2]!.trim();
  const multiplicador = match[1]!;
  // Read as the finest unit (thousandths) with no upper bound: the product's own unit decides the rest.
  const lido = lerQuantidade(multiplicador, locale, 'kg', { min: 1, max: Number.MAX_SAFE_INTEGER });
  return lido.ok ? { ok: true, termo, multiplicador } : { ok: false, termo };
}
