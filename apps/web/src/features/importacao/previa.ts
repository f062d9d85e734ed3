import {
  type CampoImportacao,
  type Celula,
  formatPhone,
  type ClienteImportado,
  type ExistentesImportacao,
  lerClientes,
  lerProdutos,
  type ProblemaLinha,
  type ProdutoImportado,
  type TipoImportacao,
} from '@caderneta/shared';
import type { Planilha } from './lib';

/** One row of the preview, the same for customers and products. */
export interface LinhaPrevia {
  /** Its number in the file. */
  linha: number;
  /** The name as read, or as written in the file when the row has problems. */
  nome: string;
  /** What matches it to a record the shop has (phone digits, barcode); null with problems or without a barcode. */
  chave: string | null;
  /** The phone (formatted) or the barcode, as read; as written in the file when the row has problems. */
  chaveTexto: string;
  /** The opening balance (customers) or the price (products) in centavos; null when the row has problems. */
  valor: number | null;
  /** That value as written in the file. */
  valorTexto: string;
  problemas: ProblemaLinha[];
  /** The row as the file has it (for "Baixar linhas com problemas"). */
  celulas: Celula[];
}

export type Previa =
  | { tipo: 'clientes'; linhas: LinhaPrevia[]; validas: ClienteImportado[]; porLinha: Map<number, ClienteImportado> }
  | { tipo: 'produtos'; linhas: LinhaPrevia[]; validas: ProdutoImportado[]; porLinha: Map<number, ProdutoImportado> };

const textoDe = (celula: Celula | undefined): string => (celula === null || celula === undefined ? '' : String(celula).trim());

/**
 * Reads every row with the chosen columns (the shared rules the server checks again) and keeps,
 * for each, what the preview shows: the name, the key that finds it among the shop's records, its
 * problems, and the row as the file has it.
 */
export function montarPrevia(
  tipo: TipoImportacao,
  planilha: Planilha,
  mapa: Array<CampoImportacao | null>,
  opcoes: { locale: string; hoje: string },
): Previa {
  // Row numbers are the spreadsheet's: blank rows above the titles move them down.
  const { primeiraLinha } = planilha;
  const ler = { ...opcoes, primeiraLinha };
  /** What the file has in the column chosen for `campo`, on one row. */
  const bruto = (celulas: Celula[], campo: CampoImportacao) => {
    const coluna = mapa.indexOf(campo);
    return coluna >= 0 ? textoDe(celulas[coluna]) : '';
  };
  const base = <V extends { nome: string }>(
    lidas: Array<{ linha: number; valores: V | null; problemas: ProblemaLinha[] }>,
    campos: { chave: CampoImportacao; valor: CampoImportacao },
    lido: (v: V) => { chave: string | null; chaveTexto: string; valor: number },
  ) =>
    lidas.map((lida): LinhaPrevia => {
      const celulas = planilha.linhas[lida.linha - primeiraLinha] ?? [];
      const valores = lida.valores ? lido(lida.valores) : null;
      return {
        linha: lida.linha,
        nome: lida.valores?.nome ?? bruto(celulas, 'nome'),
        chave: valores?.chave ?? null,
        chaveTexto: valores?.chaveTexto ?? bruto(celulas, campos.chave),
        valor: valores?.valor ?? null,
        valorTexto: bruto(celulas, campos.valor),
        problemas: lida.problemas,
        celulas,
      };
    });
  if (tipo === 'clientes') {
    const lidas = lerClientes(planilha.linhas, mapa, ler);
    const validas = lidas.flatMap((l) => (l.valores ? [l.valores] : []));
    const linhas = base(lidas, { chave: 'telefone', valor: 'saldoInicial' }, (v) => ({ chave: v.telefone, chaveTexto: formatPhone(v.telefone), valor: v.saldoInicial }));
    return { tipo, linhas, validas, porLinha: new Map(validas.map((v) => [v.linha, v])) };
  }
  const lidas = lerProdutos(planilha.linhas, mapa, ler);
  const validas = lidas.flatMap((l) => (l.valores ? [l.valores] : []));
  const linhas = base(lidas, { chave: 'codigoBarras', valor: 'precoVenda' }, (v) => ({ chave: v.codigoBarras, chaveTexto: v.codigoBarras ?? '', valor: v.precoVenda }));
  return { tipo, linhas, validas, porLinha: new Map(validas.map((v) => [v.linha, v])) };
}

/** The keys to ask the server about: the rows without problems that have one, each once. */
export function chavesDaPrevia(previa: Previa): string[] {
  return [...new Set(previa.linhas.flatMap((l) => (l.chave ? [l.chave] : [])))];
}

export interface Contagens {
  /** Rows without problems whose key the shop does not have: new records. */
  novas: number;
  comProblemas: number;
  /** Rows without problems matching a record the shop has. */
  existentes: number;
  /** What "Importar N" writes: the new ones, and the existing ones when they are updated. */
  aImportar: number;
  /** Opening balances that will be written (customers), how many and their sum in centavos. */
  saldos: number;
  totalSaldos: number;
}

export function contar(previa: Previa, existentes: ReadonlyMap<string, unknown>, modo: ExistentesImportacao): Contagens {
  let novas = 0;
  let comProblemas = 0;
  let jaExistem = 0;
  let saldos = 0;
  let totalSaldos = 0;
  for (const linha of previa.linhas) {
    if (linha.problemas.length > 0) {
      comProblemas += 1;
      continue;
    }
    const existe = linha.chave !== null && existentes.has(linha.chave);
    if (existe) jaExistem += 1;
    else novas += 1;
    if (previa.tipo === 'clientes' && (!existe || modo === 'atualizar')) {
      const saldo = previa.porLinha.get(linha.linha)?.saldoInicial ?? 0;
      if (saldo > 0) {
        saldos += 1;
        totalSaldos += saldo;
      }
    }
  }
  return { novas, comProblemas, existentes: jaExistem, aImportar: novas + (modo === 'atualizar' ? jaExistem : 0), saldos, totalSaldos };
}
