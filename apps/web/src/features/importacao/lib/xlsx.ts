import type { Celula } from '@caderneta/shared';
import type { Cell, CellValue, Workbook } from 'exceljs';
import { ErroPlanilha } from './erros';
import { conferirDeclarado, conferirDescompressao, lerDiretorioZip } from './zip';

type ExcelJS = typeof import('exceljs');

/**
 * exceljs is large (≈ 1 MB): it is fetched only when an XLSX is chosen or a template made. In the
 * browser build its package points at its own bundle (dist/exceljs.min.js), a CommonJS module
 * whose exports arrive as `default`.
 */
export async function carregarExcelJS(): Promise<ExcelJS> {
  const modulo = (await import('exceljs')) as ExcelJS & { default?: ExcelJS };
  return modulo.default ?? modulo;
}

/** 'YYYY-MM-DD' of a date cell: exceljs gives Excel's day at midnight UTC, so its UTC parts are the day. */
function dataDaCelula(data: Date): Celula {
  if (Number.isNaN(data.getTime())) return null;
  const ano = data.getUTCFullYear();
  if (ano < 1 || ano > 9999) return null;
  return `${String(ano).padStart(4, '0')}-${String(data.getUTCMonth() + 1).padStart(2, '0')}-${String(data.getUTCDate()).padStart(2, '0')}`;
}

const texto = (valor: string): Celula => {
  const limpo = valor.trim();
  return limpo === '' ? null : limpo;
};

/**
 * A cell's value as the importer reads it. Formulas are never evaluated: the result Excel saved
 * with the file, or nothing. Dates become 'YYYY-MM-DD', rich text and links their plain text,
 * booleans 'true'/'false', errors (#N/A, #REF!) blank.
 */
export function valorDaCelula(valor: CellValue | undefined): Celula {
  if (valor === null || valor === undefined) return null;
  if (typeof valor === 'number') return Number.isFinite(valor) ? valor : null;
  if (typeof valor === 'string') return texto(valor);
  if (typeof valor === 'boolean') return valor ? 'true' : 'false';
  if (valor instanceof Date) return dataDaCelula(valor);
  if ('error' in valor) return null;
  if ('richText' in valor) return texto(valor.richText.map((parte) => parte.text ?? '').join(''));
  if ('formula' in valor || 'sharedFormula' in valor) return valorDaCelula(valor.result);
  // A link's text may itself be rich text (exceljs' types say string).
  if ('hyperlink' in valor) return valorDaCelula(valor.text as CellValue);
  return null;
}

/** The part of a merged range that is not its top-left cell holds nothing of its own. */
const celulaMesclada = (cell: Cell) => cell.isMerged && cell.master.address !== cell.address;

/** The first visible worksheet (tab order), or the first one when all are hidden. */
function primeiraPlanilha(workbook: Workbook) {
  const planilhas = workbook.worksheets;
  return planilhas.find((p) => p.state === 'visible' || p.state === undefined) ?? planilhas[0];
}

/**
 * The rows of the first worksheet of an XLSX (index 0 is its row 1). The ZIP is checked before
 * exceljs opens it (zip.ts), so a zip bomb is refused without being inflated.
 */
export async function lerLinhasXlsx(bytes: Uint8Array): Promise<Celula[][]> {
  const entradas = lerDiretorioZip(bytes);
  // A ZIP that is not a workbook: a .docx, an OpenDocument sheet, a zipped CSV.
  if (!entradas.some((e) => e.nome === 'xl/workbook.xml')) throw new ErroPlanilha('formatoDesconhecido');
  conferirDeclarado(entradas);
  await conferirDescompressao(bytes, entradas);
  const ExcelJS = await carregarExcelJS();
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer);
  } catch (error) {
    throw new ErroPlanilha('xlsxInvalido', { cause: error });
  }
  const planilha = primeiraPlanilha(workbook);
  const linhas: Celula[][] = [];
  planilha?.eachRow({ includeEmpty: false }, (row, numero) => {
    const celulas: Celula[] = [];
    row.eachCell({ includeEmpty: false }, (cell, coluna) => {
      celulas[coluna - 1] = celulaMesclada(cell) ? null : valorDaCelula(cell.value);
    });
    linhas[numero - 1] = celulas;
  });
  return linhas;
}
