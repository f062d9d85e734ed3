import { type Celula, dataDoSerialExcel } from '@caderneta/shared';
import { ErroPlanilha } from './erros';
import { type CelulaXml, lerCompartilhados, percorrerFolha } from './folha';
import { conferirDeclarado, type EntradaZip, inflar, lerDiretorioZip } from './zip';

/**
 * Reading the first worksheet of an XLSX with the browser's own parts (ADR 039): the ZIP is
 * checked and inflated by zip.ts (DecompressionStream, counted). The small parts — the workbook
 * (which sheet, which date system), its relationships (where that sheet is) and the styles (which
 * numbers are dates) — are parsed by the browser's XML parser (DOMParser); the two large ones, the
 * sheet and its shared strings, are scanned as text (folha.ts). A library that builds the whole
 * workbook model (exceljs) took 6 of the 7–10 s a 20,000-row file needed on a phone-class CPU.
 */

const invalido = () => new ErroPlanilha('xlsxInvalido');

/** A part's text. A DTD never appears in an XLSX: a part with one is refused, so no entity is ever expanded. */
async function lerTexto(bytes: Uint8Array, entrada: EntradaZip): Promise<string> {
  const texto = new TextDecoder('utf-8').decode(await inflar(bytes, entrada));
  if (texto.includes('<!DOCTYPE')) throw invalido();
  return texto;
}

/** Whether an XML text ends by closing its root element `raiz` (any prefix), as a part that was not cut does. */
const fechaComo = (texto: string, raiz: string) => new RegExp(`(?:</(?:[\\w.-]+:)?${raiz}\\s*>|<(?:[\\w.-]+:)?${raiz}(?:\\s[^>]*)?/>)\\s*$`).test(texto.slice(-300));

/** A small part's XML document; XML that does not parse is refused. */
function lerXml(texto: string): Document {
  const documento = new DOMParser().parseFromString(texto, 'application/xml');
  if (documento.getElementsByTagName('parsererror').length > 0) throw invalido();
  return documento;
}

/** The element children of `pai` with that local name (any namespace prefix: strict OOXML and "x:" writers too). */
function* filhos(pai: Element | null | undefined, nome: string): Generator<Element> {
  for (let filho = pai?.firstElementChild; filho; filho = filho.nextElementSibling) if (filho.localName === nome) yield filho;
}
const filho = (pai: Element | null | undefined, nome: string): Element | undefined => filhos(pai, nome).next().value ?? undefined;

/**
 * Built-in number formats that show a date (ECMA-376 §18.8.30; 27–31, 36 and 50–58 are East Asian
 * dates). Times of day and durations (18–21, 45–47) are no date: they stay numbers.
 */
const FORMATOS_DE_DATA = new Set([14, 15, 16, 17, 22, 27, 28, 29, 30, 31, 36, 50, 51, 52, 53, 54, 57, 58]);

/**
 * Whether a custom format shows a date: a day or year code outside quotes, escapes and [brackets]
 * ("dd/mm/yyyy", "[$-416]d mmmm yyyy"); a time of day ("hh:mm") or a duration ("[h]:mm") is not.
 */
