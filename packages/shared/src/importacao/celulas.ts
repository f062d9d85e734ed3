import { z } from 'zod';
import { parseMoney } from '../money';
import { isValidCpf } from '../pix';
import { hasControlCharacters } from '../schemas/campos';
import { isValidPhone, normalizePhone } from '../telefone';
import { escalaDaUnidade, lerQuantidade, maxEstoque, type Unidade } from '../unidades';
import type { Celula, CodigoProblema } from './campos';

/**
 * How one cell of a file becomes one field's value. Each reader takes a cell as the browser read
 * it (text, an XLSX number, or null) and gives the value or the problem's code; blank is `null`
 * (whether that is allowed is the row's business). Nothing is guessed: money and quantities follow
 * the interface language's marks, dates its order.
 */
export type Lido<T> = { ok: true; valor: T } | { ok: false; codigo: CodigoProblema };

const ok = <T>(valor: T): Lido<T> => ({ ok: true, valor });
const erro = (codigo: CodigoProblema): Lido<never> => ({ ok: false, codigo });
const VAZIO: Lido<null> = ok(null);

/** Markup where a name or a note belongs: a pasted page, or an attempt at one. */
const PARECE_HTML = /<\/?[a-z!][^>]*>/i;

/** A cell's text, trimmed; '' for blank. XLSX numbers read as JavaScript writes them ("7891234567895"). */
export function textoDaCelula(celula: Celula | undefined): string {
  if (celula === null || celula === undefined) return '';
  return typeof celula === 'number' ? String(celula) : celula.trim();
}

/** Free text bounded by its schema's `max` (in UTF-16 units, as zod counts). */
export function lerTexto(celula: Celula | undefined, max: number): Lido<string | null> {
  const texto = textoDaCelula(celula);
  if (texto === '') return VAZIO;
  if (hasControlCharacters(texto)) return erro('caracteresInvalidos');
  // Length before markup: the markup test backtracks, so it only ever sees a bounded text.
  if (texto.length > max) return erro('textoLongo');
  if (PARECE_HTML.test(texto)) return erro('textoComHtml');
  return ok(texto);
}

/** The same test zod's `z.email()` makes, so what passes here passes the server's schema. */
export function lerEmail(celula: Celula | undefined): Lido<string | null> {
  const lido = lerTexto(celula, 254);
  if (!lido.ok || lido.valor === null) return lido;
  return z.regexes.email.test(lido.valor) ? lido : erro('emailInvalido');
}

/** A Brazilian phone as digits (normalizePhone): "(11) 98765-4321", "+55 11 98765 4321" or the number 11987654321. */
export function lerTelefone(celula: Celula | undefined): Lido<string | null> {
  if (typeof celula === 'number' && !Number.isSafeInteger(celula)) return erro('telefoneInvalido');
  const texto = textoDaCelula(celula);
  if (texto === '') return VAZIO;
  if (texto.length > 40) return erro('telefoneInvalido');
  const digitos = normalizePhone(texto);
  return isValidPhone(digitos) ? ok(digitos) : erro('telefoneInvalido');
}

/** 11 digits with valid check digits, not one digit repeated ("111.111.111-11" passes the check but is no CPF). */
export function validarCpf(digitos: string): boolean {
  return /^\d{11}$/.test(digitos) && isValidCpf(digitos);
}

/**
 * A CPF as 11 digits: "529.982.247-25", "52998224725". A spreadsheet that took it for a number has
 * dropped its leading zeros (012.345.678-90 became 1234567890), so a number is padded back.
 */
export function lerCpf(celula: Celula | undefined): Lido<string | null> {
  let digitos: string;
  if (typeof celula === 'number') {
    if (!Number.isSafeInteger(celula) || celula <= 0 || celula > 99_999_999_999) return erro('cpfInvalido');
    digitos = String(celula).padStart(11, '0');
  } else {
    const texto = textoDaCelula(celula);
    if (texto === '') return VAZIO;
    digitos = texto.replace(/[.\-\s]/g, '');
  }
  return validarCpf(digitos) ? ok(digitos) : erro('cpfInvalido');
}

/**
 * The amount without its minus, when it has one: "-10,00", "−10,00", "R$ -10,00", "10,00-", or
 * accounting's parentheses "(10,00)". Null when it has none.
 */
function semSinalNegativo(texto: string): string | null {
  const m =
    /^\((.*)\)$/s.exec(texto) ??
    /^[-−–]\s*(.*)$/s.exec(texto) ??
    /^(?:R\$|US\$|\$|€)\s*[-−–]\s*(.*)$/s.exec(texto) ??
    /^(.*?)\s*[-−–]$/s.exec(texto);
  return m ? m[1]! : null;
}

