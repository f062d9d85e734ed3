import {
  addDays,
  CAMPOS_CLIENTE,
  CAMPOS_PRODUTO,
  type CampoCliente,
  type CampoImportacao,
  type CampoProduto,
  type Celula,
  centsToInput,
  MAX_BYTES_IMPORTACAO,
  MAX_COLUNAS_IMPORTACAO,
  MAX_LINHAS_IMPORTACAO,
  numberFormat,
  numberMarksOf,
  type ProblemaLinha,
  type TipoImportacao,
} from '@caderneta/shared';
import type { TFunction } from 'i18next';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { dateOrder, formatDateInput } from '@/lib/date-input';
import { ErroPlanilha } from './lib';

type T = TFunction<'importacao'>;

/** A field's name as the person reads it; the same words are the template's column titles. */
export function rotuloCampo(t: T, tipo: TipoImportacao, campo: CampoImportacao): string {
  return (t as unknown as (key: string) => string)(`campos.${tipo}.${campo}`);
}

/** "10 MB" in `locale`. */
function megabytes(bytes: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'megabyte', maximumFractionDigits: 0 }).format(bytes / 1024 / 1024);
}

/** Why a file could not be read, in words (an ErroPlanilha's code; anything else: a generic line). */
export function mensagemErroPlanilha(t: T, error: unknown, locale: string): string {
  if (!(error instanceof ErroPlanilha)) return t('arquivo.erros.desconhecido');
  switch (error.codigo) {
    case 'grandeDemais':
      return t('arquivo.erros.grandeDemais', { tamanho: megabytes(MAX_BYTES_IMPORTACAO, locale) });
    case 'colunasDemais':
      return t('arquivo.erros.colunasDemais', { max: numberFormat(locale).format(MAX_COLUNAS_IMPORTACAO) });
    case 'linhasDemais':
      return t('arquivo.erros.linhasDemais', { max: numberFormat(locale).format(MAX_LINHAS_IMPORTACAO) });
    default:
      return t(`arquivo.erros.${error.codigo}`);
  }
}

/** The formats' limits for the first step's hint. */
export const tamanhoMaximo = (locale: string) => megabytes(MAX_BYTES_IMPORTACAO, locale);

/**
 * Each problem of a row in words, with the field it is about: "Telefone: número inválido",
 * "Duplicado da linha 3 (Telefone)". Examples of what is expected follow the interface language.
 */
export function useProblemas(tipo: TipoImportacao) {
  const { t, i18n } = useTranslation('importacao');
  const locale = i18n.resolvedLanguage ?? 'pt-BR';
  return useMemo(() => {
    const exemplos = {
      dinheiro: numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(1234.56),
      data: formatDateInput('2026-03-15', dateOrder(locale)),
    };
    const rotulo = (campo: CampoImportacao | null) => (campo ? rotuloCampo(t, tipo, campo) : null);
    function semCampo(p: ProblemaLinha): string {
      switch (p.codigo) {
        case 'dinheiroInvalido':
          return t('problemas.dinheiroInvalido', { exemplo: exemplos.dinheiro });
        case 'dataInvalida':
          return t('problemas.dataInvalida', { exemplo: exemplos.data });
        default:
          return t(`problemas.${p.codigo}`, { linha: p.outraLinha ?? '' });
      }
    }
    /** One problem: "Telefone: número inválido". */
    function problema(p: ProblemaLinha): string {
      const campo = rotulo(p.campo);
      if (p.codigo === 'duplicadoNoArquivo') {
        return campo ? t('problemas.duplicadoNoArquivoCampo', { linha: p.outraLinha ?? '', campo }) : t('problemas.duplicadoNoArquivo', { linha: p.outraLinha ?? '' });
      }
      const texto = semCampo(p);
      return campo ? t('problemas.comCampo', { campo, problema: texto }) : texto.charAt(0).toLocaleUpperCase(locale) + texto.slice(1);
    }
    return { problema, rotulo };
  }, [t, tipo, locale]);
}

/** The template's column titles, in the interface language: the mapper knows them in every language. */
export function cabecalhosDoModelo(t: T, tipo: TipoImportacao): string[] {
  const campos: readonly CampoImportacao[] = tipo === 'clientes' ? CAMPOS_CLIENTE : CAMPOS_PRODUTO;
  return campos.map((campo) => rotuloCampo(t, tipo, campo));
}

/**
 * The template's example row, written as the language writes money and dates ("150,00" and
 * "15/03/2026" in pt-BR; "150.00" and "03/15/2026" in en-US), so the file reads back as it is.
 * The balance's date is a month before `hoje` (never in the future), its due date two weeks after.
 */
export function linhaDeExemplo(t: T, tipo: TipoImportacao, locale: string, hoje: string): Celula[] {
  const { decimal } = numberMarksOf(locale);
  const dinheiro = (centavos: number) => centsToInput(centavos, decimal);
  const data = (iso: string) => formatDateInput(iso, dateOrder(locale));
  if (tipo === 'clientes') {
    const cliente: Record<CampoCliente, Celula> = {
      nome: t('exemplo.clientes.nome'),
      telefone: '(11) 98765-4321',
      email: t('exemplo.clientes.email'),
      endereco: t('exemplo.clientes.endereco'),
      cpf: '529.982.247-25',
      limiteCredito: dinheiro(50_000),
      observacoes: t('exemplo.clientes.observacoes'),
      saldoInicial: dinheiro(15_000),
      dataSaldo: data(addDays(hoje, -30)),
      dataVencimento: data(addDays(hoje, 15)),
    };
    return CAMPOS_CLIENTE.map((campo) => cliente[campo]);
  }
  const produto: Record<CampoProduto, Celula> = {
    nome: t('exemplo.produtos.nome'),
    codigoBarras: '7891234567895',
    unidade: 'un',
    precoVenda: dinheiro(2_590),
    precoCusto: dinheiro(1_950),
    estoqueAtual: 12,
    estoqueMinimo: 3,
    categoria: t('exemplo.produtos.categoria'),
  };
  return CAMPOS_PRODUTO.map((campo) => produto[campo]);
}
