import type { Celula } from '@caderneta/shared';
import { gerarCsv } from '@/lib/csv';

type ExcelJS = typeof import('exceljs');

/**
 * exceljs is large (≈ 1 MB): it is fetched only when a template is made. In the browser build its
 * package points at its own bundle (dist/exceljs.min.js), a CommonJS module whose exports arrive
 * as `default`. (Reading an XLSX does not need it: xlsx.ts.)
 */
export async function carregarExcelJS(): Promise<ExcelJS> {
  const modulo = (await import('exceljs')) as ExcelJS & { default?: ExcelJS };
  return modulo.default ?? modulo;
}

const TIPO_XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/**
 * A template file: the titles and one example row, which read back as they are (the mapper knows
 * the titles in every language). CSV as the app's other CSV files (lib/csv.ts): UTF-8 with a
 * byte-order mark so Excel shows "ç", quoted where needed, and the separator Excel expects in the
 * interface language — ";" where the decimal mark is "," (pt-BR, es-ES; the default), "," in en-US.
 * XLSX with the titles in bold, one text or number per cell.
 */
export async function gerarModelo(formato: 'csv' | 'xlsx', cabecalhos: string[], exemplo: Celula[], locale = 'pt-BR'): Promise<Blob> {
  if (formato === 'csv') {
    return new Blob([await gerarCsv([cabecalhos, exemplo], locale)], { type: 'text/csv;charset=utf-8' });
  }
  const ExcelJS = await carregarExcelJS();
  const workbook = new ExcelJS.Workbook();
  // The product's name: a tab title that needs no translation.
  const planilha = workbook.addWorksheet('Caderneta');
  planilha.addRow(cabecalhos).font = { bold: true };
  planilha.addRow(exemplo);
  planilha.columns.forEach((coluna, i) => {
    const larguras = [cabecalhos[i], exemplo[i]].map((c) => (c === null || c === undefined ? 0 : String(c).length));
    coluna.width = Math.min(40, Math.max(12, ...larguras) + 2);
  });
  planilha.views = [{ state: 'frozen', ySplit: 1 }];
  const conteudo = await workbook.xlsx.writeBuffer();
  return new Blob([conteudo as ArrayBuffer], { type: TIPO_XLSX });
}