/**
 * Money in centavos, at most `max`. An XLSX number is units (12.9 is R$ 12,90), refused with more
 * than two decimals; text is read by parseMoney in the interface language — "1.234,56" in pt-BR,
 * "1,234.56" in en-US — and never guessed. A negative amount is its own problem: a credit owed to
 * the customer is not an opening debt.
 */
export function lerDinheiro(celula: Celula | undefined, locale: string, max: number): Lido<number | null> {
  if (typeof celula === 'number') {
    if (!Number.isFinite(celula)) return erro('dinheiroInvalido');
    if (celula < 0) return erro('negativo');
    const centavos = Math.round(celula * 100);
    if (centavos > max) return erro('foraDoLimite');
    // A float never holds 12.9 exactly; what a formula left (12.900000000000002) is still two decimals.
    if (Math.abs(celula * 100 - centavos) > 1e-6) return erro('dinheiroInvalido');
    return ok(centavos);
  }
  const texto = textoDaCelula(celula);
  if (texto === '') return VAZIO;
  // parseMoney refuses more than 64 characters too; the minus patterns below need a bounded text.
  if (texto.length > 64) return erro('dinheiroInvalido');
  const centavos = parseMoney(texto, locale);
  if (centavos === null) {
    const positivo = semSinalNegativo(texto);
    return positivo !== null && parseMoney(positivo, locale) !== null ? erro('negativo') : erro('dinheiroInvalido');
  }
  return centavos > max ? erro('foraDoLimite') : ok(centavos);
}

/** Day-first (pt-BR, es-ES and most languages) or month-first (American English), as the date fields type them. */
function mesPrimeiro(locale: string): boolean {
  const lang = locale.toLowerCase();
  return lang === 'en' || lang === 'en-us';
}

/** 'YYYY-MM-DD' when it is a real calendar date from 1900 on (isoDateSchema's range), else null. */
function dataReal(ano: number, mes: number, dia: number): string | null {
  if (ano < 1900 || ano > 9999 || mes < 1 || mes > 12 || dia < 1) return null;
  const bissexto = ano % 4 === 0 && (ano % 100 !== 0 || ano % 400 === 0);
  const diasNoMes = mes === 2 ? (bissexto ? 29 : 28) : mes === 4 || mes === 6 || mes === 9 || mes === 11 ? 30 : 31;
  if (dia > diasNoMes) return null;
  return `${ano}-${String(mes).padStart(2, '0')}-${String(dia).padStart(2, '0')}`;
}

/** Excel counts days from 1899-12-30 (its 1900 leap-year bug folded in); 61 is 1900-03-01, 2958465 is 9999-12-31. */
const EPOCA_EXCEL = Date.UTC(1899, 11, 30);
const DIA_MS = 86_400_000;
/** Days from 1899-12-30 to 1904-01-01, where a workbook in the 1904 date system counts from. */
const DIAS_ATE_1904 = 1462;

/**
 * 'YYYY-MM-DD' of an Excel date serial — days since 1899-12-30, or since 1904-01-01 in a workbook
 * of the 1904 date system —, its time of day dropped; null outside the years 1–9999.
 */
export function dataDoSerialExcel(serial: number, sistema1904 = false): string | null {
  if (!Number.isFinite(serial)) return null;
  const data = new Date(EPOCA_EXCEL + (Math.floor(serial) + (sistema1904 ? DIAS_ATE_1904 : 0)) * DIA_MS);
  const ano = data.getUTCFullYear();
  if (Number.isNaN(ano) || ano < 1 || ano > 9999) return null;
  return `${String(ano).padStart(4, '0')}-${String(data.getUTCMonth() + 1).padStart(2, '0')}-${String(data.getUTCDate()).padStart(2, '0')}`;
}

// A time after the date is ignored ("15/03/2026 10:30", "2026-03-15T10:30:00"): exports often add one.
const HORA = String.raw`(?:[ T]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?`;
const DATA_ISO = new RegExp(String.raw`^(\d{4})([-/.])(\d{1,2})\2(\d{1,2})${HORA}$`);
const DATA_LOCAL = new RegExp(String.raw`^(\d{1,2})([-/.])(\d{1,2})\2(\d{2}|\d{4})${HORA}$`);

/**
 * A calendar date as 'YYYY-MM-DD': ISO in any language; "15/03/2026" (or with "-" or ".") in
 * pt-BR and es-ES, "03/15/2026" in en-US; "26" is 2026; an XLSX number is an Excel serial date.
 * "31/02/2026" is refused, not rolled over to March.
 */
