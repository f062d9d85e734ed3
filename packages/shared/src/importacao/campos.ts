/**
 * The vocabulary of an import (issue 39, ADR 039): the fields a file's columns may fill, what a cell
 * holds once the browser has read the file, and the problems a row can have. The web maps each
 * problem's code to a sentence; the server never sees a row with problems.
 */

export const CAMPOS_CLIENTE = [
  'nome',
  'telefone',
  'email',
  'endereco',
  'cpf',
  'limiteCredito',
  'observacoes',
  'saldoInicial',
  'dataSaldo',
  'dataVencimento',
] as const;
export const CAMPOS_PRODUTO = ['nome', 'codigoBarras', 'unidade', 'precoVenda', 'precoCusto', 'estoqueAtual', 'estoqueMinimo', 'categoria'] as const;
export type CampoCliente = (typeof CAMPOS_CLIENTE)[number];
export type CampoProduto = (typeof CAMPOS_PRODUTO)[number];
export type CampoImportacao = CampoCliente | CampoProduto;

/** Required fields: clientes nome+telefone (the phone is how a customer is found again); produtos nome+precoVenda. */
export const CAMPOS_OBRIGATORIOS: { clientes: readonly CampoCliente[]; produtos: readonly CampoProduto[] } = {
  clientes: ['nome', 'telefone'],
  produtos: ['nome', 'precoVenda'],
};

/** A cell as the reader gives it: text, a number (XLSX numeric cell), a date as 'YYYY-MM-DD' text, or null (blank). */
export type Celula = string | number | null;

export type CodigoProblema =
  | 'obrigatorio'
  | 'telefoneInvalido'
  | 'dinheiroInvalido'
  | 'numeroInvalido'
  | 'dataInvalida'
  | 'dataFutura'
  | 'emailInvalido'
  | 'cpfInvalido'
  | 'unidadeInvalida'
  | 'foraDoLimite'
  | 'textoLongo'
  | 'caracteresInvalidos'
  | 'textoComHtml'
  | 'negativo'
  | 'duplicadoNoArquivo';

export interface ProblemaLinha {
  campo: CampoImportacao | null;
  codigo: CodigoProblema;
  /** duplicadoNoArquivo: the row number of the first occurrence */
  outraLinha?: number;
}

/** One data row of the file as read: its values when it has no problem, otherwise null and the problems. */
export interface LinhaLida<T> {
  linha: number;
  valores: T | null;
  problemas: ProblemaLinha[];
}

export interface OpcoesLeitura {
  /** The interface language: it decides how money, quantities and dates are written ("1.234,56" in pt-BR). */
  locale: string;
  /** today in the shop's time zone, 'YYYY-MM-DD' */
  hoje: string;
  /** row number of the first data row in the file (default 2: row 1 is the header) */
  primeiraLinha?: number;
}
