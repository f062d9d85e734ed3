import { escalaDaUnidade, maxQuantidadeItem, UNIDADES_DE_PECA, type Unidade } from './unidades';

/**
 * Labels printed by counter scales (issue 35, part 5). Brazilian scales print an EAN-13 whose first
 * digit is 2 (codes starting with 2 are for a shop's own use): the product's code on the scale, then
 * the label's value — the price charged or the weight — then the check digit:
 *
 *     2 CCCC VVVVVVV D     (4-digit code: the value takes the other 7 digits)
 *     2 CCCCC VVVVVV D     (5-digit code)
 *     2 CCCCCC VVVVV D     (6-digit code)
 *
 * Which of these, and whether the value is a price (centavos) or a weight (grams), is set on the
 * scale; the shop tells Caderneta the same (Configurações › Loja).
 */
export const DIGITOS_CODIGO_BALANCA = [4, 5, 6] as const;
export type DigitosCodigoBalanca = (typeof DIGITOS_CODIGO_BALANCA)[number];
export const VALORES_ETIQUETA = ['preco', 'peso'] as const;
export type ValorEtiqueta = (typeof VALORES_ETIQUETA)[number];

export interface FormatoEtiqueta {
  digitosCodigo: DigitosCodigoBalanca;
  valor: ValorEtiqueta;
}

/** The most common setting of Brazilian scales: a 4-digit code and the price charged. */
export const FORMATO_ETIQUETA_PADRAO: FormatoEtiqueta = { digitosCodigo: 4, valor: 'preco' };

/** EAN-13's check digit of the first 12 digits: weights 1 and 3 from the left, to the next ten. */
export function digitoVerificadorEan13(doze: string): number {
  let soma = 0;
  for (let i = 0; i < 12; i++) soma += Number(doze[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (soma % 10)) % 10;
}

/** A scale label read: the product's code on the scale and the label's value. */
export interface EtiquetaBalanca {
  /** As printed, with its leading zeros ("0042"). */
  codigo: string;
  /** Centavos when the format's value is the price; grams when it is the weight. */
  valor: number;
  tipo: ValorEtiqueta;
}

/** Whether a code read at the counter has the shape of a scale label (13 digits starting with 2). */
export const pareceEtiquetaDeBalanca = (codigo: string) => /^2\d{12}$/.test(codigo);

/**
 * A scale label, or why not: `null` when the code is not shaped like one (so it is an ordinary
 * barcode), `digitoVerificador` when its check digit is wrong (misread or typed wrong: nothing is
 * guessed from it), `valorZero` when the label carries no value.
 */
export function lerEtiquetaDeBalanca(
  codigo: string,
  formato: FormatoEtiqueta = FORMATO_ETIQUETA_PADRAO,
): { ok: true; etiqueta: EtiquetaBalanca } | { ok: false; erro: 'digitoVerificador' | 'valorZero' } | null {
  if (!pareceEtiquetaDeBalanca(codigo)) return null;
  if (digitoVerificadorEan13(codigo.slice(0, 12)) !== Number(codigo[12])) return { ok: false, erro: 'digitoVerificador' };
  const fimCodigo = 1 + formato.digitosCodigo;
  const valor = Number(codigo.slice(fimCodigo, 12));
  if (valor === 0) return { ok: false, erro: 'valorZero' };
  return { ok: true, etiqueta: { codigo: codigo.slice(1, fimCodigo), valor, tipo: formato.valor } };
}

/**
 * The codes a product may be registered under for a label's code: as printed ("0042") and without
 * its leading zeros ("42"), the way a shop types a scale's code into "Código de barras".
 */
export function codigosDoProdutoNaBalanca(codigo: string): string[] {
  const semZeros = codigo.replace(/^0+(?=\d)/, '');
  return semZeros === codigo ? [codigo] : [codigo, semZeros];
}

/**
 * How much of the product a label sells, in its stored steps:
 *  - a weight label: its grams, for a product sold by kg (or g; L and ml read the same digits as
 *    millilitres); a product sold by the piece cannot be weighed (`produtoNaoPesado`);
 *  - a price label: the weight that price buys at the product's price per kg, to the gram (the line
 *    then charges that weight, which may differ from the label by a centavo's rounding); for a
 *    product sold by the piece, the pieces that price buys, which must be whole (`precoNaoConfere`).
 */
export function quantidadeDaEtiqueta(
  etiqueta: EtiquetaBalanca,
  produto: { unidade: Unidade; precoVenda: number },
): { ok: true; quantidade: number } | { ok: false; erro: 'produtoNaoPesado' | 'precoNaoConfere' | 'quantidadeForaDoLimite' } {
  const pesado = !(UNIDADES_DE_PECA as readonly Unidade[]).includes(produto.unidade);
  let quantidade: number;
  if (etiqueta.tipo === 'peso') {
    if (!pesado) return { ok: false, erro: 'produtoNaoPesado' };
    // Grams of a product sold by kg are its stored steps; of one sold by g, its units.
    quantidade = etiqueta.valor;
  } else {
    const escala = escalaDaUnidade(produto.unidade);
    // valor × scale ÷ price, rounded half-up on integers.
    quantidade = Math.floor((etiqueta.valor * escala * 2 + produto.precoVenda) / (produto.precoVenda * 2));
    if (escala === 1 && quantidade * produto.precoVenda !== etiqueta.valor) return { ok: false, erro: 'precoNaoConfere' };
  }
  if (quantidade < 1 || quantidade > maxQuantidadeItem(produto.unidade)) return { ok: false, erro: 'quantidadeForaDoLimite' };
  return { ok: true, quantidade };
}