export function lerData(celula: Celula | undefined, locale: string): Lido<string | null> {
  if (typeof celula === 'number') {
    if (!Number.isFinite(celula) || celula < 61 || celula >= 2_958_466) return erro('dataInvalida');
    return ok(dataDoSerialExcel(celula)!);
  }
  const texto = textoDaCelula(celula);
  if (texto === '') return VAZIO;
  let data: string | null = null;
  const iso = DATA_ISO.exec(texto);
  if (iso) {
    data = dataReal(Number(iso[1]), Number(iso[3]), Number(iso[4]));
  } else {
    const local = DATA_LOCAL.exec(texto);
    if (local) {
      const [a, b] = [Number(local[1]), Number(local[3])];
      const ano = local[4]!.length === 2 ? 2000 + Number(local[4]) : Number(local[4]);
      data = mesPrimeiro(locale) ? dataReal(ano, a, b) : dataReal(ano, b, a);
    }
  }
  return data === null ? erro('dataInvalida') : ok(data);
}

/** Unit words in Portuguese, English and Spanish, compared without case, accents, dots or spaces. */
const PALAVRAS_UNIDADE: Record<Unidade, string[]> = {
  un: ['un', 'und', 'unid', 'unidade', 'unidades', 'unidad', 'u', 'ud', 'uds', 'unit', 'units', 'ea', 'each', 'peca', 'pecas', 'pc', 'pcs', 'piece', 'pieces', 'pieza', 'piezas'],
  kg: ['kg', 'kgs', 'quilo', 'quilos', 'quilograma', 'quilogramas', 'kilo', 'kilos', 'kilogramo', 'kilogramos', 'kilogram', 'kilograms', 'kilogramme'],
  g: ['g', 'gr', 'grs', 'grama', 'gramas', 'gramo', 'gramos', 'gram', 'grams', 'gramme'],
  l: ['l', 'lt', 'lts', 'litro', 'litros', 'liter', 'liters', 'litre', 'litres'],
  ml: ['ml', 'mililitro', 'mililitros', 'milliliter', 'milliliters', 'millilitre', 'millilitres'],
  cx: ['cx', 'cxs', 'caixa', 'caixas', 'caja', 'cajas', 'box', 'boxes'],
  pct: ['pct', 'pcte', 'pacote', 'pacotes', 'paquete', 'paquetes', 'pack', 'packs', 'package', 'packages', 'pkg'],
};
const UNIDADE_POR_PALAVRA = new Map<string, Unidade>(
  Object.entries(PALAVRAS_UNIDADE).flatMap(([unidade, palavras]) => palavras.map((p) => [p, unidade as Unidade] as const)),
);

/** Lower-case, no accents, only letters and digits: "Peça" → "peca", "Un." → "un", "Correo electrónico" → "correoelectronico". */
export function semAcentosNemPontuacao(texto: string): string {
  return texto
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

/** How a product is counted; blank is "un" (the default of a new product). */
export function lerUnidade(celula: Celula | undefined): Lido<Unidade> {
  const texto = textoDaCelula(celula);
  if (texto === '') return ok('un');
  if (typeof celula === 'number' || texto.length > 30) return erro('unidadeInvalida');
  const unidade = UNIDADE_POR_PALAVRA.get(semAcentosNemPontuacao(texto));
  return unidade ? ok(unidade) : erro('unidadeInvalida');
}

/**
 * A stock in the product's unit, as stored steps: "1,5" kg is 1500 grams (lerQuantidade, by the
 * interface language), the number 1.5 too; "2,5" of a whole unit is refused, not rounded.
 */
export function lerEstoque(celula: Celula | undefined, locale: string, unidade: Unidade): Lido<number | null> {
  const max = maxEstoque(unidade);
  if (typeof celula === 'number') {
    if (!Number.isFinite(celula)) return erro('numeroInvalido');
    if (celula < 0) return erro('negativo');
    const passos = celula * escalaDaUnidade(unidade);
    const valor = Math.round(passos);
    if (valor > max) return erro('foraDoLimite');
    return Math.abs(passos - valor) > 1e-6 ? erro('numeroInvalido') : ok(valor);
  }
  const texto = textoDaCelula(celula);
  if (texto === '') return VAZIO;
  const lido = lerQuantidade(texto, locale, unidade, { min: 0, max });
  if (lido.ok) return ok(lido.valor);
  if (lido.erro === 'tooLarge') return erro('foraDoLimite');
  if (/^[-−–]\s*\d[\d.,]*$/.test(texto)) return erro('negativo');
  return erro('numeroInvalido');
}
