import { type Celula, MAX_COLUNAS_IMPORTACAO, MAX_LINHAS_IMPORTACAO } from '@caderneta/shared';
import { ErroPlanilha } from './erros';

/** A file read: its column titles, then every row under them, cell by cell. */
export interface Planilha {
  cabecalhos: string[];
  /** The rows under the titles, as many cells each as there are titles; blank rows inside stay (as nulls), so row numbers hold. */
  linhas: Celula[][];
  /** 'csv' | 'xlsx' */
  formato: 'csv' | 'xlsx';
  /**
   * The number the spreadsheet shows for `linhas[0]`: 2, unless blank rows come before the titles.
   * Pass it to lerClientes / lerProdutos as `primeiraLinha`.
   */
  primeiraLinha: number;
}

const emBranco = (celula: Celula | undefined) => celula === null || celula === undefined || celula === '';

/** One past the last non-blank cell: 0 for a blank row. */
function largura(linha: readonly Celula[] | undefined): number {
  if (!linha) return 0;
  for (let i = linha.length - 1; i >= 0; i--) if (!emBranco(linha[i])) return i + 1;
  return 0;
}

// What a value looks like, as opposed to a column's title: a phone, an amount, a date, an e-mail.
const TELEFONE = /^\+?[\d\s().-]{8,}$/;
const DINHEIRO = /^(?:R\$|US\$|\$|€)?\s*[-−]?\s*\d[\d.,\s]*(?:R\$|€)?$/;
const DATA = /^\d{1,4}[/.-]\d{1,2}[/.-]\d{1,4}/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

function pareceDado(celula: Celula): boolean {
  if (typeof celula === 'number') return true;
  // A long text is no single value (and the patterns below are only tried on short ones).
  if (celula === null || celula.length > 100) return false;
  return DINHEIRO.test(celula) || DATA.test(celula) || EMAIL.test(celula) || (TELEFONE.test(celula) && celula.replace(/\D/g, '').length >= 8);
}

/**
 * Whether a row reads as column titles: some text, and not mostly values. A file without titles
 * ("Ana;(11) 98765-4321;150,00") would otherwise lose its first customer to the header.
 */
export function pareceCabecalho(linha: readonly Celula[]): boolean {
  const preenchidas = linha.filter((c) => !emBranco(c));
  const dados = preenchidas.filter(pareceDado).length;
  return dados < preenchidas.length && dados * 2 <= preenchidas.length;
}

/**
 * The rows of a file (index 0 is its row 1; missing rows and cells are blank) as a Planilha: the
 * first non-blank row holds the titles, trailing blank rows and columns go, and the limits are
 * checked before anything is copied.
 */
export function montarPlanilha(linhasDoArquivo: ReadonlyArray<readonly Celula[] | undefined>, formato: Planilha['formato']): Planilha {
  let cabecalho = -1;
  let ultima = -1;
  let colunas = 0;
  for (let i = 0; i < linhasDoArquivo.length; i++) {
    const n = largura(linhasDoArquivo[i]);
    if (n === 0) continue;
    if (cabecalho === -1) cabecalho = i;
    ultima = i;
    colunas = Math.max(colunas, n);
  }
  if (cabecalho === -1) throw new ErroPlanilha('vazio');
  if (colunas > MAX_COLUNAS_IMPORTACAO) throw new ErroPlanilha('colunasDemais');
  const titulos = linhasDoArquivo[cabecalho]!;
  if (!pareceCabecalho(titulos)) throw new ErroPlanilha('semCabecalho');
  // Row numbers must stay within what the server takes (row ≤ MAX_LINHAS_IMPORTACAO + 1).
  if (ultima > MAX_LINHAS_IMPORTACAO) throw new ErroPlanilha('linhasDemais');
  const completa = (linha: readonly Celula[] | undefined): Celula[] => {
    const celulas = new Array<Celula>(colunas);
    for (let c = 0; c < colunas; c++) {
      const celula = linha?.[c];
      celulas[c] = emBranco(celula) ? null : celula!;
    }
    return celulas;
  };
  const linhas: Celula[][] = [];
  for (let i = cabecalho + 1; i <= ultima; i++) linhas.push(completa(linhasDoArquivo[i]));
  return {
    cabecalhos: completa(titulos).map((c) => (c === null ? '' : String(c))),
    linhas,
    formato,
    primeiraLinha: cabecalho + 2,
  };
}
