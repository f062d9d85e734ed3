import { describe, expect, it } from 'vitest';
import { lerPlanilha } from '.';
import { ErroPlanilha } from './erros';
import { conferirDeclarado, conferirDescompressao, lerDiretorioZip, MAX_DESCOMPRIMIDO } from './zip';

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
    expect(await codigoDoErro(conferirDescompressao(zip, entradas))).toBe('xlsxInvalido');
    expect(performance.now() - inicio).toBeLessThan(500);
    expect(await codigoDoErro(lerPlanilha(arquivo(zip)))).toBe('xlsxInvalido');
  });

  it('refuses a part that inflates to less than it declared, or whose data is not deflate', async () => {
    const menos = montarZip([{ nome: 'xl/workbook.xml', dados: await deflate(XML), descomprimido: XML.length + 10 }]);
    expect(await codigoDoErro(conferirDescompressao(menos, lerDiretorioZip(menos)))).toBe('xlsxInvalido');
    const lixo = montarZip([{ nome: 'xl/workbook.xml', dados: new Uint8Array([0xff, 0xff, 0xff, 0xff, 1, 2, 3]), descomprimido: 100 }]);
    expect(await codigoDoErro(lerPlanilha(arquivo(lixo)))).toBe('xlsxInvalido');
  });

  it('says a ZIP that is no workbook (a .docx, an OpenDocument sheet) is of an unknown format', async () => {
    const docx = montarZip([{ nome: 'word/document.xml', dados: await deflate(XML), descomprimido: XML.length }]);
    expect(await codigoDoErro(lerPlanilha(arquivo(docx, 'contrato.docx')))).toBe('formatoDesconhecido');
  });
});
