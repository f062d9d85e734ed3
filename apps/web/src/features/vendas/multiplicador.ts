import { parseQuantidade } from './carrinho';

/**
 * What the product search at the counter holds, read the way a shop's till reads it: "3*" before a
 * code or a name is how many of the next item go into the sale ("3*7891234567890", "3*arroz",
 * spaces allowed around the "*"). The number is a whole quantity from 1 to MAX_QUANTIDADE_ITEM,
 * read by the interface language's rules ("1.000*" is one thousand in pt-BR); anything else before
 * the "*" ("0*", "-1*", "2,5*", "*arroz") is refused, never read as 1.
 */
export type BuscaDoBalcao =
  /** `quantidade` is 1 when no "n*" was typed (`multiplicada` false). */
  | { ok: true; termo: string; quantidade: number; multiplicada: boolean }
  | { ok: false; termo: string };

// A single word (or nothing) at the start, then "*": a name with a "*" further on is not a multiplier.
const MULTIPLICADOR = /^\s*([^\s*]*)\s*\*\s*([\s\S]*)$/;

export function lerBuscaDoBalcao(texto: string, locale: string): BuscaDoBalcao {
  const match = MULTIPLICADOR.exec(texto);
  if (!match) return { ok: true, termo: texto.trim(), quantidade: 1, multiplicada: false };
  const termo = match[2]!.trim();
  const quantidade = parseQuantidade(match[1]!, locale);
  return quantidade === null ? { ok: false, termo } : { ok: true, termo, quantidade, multiplicada: true };
}