export function formatoDeData(codigo: string): boolean {
  return /[dy]/i.test(codigo.replace(/"[^"]*"|\\.|_.|\*.|\[[^\]]*\]/g, ''));
}

/** For each cell style (the "s" of a cell), whether its number is a date. */
function estilosDeData(estilos: Document | null): boolean[] {
  if (!estilos) return [];
  const raiz = estilos.documentElement;
  const proprios = new Map<number, boolean>();
  for (const formato of filhos(filho(raiz, 'numFmts'), 'numFmt')) {
    proprios.set(Number(formato.getAttribute('numFmtId')), formatoDeData(formato.getAttribute('formatCode') ?? ''));
  }
  return [...filhos(filho(raiz, 'cellXfs'), 'xf')].map((xf) => {
    const id = Number(xf.getAttribute('numFmtId') ?? 0);
    return proprios.get(id) ?? FORMATOS_DE_DATA.has(id);
  });
}

const texto = (valor: string): Celula => {
  const limpo = valor.trim();
  return limpo === '' ? null : limpo;
};

/** "AB12" → [11, 27]: zero-based row and column; null when it is no cell reference. */
export function posicao(referencia: string): [linha: number, coluna: number] | null {
  const partes = /^\$?([A-Z]{1,3})\$?(\d{1,7})$/i.exec(referencia);
  if (!partes) return null;
  let coluna = 0;
  for (const letra of partes[1]!.toUpperCase()) coluna = coluna * 26 + (letra.charCodeAt(0) - 64);
  return [Number(partes[2]) - 1, coluna - 1];
}

interface Contexto {
  compartilhados: string[];
  datas: boolean[];
  sistema1904: boolean;
}

/**
 * A cell's value as the importer reads it. Formulas are never evaluated: the result Excel saved
 * with the file, or nothing. Dates become 'YYYY-MM-DD', rich text its plain text, booleans
 * 'true'/'false', errors (#N/A, #REF!) blank.
 */
function valorDaCelula(celula: CelulaXml, contexto: Contexto): Celula {
  if (celula.tipo === 'inlineStr') return celula.inline === undefined ? null : texto(celula.inline);
  const v = celula.valor;
  if (v === undefined) return null;
  switch (celula.tipo) {
    case 's': {
      const compartilhado = contexto.compartilhados[Number(v)];
      return compartilhado === undefined ? null : texto(compartilhado);
    }
    case 'str':
      return texto(v);
    case 'b':
      return v.trim() === '1' ? 'true' : 'false';
    case 'e':
      return null;
    case 'd': {
      const data = /^(\d{4}-\d{2}-\d{2})/.exec(v.trim());
      return data ? data[1]! : null;
    }
    default: {
      if (v.trim() === '') return null;
      const numero = Number(v);
      if (!Number.isFinite(numero)) return null;
      return contexto.datas[celula.estilo] ? dataDoSerialExcel(numero, contexto.sistema1904) : numero;
    }
  }
}

/** The part a relationship's Target names: relative to xl/ (where the workbook is), or absolute from the ZIP's root. */
function caminhoDoAlvo(alvo: string): string {
  const partes = (alvo.startsWith('/') ? alvo.slice(1) : `xl/${alvo}`).split('/');
  const caminho: string[] = [];
  for (const parte of partes) {
    if (parte === '..') caminho.pop();
    else if (parte !== '.' && parte !== '') caminho.push(parte);
  }
  return caminho.join('/');
}

/** The first visible worksheet's part (tab order), or the first one's when all are hidden. */
function partePrimeiraPlanilha(workbook: Document, relacoes: Document): string {
  const planilhas = [...filhos(filho(workbook.documentElement, 'sheets'), 'sheet')];
  const planilha = planilhas.find((p) => (p.getAttribute('state') ?? 'visible') === 'visible') ?? planilhas[0];
  if (!planilha) throw new ErroPlanilha('vazio');
  // r:id, whatever the relationships namespace's prefix (a sheet's only prefixed "id").
  const id = [...planilha.attributes].find((a) => a.name.endsWith(':id'))?.value;
  const relacao = [...filhos(relacoes.documentElement, 'Relationship')].find((r) => r.getAttribute('Id') === id);
  const alvo = relacao?.getAttribute('Target');
  if (!alvo) throw invalido();
  return caminhoDoAlvo(alvo);
}

/**
 * The rows of the first worksheet of an XLSX (index 0 is its row 1). The ZIP's declared sizes are
 * checked before any part is inflated, and each part is stopped past its size (zip.ts), so a zip
 * bomb is refused without being inflated.
 */
export async function lerLinhasXlsx(bytes: Uint8Array): Promise<Celula[][]> {
  const entradas = lerDiretorioZip(bytes);
  const porNome = new Map(entradas.map((e) => [e.nome, e]));
  const workbookXml = porNome.get('xl/workbook.xml');
  // A ZIP that is not a workbook: a .docx, an OpenDocument sheet, a zipped CSV.
  if (!workbookXml) throw new ErroPlanilha('formatoDesconhecido');
  conferirDeclarado(entradas);
  if (typeof DecompressionStream === 'undefined' || typeof DOMParser === 'undefined') throw new ErroPlanilha('xlsxNaoSuportado');

  const ler = async (nome: string, obrigatorio: boolean) => {
    const entrada = porNome.get(nome);
    if (!entrada) {
      if (obrigatorio) throw invalido();
      return null;
    }
    return lerTexto(bytes, entrada);
  };
  const workbook = lerXml((await ler('xl/workbook.xml', true))!);
  const parteDaPlanilha = partePrimeiraPlanilha(workbook, lerXml((await ler('xl/_rels/workbook.xml.rels', true))!));
  const [compartilhados, estilos, planilha] = await Promise.all([ler('xl/sharedStrings.xml', false), ler('xl/styles.xml', false), ler(parteDaPlanilha, true)]);
  // The DOM parser refuses a cut part; the scanned ones must at least end where their root closes.
  if (!fechaComo(planilha!, 'worksheet') || (compartilhados !== null && !fechaComo(compartilhados, 'sst'))) throw invalido();
  const contexto: Contexto = {
    compartilhados: compartilhados === null ? [] : lerCompartilhados(compartilhados),
    datas: estilosDeData(estilos === null ? null : lerXml(estilos)),
    sistema1904: ['1', 'true'].includes(filho(workbook.documentElement, 'workbookPr')?.getAttribute('date1904') ?? ''),
  };

  const linhas: Celula[][] = [];
  let celulas: Celula[] = [];
  let numeroDaLinha = -1;
  let coluna = -1;
  const mesclagens = percorrerFolha(
    planilha!,
    (numero) => {
      const r = Number(numero);
      numeroDaLinha = Number.isInteger(r) && r > 0 ? r - 1 : numeroDaLinha + 1;
      celulas = [];
      linhas[numeroDaLinha] = celulas;
      coluna = -1;
    },
    (celula) => {
      coluna = (celula.referencia ? posicao(celula.referencia)?.[1] : undefined) ?? coluna + 1;
      const valor = valorDaCelula(celula, contexto);
      if (valor !== null) celulas[coluna] = valor;
    },
  );

  // The part of a merged range that is not its top-left cell holds nothing of its own.
  for (const referencia of mesclagens) {
    const [de, ate] = referencia.split(':').map(posicao);
    if (!de || !ate) continue;
    for (let l = de[0]; l <= Math.min(ate[0], linhas.length - 1); l++) {
      const daLinha = linhas[l];
      if (!daLinha) continue;
      for (let c = de[1]; c <= Math.min(ate[1], daLinha.length - 1); c++) if (l !== de[0] || c !== de[1]) delete daLinha[c];
    }
  }
  return linhas;
}
