import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Celula, dataDoSerialExcel as dataDoSerial } from '@caderneta/shared';
import { decodificar, textoDoItem } from './folha';
import { carregarExcelJS } from './modelo';
import { formatoDeData, lerLinhasXlsx, posicao } from './xlsx';

type Escrito = string | number | boolean | Date | null;

/** What the importer must read from a value exceljs wrote: trimmed text (blank is nothing), numbers, booleans as words, dates as days. */
function esperado(valor: Escrito): Celula {
  if (valor === null) return null;
  if (typeof valor === 'string') return valor.trim() === '' ? null : valor.trim();
  if (typeof valor === 'boolean') return valor ? 'true' : 'false';
  if (valor instanceof Date) return valor.toISOString().slice(0, 10);
  return valor;
}

// Text XML 1.0 can hold (exceljs writes what it is given, and Excel escapes the rest as _xHHHH_).
const caractere = fc.oneof(
  fc.constantFrom('a', 'Z', 'ç', 'ã', ' ', '<', '>', '&', '"', "'", ';', '\n', '\t', 'R$', '€', '😀', '&amp;', ']]>', '<t>', '_x'),
  fc.string({ minLength: 1, maxLength: 1 }).filter((c) => /[\u0020-\uD7FF\uE000-\uFFFD]/.test(c)),
);
const celula: fc.Arbitrary<Escrito> = fc.oneof(
  fc.array(caractere, { maxLength: 12 }).map((cs) => cs.join('')),
  // A cell holds no −0 apart from 0 (exceljs writes it as 0).
  fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 }).map((n) => (Object.is(n, -0) ? 0 : n)),
  fc.integer({ min: -1_000_000, max: 100_000_000_000 }),
  fc.boolean(),
  fc.date({ min: new Date(Date.UTC(1901, 0, 1)), max: new Date(Date.UTC(2099, 11, 31)), noInvalidDate: true }).map((d) => new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()))),
  fc.constant(null),
);

describe('lerLinhasXlsx', () => {
  it('reads back whatever exceljs wrote: text with markup characters, numbers, booleans and dates, in shared or inline strings', async () => {
    const ExcelJS = await carregarExcelJS();
    await fc.assert(
      fc.asyncProperty(fc.array(fc.array(celula, { minLength: 1, maxLength: 6 }), { minLength: 1, maxLength: 8 }), fc.boolean(), async (linhas, compartilhadas) => {
        const workbook = new ExcelJS.Workbook();
        const folha = workbook.addWorksheet('A');
        linhas.forEach((linha, l) =>
          linha.forEach((valor, c) => {
            if (valor === null) return;
            const cell = folha.getCell(l + 1, c + 1);
            cell.value = valor;
            if (valor instanceof Date) cell.numFmt = 'dd/mm/yyyy';
          }),
        );
        const bytes = new Uint8Array((await workbook.xlsx.writeBuffer({ useSharedStrings: compartilhadas })) as ArrayBuffer);
        const lidas = await lerLinhasXlsx(bytes);
        for (const [l, linha] of linhas.entries()) {
          for (const [c, valor] of linha.entries()) expect(lidas[l]?.[c] ?? null).toEqual(esperado(valor));
        }
      }),
      { numRuns: 60 },
    );
  });

  it("decodes XML's entities and character references and Excel's _xHHHH_ escapes, and joins a rich text's runs without its phonetic guide", () => {
    expect(decodificar('Caf&#233; &amp; P&#xE3;o &lt;b&gt; &quot;x&quot; &apos;y&apos; linha_x000D__x000A_dois')).toBe('Café & Pão <b> "x" \'y\' linha\r\ndois');
    expect(textoDoItem('<r><rPr><b/></rPr><t xml:space="preserve">Ana </t></r><r><t>Souza</t></r><rPh sb="0" eb="2"><t>アナ</t></rPh><phoneticPr fontId="1"/>')).toBe('Ana Souza');
    expect(textoDoItem('<x:t><![CDATA[<b>&amp;</b>]]> e &amp;</x:t>')).toBe('<b>&amp;</b> e &');
  });

  it('tells dates by format, and counts serials in both date systems', () => {
    for (const codigo of ['dd/mm/yyyy', 'd-mmm-yy', '[$-416]d\\ mmmm\\ yyyy;@', 'yyyy-mm-dd hh:mm']) expect(formatoDeData(codigo)).toBe(true);
    for (const codigo of ['General', '0.00', '#,##0.00 "dias"', 'hh:mm', '[h]:mm:ss', '"R$" #,##0.00', '@']) expect(formatoDeData(codigo)).toBe(false);
    expect(dataDoSerial(46_096)).toBe('2026-03-15');
    expect(dataDoSerial(46_096.99)).toBe('2026-03-15');
    expect(dataDoSerial(44_634, true)).toBe('2026-03-15');
    expect(dataDoSerial(1e12)).toBeNull();
    expect(posicao('AB12')).toEqual([11, 27]);
    expect(posicao('$C$3')).toEqual([2, 2]);
    expect(posicao('R1C1')).toBeNull();
  });
});
