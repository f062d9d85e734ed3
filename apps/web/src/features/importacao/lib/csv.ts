import type { Celula } from '@caderneta/shared';
import { ErroPlanilha } from './erros';

/**
 * CSV as shops have it: saved by Excel in Brazil (";" between cells, Windows-1252 unless "CSV
 * UTF-8" was chosen), exported by an app (UTF-8, ","), or "Unicode text" (UTF-16, tabs).
 */

/** How much of the start is looked at to tell text from a binary file. */
const AMOSTRA = 64 * 1024;

/** A NUL, or more than 1% of control bytes other than tab and line breaks: not text (an old .xls, a PDF, an image). */
function pareceBinario(bytes: Uint8Array): boolean {
  const fim = Math.min(bytes.length, AMOSTRA);
  let controles = 0;
  for (let i = 0; i < fim; i++) {
    const b = bytes[i]!;
    if (b === 0) return true;
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x0c) controles++;
  }
  return controles > fim / 100;
}

/** The file's text: UTF-16 by its byte-order mark, else UTF-8 when it is valid UTF-8, else Windows-1252. */
export function decodificarTexto(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  if (pareceBinario(bytes)) throw new ErroPlanilha('formatoDesconhecido');
  let texto: string;
  try {
    texto = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch (error) {
    // Not UTF-8: what Excel in Brazil writes by default, where "ç" is the single byte 0xE7.
    if (!(error instanceof TypeError)) throw error;
    texto = new TextDecoder('windows-1252').decode(bytes);
  }
  return texto.replace(/^\uFEFF/, '');
}

const SEPARADORES = [';', ',', '\t'] as const;
type Separador = (typeof SEPARADORES)[number];

/**
 * The separator is the one the first row (the titles) uses most, quotes skipped: titles rarely
 * hold a comma, while values do ("150,00"). On a tie (or a single column), ";" as in Brazil.
 */
export function detectarSeparador(texto: string): Separador {
  const contagem: Record<Separador, number> = { ';': 0, ',': 0, '\t': 0 };
  let entreAspas = false;
  let achouTexto = false;
  for (let i = 0; i < texto.length && i < AMOSTRA; i++) {
    const c = texto[i]!;
    if (c === '"') entreAspas = !entreAspas;
    else if (!entreAspas && (c === '\n' || c === '\r')) {
      if (achouTexto) break;
    } else if (!entreAspas && c in contagem) contagem[c as Separador]++;
    else if (c.trim() !== '') achouTexto = true;
  }
  return SEPARADORES.reduce((melhor, s) => (contagem[s] > contagem[melhor] ? s : melhor));
}

/** The rows of a CSV file (index 0 is its row 1), every cell as trimmed text or null. */
export async function lerLinhasCsv(bytes: Uint8Array): Promise<Celula[][]> {
  const texto = decodificarTexto(bytes);
  const { default: Papa } = await import('papaparse');
  const resultado = Papa.parse<string[]>(texto, { delimiter: detectarSeparador(texto), header: false, skipEmptyLines: false, dynamicTyping: false });
  // Papa reports unbalanced quotes but still gives the rows: the preview shows what they became.
  return resultado.data.map((linha) =>
    linha.map((celula) => {
      const limpa = celula.trim();
      return limpa === '' ? null : limpa;
    }),
  );
}
