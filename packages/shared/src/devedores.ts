import { addDays, daysBetween, type IsoDate } from './dates';

/*
 * Debtors and collection (spec §4 "Debt delay level", "Debtor due date"; §9). Pure functions of
 * dates: the server decides "today" in the shop's time zone and passes it in, so tests can pass any
 * date. The database computes the same rules in SQL for whole lists (apps/api devedores.sql.ts); a
 * test checks both agree.
 */

/** How a debtor's due date follows from their oldest open debt (the seller's rule). */
export const TIPOS_REGRA_VENCIMENTO = ['proximo_mes', 'dias_fixos', 'data_fixa'] as const;
export type TipoRegraVencimento = (typeof TIPOS_REGRA_VENCIMENTO)[number];

export interface RegraVencimento {
  tipo: TipoRegraVencimento;
  /** proximo_mes: day of the month after the sale, 1–28. */
  diaVencimento: number;
  /** dias_fixos: the sale's date plus this many days, 1–365. */
  diasPrazo: number;
  /** data_fixa: one date for every debt; empty → day 1 of the month after the sale. */
  dataFixa: IsoDate | null;
}

export const DIA_VENCIMENTO_MIN = 1;
export const DIA_VENCIMENTO_MAX = 28;
export const DIAS_PRAZO_MIN = 1;
export const DIAS_PRAZO_MAX = 365;

/** Spec §9: next month, day 1; a term of 30 days. */
export const REGRA_VENCIMENTO_PADRAO: RegraVencimento = { tipo: 'proximo_mes', diaVencimento: 1, diasPrazo: 30, dataFixa: null };

const parts = (date: IsoDate) => date.split('-').map(Number) as [number, number, number];
const iso = (y: number, m: number, d: number) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/** Days in a month (1–12): 28/29 for February by the leap-year rule, 30 or 31 otherwise. */
export function diasNoMes(ano: number, mes: number): number {
  return new Date(Date.UTC(ano, mes, 0)).getUTCDate();
}

/** Day `dia` of the month after `data`'s month, capped at that month's last day (31 Jan, dia 31 → 28/29 Feb). */
export function diaDoMesSeguinte(data: IsoDate, dia: number): IsoDate {
  const [y, m] = parts(data);
  const ano = m === 12 ? y + 1 : y;
  const mes = m === 12 ? 1 : m + 1;
  return iso(ano, mes, Math.min(Math.max(1, dia), diasNoMes(ano, mes)));
}

/** The due date the seller's rule gives a debt that started on `dataVenda` (the shop's calendar day of a sale or a debit). */
export function vencimentoPelaRegra(regra: RegraVencimento, dataVenda: IsoDate): IsoDate {
  switch (regra.tipo) {
    case 'proximo_mes':
      return diaDoMesSeguinte(dataVenda, regra.diaVencimento);
    case 'dias_fixos':
      return addDays(dataVenda, regra.diasPrazo);
    case 'data_fixa':
      return regra.dataFixa ?? diaDoMesSeguinte(dataVenda, 1);
  }
}

/**
 * A debtor's due date: the date agreed with the customer when the seller set one; else the seller's
 * rule applied to the day of the oldest open debt (a fiado sale or a debit posted by hand, such as
 * an opening balance: divida.ts); else — a debt with no start on record — today.
 */
export function vencimentoDevedor(input: {
  dataVencimento: IsoDate | null;
  pendenteDesde: IsoDate | null;
  regra: RegraVencimento;
  hoje: IsoDate;
}): IsoDate {
  if (input.dataVencimento) return input.dataVencimento;
  if (input.pendenteDesde) return vencimentoPelaRegra(input.regra, input.pendenteDesde);
  return input.hoje;
}

/**
 * An agreed due date before the oldest purchase still owed would make the debt late before it
 * existed (a good customer shown "38 dias de atraso — CRÍTICO" and sent the formal message).
 */
export const vencimentoAntesDaCompra = (vencimento: IsoDate, compraMaisAntiga: IsoDate | null): boolean =>
  compraMaisAntiga !== null && vencimento < compraMaisAntiga;

/** Overdue ⇔ the due date is before today (due today is not overdue yet). */
export const estaVencido = (vencimento: IsoDate, hoje: IsoDate): boolean => vencimento < hoje;

/** Whole days since the due date, never negative. */
export const diasEmAtraso = (vencimento: IsoDate, hoje: IsoDate): number => Math.max(0, daysBetween(vencimento, hoje));

export const NIVEIS_ATRASO = ['baixo', 'medio', 'alto', 'critico'] as const;
export type NivelAtraso = (typeof NIVEIS_ATRASO)[number];

/** Spec §4: ≥ 30 days crítico, ≥ 15 alto, ≥ 7 médio, else baixo. */
export const LIMIARES_NIVEL = { medio: 7, alto: 15, critico: 30 } as const;

export function nivelAtraso(dias: number): NivelAtraso {
  if (dias >= LIMIARES_NIVEL.critico) return 'critico';
  if (dias >= LIMIARES_NIVEL.alto) return 'alto';
  if (dias >= LIMIARES_NIVEL.medio) return 'medio';
  return 'baixo';
}

/**
 * The tone of a collection message. Overdue debts by days (spec §9): 1–7 gentil, 8–30 firme,
 * over 30 formal. A debt not yet overdue gets the friendly "a_vencer" reminder (the default message).
 */
export const FAIXAS_LEMBRETE = ['a_vencer', 'gentil', 'firme', 'formal'] as const;
export type FaixaLembrete = (typeof FAIXAS_LEMBRETE)[number];

export function faixaLembrete(dias: number): FaixaLembrete {
  if (dias > 30) return 'formal';
  if (dias >= 8) return 'firme';
  if (dias >= 1) return 'gentil';
  return 'a_vencer';
}

/** Friendly reminder before the due date: off by default, N days before (default 3). */
export const DIAS_ANTECEDENCIA_PADRAO = 3;
export const DIAS_ANTECEDENCIA_MAX = 30;

/** Due from today up to `diasAntecedencia` days ahead: time for the "A vencer" reminder. */
export function venceEmBreve(vencimento: IsoDate, hoje: IsoDate, diasAntecedencia: number): boolean {
  const faltam = daysBetween(hoje, vencimento);
  return faltam >= 0 && faltam <= diasAntecedencia;
}

/** A promise to pay is broken when its date has passed and the customer still owes. */
export const promessaQuebrada = (promessa: IsoDate | null, hoje: IsoDate, saldoPendente: number): boolean =>
  promessa !== null && promessa < hoje && saldoPendente > 0;

/** How far ahead a payment may be promised. */
export const PROMESSA_MAX_DIAS = 365;

export const ORDENS_DEVEDORES = ['maior_divida', 'menor_divida', 'mais_antigo', 'mais_recente'] as const;
export type OrdemDevedores = (typeof ORDENS_DEVEDORES)[number];

/** Which debtors a list shows: all, the overdue ones, or those due within the reminder window. */
export const SITUACOES_DEVEDOR = ['todos', 'vencidos', 'a_vencer'] as const;
export type SituacaoDevedor = (typeof SITUACOES_DEVEDOR)[number];

/** `{origin}/cliente/{login}` (spec §9): the customer's own page. */
export const linkCliente = (origin: string, login: string) => `${origin.replace(/\/+$/, '')}/cliente/${encodeURIComponent(login)}`;

