import { describe, expect, it } from 'vitest';
import { lerPlanilha } from '.';
import { ErroPlanilha } from './erros';
import { conferirDeclarado, inflar, lerDiretorioZip, MAX_DESCOMPRIMIDO } from './zip';

interface EntradaTeste {
  nome: string;
  dados: Uint8Array;
  /** 8 deflate (the default), 0 stored. */
  metodo?: 0 | 8;
  /** What the directory says it inflates to (default: the data's own length). */
  descomprimido?: number;
  /** Write the size through a ZIP64 extra field, as writers do past 4 GB. */
  zip64?: boolean;
}

/** A ZIP written byte by byte, saying whatever the test wants about its parts. */
export function montarZip(entradas: EntradaTeste[]): Uint8Array {
  const pedacos: Uint8Array[] = [];
  let tamanho = 0;
  const escrever = (pedaco: Uint8Array) => {
    pedacos.push(pedaco);
    tamanho += pedaco.length;
  };
  /** Little-endian fields: [bytes, value] pairs. */
  const campos = (...valores: Array<[2 | 4 | 8, number]>) => {
    const bytes = new Uint8Array(valores.reduce((soma, [n]) => soma + n, 0));
    const dados = new DataView(bytes.buffer);
    let at = 0;
    for (const [n, valor] of valores) {
      if (n === 2) dados.setUint16(at, valor, true);
      else if (n === 4) dados.setUint32(at, valor, true);
      else dados.setBigUint64(at, BigInt(valor), true);
      at += n;
    }
    return bytes;
  };
  const central: Uint8Array[] = [];
  for (const e of entradas) {
    const nome = new TextEncoder().encode(e.nome);
    const metodo = e.metodo ?? 8;
    const descomprimido = e.descomprimido ?? e.dados.length;
    const declarado = e.zip64 ? 0xffffffff : descomprimido;
    const local = tamanho;
    // Local header: signature, version, flags, method, time, date, CRC, sizes, name and extra lengths.
    escrever(campos([4, 0x04034b50], [2, 20], [2, 0], [2, metodo], [2, 0], [2, 0], [4, 0], [4, e.dados.length], [4, declarado], [2, nome.length], [2, 0]));
    escrever(nome);
    escrever(e.dados);
    central.push(
      campos([4, 0x02014b50], [2, 45], [2, 20], [2, 0], [2, metodo], [2, 0], [2, 0], [4, 0], [4, e.dados.length], [4, declarado], [2, nome.length], [2, e.zip64 ? 12 : 0], [2, 0], [2, 0], [2, 0], [4, 0], [4, local]),
      nome,
      ...(e.zip64 ? [campos([2, 0x0001], [2, 8], [8, descomprimido])] : []),
    );
  }
  const inicio = tamanho;
  for (const pedaco of central) escrever(pedaco);
  escrever(campos([4, 0x06054b50], [2, 0], [2, 0], [2, entradas.length], [2, entradas.length], [4, tamanho - inicio], [4, inicio], [2, 0]));
  const zip = new Uint8Array(tamanho);
  let at = 0;
  for (const pedaco of pedacos) {
    zip.set(pedaco, at);
    at += pedaco.length;
  }
  return zip;
}

/** Deflate (raw) with the browser's own compressor. */
export async function deflate(dados: Uint8Array): Promise<Uint8Array> {
  const fluxo = new Blob([dados as BlobPart]).stream().pipeThrough(new CompressionStream('deflate-raw') as unknown as ReadableWritablePair<Uint8Array, Uint8Array>);
  return new Uint8Array(await new Response(fluxo).arrayBuffer());
}

const arquivo = (bytes: Uint8Array, nome = 'planilha.xlsx') => new File([bytes as BlobPart], nome);

async function codigoDoErro(promessa: Promise<unknown> | (() => unknown)): Promise<string> {
  try {
    await (typeof promessa === 'function' ? promessa() : promessa);
  } catch (error) {
    if (error instanceof ErroPlanilha) return error.codigo;
    throw error;
  }
  throw new Error('expected an ErroPlanilha');
}

const XML = new TextEncoder().encode('<?xml version="1.0"?><workbook/>');

