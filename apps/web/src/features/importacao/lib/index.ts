import { type Celula, MAX_BYTES_IMPORTACAO } from '@caderneta/shared';
import { lerLinhasCsv } from './csv';
import { ErroPlanilha } from './erros';
import { montarPlanilha, type Planilha } from './planilha';
import { lerLinhasXlsx } from './xlsx';

/**
 * Reading a customer or product spreadsheet in the browser (issue 39, ADR 039): the file never
 * leaves the device; the page maps its columns (sugerirMapeamento) and reads its rows (lerClientes,
 * lerProdutos) from what lerPlanilha gives.
 */
export type { Celula };
export { type CodigoErroPlanilha, ErroPlanilha } from './erros';
export type { Planilha } from './planilha';
export { gerarModelo } from './modelo';

/** "PK\x03\x04": a ZIP's first local header (XLSX); "PK\x05\x06": an empty ZIP. */
function ehZip(bytes: Uint8Array): boolean {
  return bytes[0] === 0x50 && bytes[1] === 0x4b && ((bytes[2] === 0x03 && bytes[3] === 0x04) || (bytes[2] === 0x05 && bytes[3] === 0x06));
}

/**
 * Reads the first worksheet (XLSX) or the CSV; row 1 is the header (the first non-blank row, in
 * fact). The format is told by the content, not the name: a ".csv" that is an XLSX reads as one.
 * Refused with an ErroPlanilha: too big before a byte is read, empty, neither, no header, too many
 * columns or rows, a broken or too-large XLSX.
 */
export async function lerPlanilha(arquivo: File): Promise<Planilha> {
  if (arquivo.size > MAX_BYTES_IMPORTACAO) throw new ErroPlanilha('grandeDemais');
  if (arquivo.size === 0) throw new ErroPlanilha('vazio');
  const bytes = new Uint8Array(await arquivo.arrayBuffer());
  if (bytes.byteLength > MAX_BYTES_IMPORTACAO) throw new ErroPlanilha('grandeDemais');
  if (ehZip(bytes)) return montarPlanilha(await lerLinhasXlsx(bytes), 'xlsx');
  return montarPlanilha(await lerLinhasCsv(bytes), 'csv');
}
