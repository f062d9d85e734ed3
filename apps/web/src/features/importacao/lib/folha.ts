/**
 * The two large parts of an XLSX — a worksheet's cells and the shared strings — scanned as text
 * rather than built into a DOM. On a phone-class CPU the browser's XML parser took 2 of the 4 s a
 * 20,000-row sheet needed just to build its 600,000 nodes; the importer needs only each cell's
 * reference, style, type and value, which SpreadsheetML writes in a small fixed shape (ECMA-376
 * §18.3.1.4 c, §18.3.1.96 v, §18.4.8 si). Namespace prefixes ("x:c"), CDATA, comments, character
 * references and Excel's "_x000D_" escapes are all read; a part with a DTD never reaches here
 * (xlsx.ts refuses it), so no entity but XML's five exists.
 */

const PREFIXO = '(?:[\\w.-]+:)?';
const abertura = (nome: string) => new RegExp(`<${PREFIXO}${nome}(?=[\\s/>])([^>]*?)(/?)>`, 'g');
const fechamento = (nome: string) => new RegExp(`</${PREFIXO}${nome}\\s*>`, 'g');
const atributo = (nome: string) => new RegExp(`(?:^|\\s)${nome}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`);

const ENTIDADES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

/** XML's five entities and character references (&#231; &#xE7;), then Excel's "_x000D_" escapes of characters XML cannot hold. */
export function decodificar(texto: string): string {
  let resultado = texto;
  if (resultado.includes('&')) {
    resultado = resultado.replace(/&(#[xX][0-9a-fA-F]{1,6}|#\d{1,7}|amp|lt|gt|quot|apos);/g, (_, nome: string) => {
      if (nome[0] !== '#') return ENTIDADES[nome]!;
      const codigo = nome[1] === 'x' || nome[1] === 'X' ? Number.parseInt(nome.slice(2), 16) : Number.parseInt(nome.slice(1), 10);
      return codigo <= 0x10ffff ? String.fromCodePoint(codigo) : '';
    });
  }
  if (resultado.includes('_x')) resultado = resultado.replace(/_x([0-9A-Fa-f]{4})_/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
  return resultado;
}

/** An element's text: CDATA as is, the rest decoded. */
function textoDe(bruto: string): string {
  if (!bruto.includes('<![CDATA[')) return decodificar(bruto);
  return bruto.replace(/<!\[CDATA\[([\s\S]*?)\]\]>|([^<]+)|<[^>]*>/g, (_, cdata?: string, texto?: string) => cdata ?? (texto ? decodificar(texto) : ''));
}

const semComentarios = (xml: string) => (xml.includes('<!--') ? xml.replace(/<!--[\s\S]*?-->/g, '') : xml);

interface Elemento {
  atributos: string;
  /** What is between its tags; '' when it closes itself. */
  conteudo: string;
}

/** Each `nome` element in `xml`, in order (for elements that never hold one of their own kind: c, v, t, si, row). */
function* elementos(xml: string, nome: string): Generator<Elemento> {
  const abre = abertura(nome);
  const fecha = fechamento(nome);
  for (let achado = abre.exec(xml); achado; achado = abre.exec(xml)) {
    if (achado[2] === '/') {
      yield { atributos: achado[1]!, conteudo: '' };
      continue;
    }
    fecha.lastIndex = abre.lastIndex;
    const fim = fecha.exec(xml);
    if (!fim) return;
    yield { atributos: achado[1]!, conteudo: xml.slice(abre.lastIndex, fim.index) };
    abre.lastIndex = fecha.lastIndex;
  }
}

const T = abertura('t');
const FIM_T = fechamento('t');
const RPH = new RegExp(`<${PREFIXO}rPh(?=[\\s/>])[\\s\\S]*?</${PREFIXO}rPh\\s*>`, 'g');

/** The text of a string item (<si>, <is>): its <t>, or its runs' <t>s joined; phonetic guides (<rPh>) are not text. */
export function textoDoItem(conteudo: string): string {
  const semGuias = conteudo.includes('rPh') ? conteudo.replace(RPH, '') : conteudo;
  let texto = '';
  T.lastIndex = 0;
  for (let achado = T.exec(semGuias); achado; achado = T.exec(semGuias)) {
    if (achado[2] === '/') continue;
    FIM_T.lastIndex = T.lastIndex;
    const fim = FIM_T.exec(semGuias);
    if (!fim) break;
    texto += textoDe(semGuias.slice(T.lastIndex, fim.index));
    T.lastIndex = FIM_T.lastIndex;
  }
  return texto;
}

/** The shared strings table (xl/sharedStrings.xml), in order: cells of type "s" hold an index into it. */
export function lerCompartilhados(xml: string): string[] {
  return Array.from(elementos(semComentarios(xml), 'si'), (si) => textoDoItem(si.conteudo));
}

/** One cell as written: its reference ("B3", when given), style index, type, saved value and inline text. */
export interface CelulaXml {
  referencia: string | undefined;
  estilo: number;
  tipo: string;
  /** The <v>: a number, a shared-string index, a formula's saved result; undefined when there is none. */
  valor: string | undefined;
  /** An inline string's text (<is>), for type "inlineStr". */
  inline: string | undefined;
}

const ATRIBUTO_R = atributo('r');
const ATRIBUTO_S = atributo('s');
const ATRIBUTO_T = atributo('t');
const ATRIBUTO_REF = atributo('ref');
const V = new RegExp(`<${PREFIXO}v(?:\\s[^>]*)?>([\\s\\S]*?)</${PREFIXO}v\\s*>`);
const IS = new RegExp(`<${PREFIXO}is(?:\\s[^>]*)?>([\\s\\S]*?)</${PREFIXO}is\\s*>`);
const valorDoAtributo = (achado: RegExpExecArray | null) => (achado ? decodificar(achado[1] ?? achado[2] ?? '') : undefined);

/** Where the sheet's rows are (<sheetData>), and what follows it (<mergeCells> among others). */
function partesDaFolha(xml: string): { dados: string; depois: string } {
  const abre = abertura('sheetData');
  const achado = abre.exec(xml);
  if (!achado) return { dados: '', depois: '' };
  if (achado[2] === '/') return { dados: '', depois: xml.slice(abre.lastIndex) };
  const fecha = fechamento('sheetData');
  fecha.lastIndex = abre.lastIndex;
  const fim = fecha.exec(xml);
  if (!fim) return { dados: xml.slice(abre.lastIndex), depois: '' };
  return { dados: xml.slice(abre.lastIndex, fim.index), depois: xml.slice(fecha.lastIndex) };
}

/**
 * Walks a worksheet's XML: `linha` for each <row> (its "r", when given) and `celula` for each <c>
 * in it, in the file's order; returns the merged ranges' references ("B6:C6").
 */
export function percorrerFolha(xml: string, linha: (numero: string | undefined) => void, celula: (c: CelulaXml) => void): string[] {
  const { dados, depois } = partesDaFolha(semComentarios(xml));
  const tags = new RegExp(`<${PREFIXO}(row|c)(?=[\\s/>])([^>]*?)(/?)>`, 'g');
  const fimDaCelula = fechamento('c');
  for (let achado = tags.exec(dados); achado; achado = tags.exec(dados)) {
    const atributos = achado[2]!;
    if (achado[1] === 'row') {
      linha(valorDoAtributo(ATRIBUTO_R.exec(atributos)));
      continue;
    }
    let conteudo = '';
    if (achado[3] !== '/') {
      fimDaCelula.lastIndex = tags.lastIndex;
      const fim = fimDaCelula.exec(dados);
      if (!fim) break;
      conteudo = dados.slice(tags.lastIndex, fim.index);
      tags.lastIndex = fimDaCelula.lastIndex;
    }
    const tipo = valorDoAtributo(ATRIBUTO_T.exec(atributos)) ?? 'n';
    const v = conteudo ? V.exec(conteudo) : null;
    const is = tipo === 'inlineStr' && conteudo ? IS.exec(conteudo) : null;
    celula({
      referencia: valorDoAtributo(ATRIBUTO_R.exec(atributos)),
      estilo: Number(valorDoAtributo(ATRIBUTO_S.exec(atributos)) ?? 0),
      tipo,
      valor: v ? textoDe(v[1]!) : undefined,
      inline: is ? textoDoItem(is[1]!) : undefined,
    });
  }
  return Array.from(elementos(depois, 'mergeCell'), (m) => valorDoAtributo(ATRIBUTO_REF.exec(m.atributos)) ?? '');
}