describe('lerDiretorioZip', () => {
  it('lists the parts with their declared sizes, ZIP64 ones too', async () => {
    const dados = await deflate(XML);
    const entradas = lerDiretorioZip(montarZip([{ nome: 'xl/workbook.xml', dados, descomprimido: XML.length }, { nome: 'a.bin', dados: XML, metodo: 0 }, { nome: 'grande.xml', dados, descomprimido: 5e9, zip64: true }]));
    expect(entradas.map(({ nome, metodo, comprimido, descomprimido }) => ({ nome, metodo, comprimido, descomprimido }))).toEqual([
      { nome: 'xl/workbook.xml', metodo: 8, comprimido: dados.length, descomprimido: XML.length },
      { nome: 'a.bin', metodo: 0, comprimido: XML.length, descomprimido: XML.length },
      { nome: 'grande.xml', metodo: 8, comprimido: dados.length, descomprimido: 5e9 },
    ]);
  });

  it('refuses a directory that is cut, points outside the file or is not there', async () => {
    const zip = montarZip([{ nome: 'xl/workbook.xml', dados: await deflate(XML), descomprimido: XML.length }]);
    expect(await codigoDoErro(() => lerDiretorioZip(zip.subarray(0, zip.length - 5)))).toBe('xlsxInvalido');
    expect(await codigoDoErro(() => lerDiretorioZip(new Uint8Array([0x50, 0x4b, 3, 4, ...new Array(100).fill(7)])))).toBe('xlsxInvalido');
    const foraDoArquivo = zip.slice();
    // The directory's offset (EOCD + 16) pointed past the end.
    new DataView(foraDoArquivo.buffer).setUint32(foraDoArquivo.length - 6, 0x7fffffff, true);
    expect(await codigoDoErro(() => lerDiretorioZip(foraDoArquivo))).toBe('xlsxInvalido');
  });
});

describe('conferirDeclarado', () => {
  const entrada = (descomprimido: number, comprimido: number, metodo = 8) => ({ nome: 'x', metodo, comprimido, descomprimido, inicio: 0 });

  it('takes real workbooks: a few MB of XML at ordinary ratios', () => {
    expect(() => conferirDeclarado([entrada(30e6, 3e6), entrada(20e6, 2e6), entrada(1000, 1000, 0)])).not.toThrow();
  });

  it('refuses more than MAX_DESCOMPRIMIDO in all as too big, an absurd ratio or an unknown compression as invalid', async () => {
    expect(await codigoDoErro(() => conferirDeclarado([entrada(MAX_DESCOMPRIMIDO / 2, 5e6), entrada(MAX_DESCOMPRIMIDO / 2 + 1, 5e6)]))).toBe('grandeDemais');
    expect(await codigoDoErro(() => conferirDeclarado([entrada(50e6, 1000)]))).toBe('xlsxInvalido');
    expect(await codigoDoErro(() => conferirDeclarado([entrada(1000, 500, 12)]))).toBe('xlsxInvalido');
    expect(await codigoDoErro(() => conferirDeclarado([entrada(1000, 500, 0)]))).toBe('xlsxInvalido');
  });
});

describe('zip bombs', () => {
  it('refuses a file whose directory declares gigabytes, quickly and without inflating it', async () => {
    // 42.zip-style: tiny on disk, 4 GB declared per part, 16 parts.
    const dados = await deflate(new Uint8Array(1000));
    const partes = Array.from({ length: 16 }, (_, i) => ({ nome: i === 0 ? 'xl/workbook.xml' : `xl/worksheets/sheet${i}.xml`, dados, descomprimido: 0xfffffffe }));
    const inicio = performance.now();
    expect(await codigoDoErro(lerPlanilha(arquivo(montarZip(partes))))).toBe('grandeDemais');
    expect(performance.now() - inicio).toBeLessThan(200);
    // The same through ZIP64 sizes.
    expect(await codigoDoErro(lerPlanilha(arquivo(montarZip([{ nome: 'xl/workbook.xml', dados, descomprimido: 2 ** 40, zip64: true }]))))).toBe('grandeDemais');
  });

  it('stops a part that inflates past what it declared, after one chunk', async () => {
    // 50 MB of zeros deflate to ~50 KB; the directory says 1,000 bytes.
    const zeros = new Uint8Array(50 * 1024 * 1024);
    const dados = await deflate(zeros);
    const zip = montarZip([{ nome: 'xl/workbook.xml', dados: await deflate(XML), descomprimido: XML.length }, { nome: 'xl/worksheets/sheet1.xml', dados, descomprimido: 1000 }]);
    expect(zip.length).toBeLessThan(200_000);
    const entradas = lerDiretorioZip(zip);
    expect(() => conferirDeclarado(entradas)).not.toThrow();
    const inicio = performance.now();
    expect(await codigoDoErro(inflar(zip, entradas[1]!))).toBe('xlsxInvalido');
    expect(performance.now() - inicio).toBeLessThan(500);
    expect(await codigoDoErro(lerPlanilha(arquivo(zip)))).toBe('xlsxInvalido');
  });

  it('refuses a part that inflates to less than it declared, or whose data is not deflate', async () => {
    const menos = montarZip([{ nome: 'xl/workbook.xml', dados: await deflate(XML), descomprimido: XML.length + 10 }]);
    expect(await codigoDoErro(inflar(menos, lerDiretorioZip(menos)[0]!))).toBe('xlsxInvalido');
    const lixo = montarZip([{ nome: 'xl/workbook.xml', dados: new Uint8Array([0xff, 0xff, 0xff, 0xff, 1, 2, 3]), descomprimido: 100 }]);
    expect(await codigoDoErro(lerPlanilha(arquivo(lixo)))).toBe('xlsxInvalido');
  });

  it('says a ZIP that is no workbook (a .docx, an OpenDocument sheet) is of an unknown format', async () => {
    const docx = montarZip([{ nome: 'word/document.xml', dados: await deflate(XML), descomprimido: XML.length }]);
    expect(await codigoDoErro(lerPlanilha(arquivo(docx, 'contrato.docx')))).toBe('formatoDesconhecido');
  });
});

