import { centsToInput, numberMarksOf } from '@caderneta/shared';
import { quantidadeParaCampo, type Unidade } from '@caderneta/shared/unidades';

/**
 * CSV files that a spreadsheet opens right in the seller's language: UTF-8 with a byte-order mark
 * (so Excel reads "ç" and "ã"), numbers with the language's decimal mark and no grouping, and the
 * separator Excel expects with that mark — ";" where the decimal mark is "," (pt-BR, es-ES), ","
 * in en-US. Rows end in CRLF. Papa Parse writes the quoting; it is fetched only when a file is made.
 */

/**
 * A cell: text, a count, money in centavos, a percentage, a calendar date, a product's quantity in
 * its unit's stored steps (written in whole units: 350 g of a kg product is "0,350"), or empty.
 */
export type Celula =
  | string
  | number
  | { centavos: number }
  | { percentual: number | null }
  | { data: string }
  | { quantidade: number; unidade: Unidade }
  | null;
export type LinhaCsv = Celula[];

export function separadorCsv(locale: string): ';' | ',' {
  return numberMarksOf(locale).decimal === ',' ? ';' : ',';
}

// Text a spreadsheet would run as a formula (CSV injection): a customer named "=HYPERLINK(…)".
const FORMULA = /^[=+\-@\t\r]/;

function celula(c: Celula, locale: string): string {
  const { decimal } = numberMarksOf(locale);
  if (c === null) return '';
  if (typeof c === 'number') return String(c);
  if (typeof c === 'string') return FORMULA.test(c) ? `'${c}` : c;
  // Centavos as a plain decimal number, exactly ("-1234,56" in pt-BR): no floating point.
  if ('centavos' in c) return centsToInput(c.centavos, decimal);
  if ('percentual' in c) return c.percentual === null ? '' : c.percentual.toFixed(1).replace('.', decimal);
  if ('quantidade' in c) return quantidadeParaCampo(c.quantidade, c.unidade, locale);
  return dataCsv(c.data, locale);
}

/** A calendar date ("YYYY-MM-DD") as the language writes it (dd/mm/aaaa in pt-BR). */
export function dataCsv(iso: string, locale: string): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return new Intl.DateTimeFormat(locale, { timeZone: 'UTC' }).format(new Date(Date.UTC(y, m - 1, d)));
}

/** The file's text, byte-order mark first. */
export async function gerarCsv(linhas: LinhaCsv[], locale: string): Promise<string> {
  const { default: Papa } = await import('papaparse');
  const texto = Papa.unparse(
    linhas.map((linha) => linha.map((c) => celula(c, locale))),
    { delimiter: separadorCsv(locale), newline: '\r\n' },
  );
  return `\uFEFF${texto}\r\n`;
}

/** Hands the text (or a file made here: a spreadsheet template) to the browser as a download. */
export function baixarArquivo(nome: string, conteudo: string | Blob, tipo = 'text/csv;charset=utf-8'): void {
  const url = URL.createObjectURL(conteudo instanceof Blob ? conteudo : new Blob([conteudo], { type: tipo }));
  const link = document.createElement('a');
  link.href = url;
  link.download = nome;
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
  // Give the browser time to start the download before the address is released.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