describe('XLSX written by other programs', () => {
  const NS = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
  const NS_R = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const texto = (xml: string) => new TextEncoder().encode(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${xml}`);

  /** A workbook of hand-written parts, deflated, named as Excel names them; `partes` replaces or adds any. */
  async function pasta(planilha: string, partes: Record<string, string | Uint8Array> = {}) {
    const todas: Record<string, string | Uint8Array> = {
      'xl/workbook.xml': `<workbook xmlns="${NS}" xmlns:r="${NS_R}"><sheets><sheet name="Clientes" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      'xl/_rels/workbook.xml.rels': `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${NS_R}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
      'xl/worksheets/sheet1.xml': planilha,
      ...partes,
    };
    const entradas = await Promise.all(
      Object.entries(todas).map(async ([nome, conteudo]) => {
        const bytes = typeof conteudo === 'string' ? texto(conteudo) : conteudo;
        return { nome, dados: await deflate(bytes), descomprimido: bytes.length };
      }),
    );
    return arquivo(montarZip(entradas));
  }

  it('reads inline strings, cells without references, an "x:" prefix, shared strings with runs and phonetic guides, and the 1904 date system', async () => {
    const planilha = `<x:worksheet xmlns:x="${NS}"><x:sheetData>
      <x:row><x:c t="inlineStr"><x:is><x:t>Nome</x:t></x:is></x:c><x:c t="s"><x:v>0</x:v></x:c><x:c t="inlineStr"><x:is><x:t>Data do saldo</x:t></x:is></x:c><x:c t="inlineStr"><x:is><x:t>Saldo</x:t></x:is></x:c></x:row>
      <x:row><x:c t="s"><x:v>1</x:v></x:c><x:c t="str"><x:f>A1</x:f><x:v> 11987654321 </x:v></x:c><x:c s="1"><x:v>44999.75</x:v></x:c><x:c t="e"><x:v>#N/A</x:v></x:c></x:row>
      <x:row><x:c t="inlineStr"><x:is><x:r><x:t>Bia </x:t></x:r><x:r><x:rPr><x:b/></x:rPr><x:t>Lima</x:t></x:r></x:is></x:c><x:c t="b"><x:v>1</x:v></x:c><x:c t="d"><x:v>2026-02-03T00:00:00Z</x:v></x:c><x:c><x:f>SUM(1,2)</x:f></x:c></x:row>
    </x:sheetData></x:worksheet>`;
    const arquivoXlsx = await pasta(planilha, {
      'xl/workbook.xml': `<workbook xmlns="${NS}" xmlns:r="${NS_R}"><workbookPr date1904="1"/><sheets><sheet name="Clientes" sheetId="1" r:id="rId1"/></sheets></workbook>`,
      'xl/sharedStrings.xml': `<sst xmlns="${NS}"><si><t>Telefone</t></si><si><r><t>Ana </t></r><r><t>Souza</t></r><rPh sb="0" eb="1"><t>アナ</t></rPh></si></sst>`,
      'xl/styles.xml': `<styleSheet xmlns="${NS}"><numFmts count="1"><numFmt numFmtId="164" formatCode="dd&quot;/&quot;mm&quot;/&quot;yyyy"/></numFmts><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="164"/></cellXfs></styleSheet>`,
    });
    const planilhaLida = await lerPlanilha(arquivoXlsx);
    expect(planilhaLida.cabecalhos).toEqual(['Nome', 'Telefone', 'Data do saldo', 'Saldo']);
    // 44999 days after 1904-01-01 is 2027-03-15 (at 18:00, which is no part of a date).
    expect(planilhaLida.linhas).toEqual([
      ['Ana Souza', '11987654321', '2027-03-15', null],
      ['Bia Lima', 'true', '2026-02-03', null],
    ]);
  });

  it('finds the first visible sheet through its relationship, an absolute target too, and reads 1900 serials with built-in and custom date formats', async () => {
    const planilha = `<worksheet xmlns="${NS}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Data</t></is></c><c r="C1" t="inlineStr"><is><t>Valor</t></is></c></row>
      <row r="2"><c r="A2" s="1"><v>46096</v></c><c r="C2" s="2"><v>1234.5</v></c></row><row r="3"><c r="A3" s="3"><v>46097</v></c><c r="C3" s="4"><v>0.5</v></c></row></sheetData></worksheet>`;
    const arquivoXlsx = await pasta('<worksheet/>', {
      'xl/workbook.xml': `<workbook xmlns="${NS}" xmlns:r="${NS_R}"><sheets><sheet name="Velha" sheetId="1" state="veryHidden" r:id="rId1"/><sheet name="Clientes" sheetId="2" r:id="rId9"/></sheets></workbook>`,
      'xl/_rels/workbook.xml.rels': `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Target="worksheets/sheet1.xml"/><Relationship Id="rId9" Target="/xl/worksheets/dados.xml"/></Relationships>`,
      'xl/worksheets/dados.xml': planilha,
      'xl/styles.xml': `<styleSheet xmlns="${NS}"><numFmts><numFmt numFmtId="165" formatCode="[$-416]d\\ mmmm\\ yyyy;@"/><numFmt numFmtId="166" formatCode="#,##0.00 &quot;dias&quot;"/><numFmt numFmtId="167" formatCode="[h]:mm"/></numFmts><cellXfs><xf numFmtId="0"/><xf numFmtId="14"/><xf numFmtId="166"/><xf numFmtId="165"/><xf numFmtId="167"/></cellXfs></styleSheet>`,
    });
    const planilhaLida = await lerPlanilha(arquivoXlsx);
    expect(planilhaLida.cabecalhos).toEqual(['Data', '', 'Valor']);
    expect(planilhaLida.linhas).toEqual([
      ['2026-03-15', null, 1234.5],
      ['2026-03-16', null, 0.5],
    ]);
  });

  it('refuses a part with a DTD (no entity is expanded), XML that does not parse, a sheet its relationship does not name, and a zip bomb in the sheet', async () => {
    const bomba = `<!DOCTYPE lol [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><worksheet xmlns="${NS}"><sheetData><row><c t="inlineStr"><is><t>&b;</t></is></c></row></sheetData></worksheet>`;
    expect(await codigoDoErro(lerPlanilha(await pasta(bomba)))).toBe('xlsxInvalido');
    expect(await codigoDoErro(lerPlanilha(await pasta(`<worksheet xmlns="${NS}"><sheetData><row>`)))).toBe('xlsxInvalido');
    expect(await codigoDoErro(lerPlanilha(await pasta('<worksheet/>', { 'xl/_rels/workbook.xml.rels': '<Relationships/>' })))).toBe('xlsxInvalido');
    // 50 MB of zeros where the sheet should be, declared as 1,000 bytes: stopped after one chunk.
    const zeros = new Uint8Array(50 * 1024 * 1024);
    const base = new Uint8Array(await (await pasta('<worksheet/>')).arrayBuffer());
    const partes = lerDiretorioZip(base).filter((e) => e.nome !== 'xl/worksheets/sheet1.xml');
    expect(partes).toHaveLength(2);
    const zip = montarZip([
      { nome: 'xl/workbook.xml', dados: await deflate(texto(`<workbook xmlns="${NS}" xmlns:r="${NS_R}"><sheets><sheet name="A" sheetId="1" r:id="rId1"/></sheets></workbook>`)), descomprimido: texto(`<workbook xmlns="${NS}" xmlns:r="${NS_R}"><sheets><sheet name="A" sheetId="1" r:id="rId1"/></sheets></workbook>`).length },
      { nome: 'xl/_rels/workbook.xml.rels', dados: await deflate(texto('<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>')), descomprimido: texto('<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Target="worksheets/sheet1.xml"/></Relationships>').length },
      { nome: 'xl/worksheets/sheet1.xml', dados: await deflate(zeros), descomprimido: 1000 },
    ]);
    const inicio = performance.now();
    expect(await codigoDoErro(lerPlanilha(arquivo(zip)))).toBe('xlsxInvalido');
    expect(performance.now() - inicio).toBeLessThan(500);
  });
});
