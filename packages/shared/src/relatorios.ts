import { addDays, daysBetween, type IsoDate } from './dates';
import type { Cents } from './money';

/** Days overdue and the due date by the shop's rule (divida.ts decides who is late). */
export { diasEmAtraso, vencimentoPelaRegra } from './devedores';

/**
 * Reports (spec §2 "Reports", §9 "Reports: periods 7, 30, 90, 365 days (default 30) or any of the
 * last 24 months"). Pure rules shared by the API (which computes every figure in SQL with them)
 * and the web (which offers the periods and shows the changes).
 */

/** The report's tabs (one API route each). */
export const RELATORIO_ABAS = ['resumo', 'vendas', 'clientes', 'produtos', 'financeiro'] as const;
export type RelatorioAba = (typeof RELATORIO_ABAS)[number];

export const PERIODOS_DIAS = [7, 30, 90, 365] as const;
export type PeriodoDias = (typeof PERIODOS_DIAS)[number];
export const PERIODO_PADRAO: PeriodoDias = 30;
/** How many calendar months, this one included, the month picker offers. */
export const MESES_RELATORIO = 24;

/** "YYYY-MM" */
export type IsoMonth = string;

export interface Intervalo {
  de: IsoDate;
  ate: IsoDate;
}

export interface PeriodoResolvido extends Intervalo {
  /** The chosen month, or null for "the last N days". */
  mes: IsoMonth | null;
  /** Calendar days in the period. */
  dias: number;
  /** The period compared with (see resolverPeriodo). */
  anterior: Intervalo;
}

const monthIndex = (mes: IsoMonth) => {
  const [y, m] = mes.split('-').map(Number) as [number, number];
  return y * 12 + (m - 1);
};
const monthOf = (index: number): IsoMonth => `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`;
const lastDayOf = (mes: IsoMonth): IsoDate => addDays(`${monthOf(monthIndex(mes) + 1)}-01`, -1);

/** The months the picker offers, newest (the current one) first. */
export function mesesDisponiveis(hoje: IsoDate): IsoMonth[] {
  const atual = monthIndex(hoje.slice(0, 7));
  return Array.from({ length: MESES_RELATORIO }, (_, i) => monthOf(atual - i));
}

/** Whether `mes` is one of the last 24 months (the current one included). */
export function mesDisponivel(mes: IsoMonth, hoje: IsoDate): boolean {
  const diff = monthIndex(hoje.slice(0, 7)) - monthIndex(mes);
  return diff >= 0 && diff < MESES_RELATORIO;
}

/**
 * The report's period and the one it is compared with, in local calendar dates of the shop.
 *  - N days: the last N days with today, [hoje − N + 1, hoje]; compared with the N days before.
 *  - A past month: its first to its last day; compared with the whole month before it.
 *  - The current month: its first day to today; compared with the same days of the month before
 *    (1 to the same day, cut at that month's end), so a month in progress is not set against a
 *    whole one.
 * The caller checks `mesDisponivel` first.
 */
export function resolverPeriodo(escolha: { periodo?: PeriodoDias; mes?: IsoMonth }, hoje: IsoDate): PeriodoResolvido {
  if (escolha.mes) {
    const mes = escolha.mes;
    const anteriorMes = monthOf(monthIndex(mes) - 1);
    const de = `${mes}-01`;
    const corrente = mes === hoje.slice(0, 7);
    const ate = corrente ? hoje : lastDayOf(mes);
    const fimAnterior = lastDayOf(anteriorMes);
    const anterior = corrente
      ? { de: `${anteriorMes}-01`, ate: `${anteriorMes}-${hoje.slice(8, 10)}` < fimAnterior ? `${anteriorMes}-${hoje.slice(8, 10)}` : fimAnterior }
      : { de: `${anteriorMes}-01`, ate: fimAnterior };
    return { de, ate, mes, dias: daysBetween(de, ate) + 1, anterior };
  }
  const dias = escolha.periodo ?? PERIODO_PADRAO;
  const de = addDays(hoje, -(dias - 1));
  return { de, ate: hoje, mes: null, dias, anterior: { de: addDays(de, -dias), ate: addDays(de, -1) } };
}

/**
 * The whole calendar months inside [de, ate], as [m1, m2) of their first days; m1 = m2 = de when
 * there is none (the report rollups by month read those, and the days around them finer).
 */
export function mesesInteiros(de: IsoDate, ate: IsoDate): { m1: IsoDate; m2: IsoDate } {
  const m1 = de.endsWith('-01') ? de : `${monthOf(monthIndex(de.slice(0, 7)) + 1)}-01`;
  const m2 = `${addDays(ate, 1).slice(0, 7)}-01`;
  return m1 < m2 ? { m1, m2 } : { m1: de, m2: de };
}

/** Every local date of the period, oldest first. */
export function diasDoPeriodo({ de, ate }: Intervalo): IsoDate[] {
  const n = daysBetween(de, ate) + 1;
  return Array.from({ length: Math.max(0, n) }, (_, i) => addDays(de, i));
}


/** Overdue ageing of the Financeiro tab, by a customer's days overdue (divida.ts): not yet due, 1–7, 8–15, 16–30 and more than 30 days. */
export const FAIXAS_ATRASO = ['a_vencer', '1_7', '8_15', '16_30', 'mais_30'] as const;
export type FaixaAtraso = (typeof FAIXAS_ATRASO)[number];

export function faixaDeAtraso(dias: number): FaixaAtraso {
  if (dias <= 0) return 'a_vencer';
  if (dias <= 7) return '1_7';
  if (dias <= 15) return '8_15';
  if (dias <= 30) return '16_30';
  return 'mais_30';
}

/** Profit margin in percent with one decimal; null without revenue (no margin to speak of). */
export function margem(receita: Cents, custo: Cents): number | null {
  if (receita <= 0) return null;
  return Math.round(((receita - custo) / receita) * 1000) / 10;
}

/** A part of a whole in percent with one decimal; null when the whole is zero. */
export function percentual(parte: number, todo: number): number | null {
  if (todo <= 0) return null;
  return Math.round((parte / todo) * 1000) / 10;
}

/** Average ticket in whole centavos (half up); 0 without sales. */
export const ticketMedio = (valor: Cents, quantidade: number): Cents => (quantidade > 0 ? Math.round(valor / quantidade) : 0);

/**
 * The change of a figure against the previous period, for the "▲ 12,5%" badges: a relative change
 * for amounts and counts, percentage points for figures that are percentages already. `null` when
 * there is nothing to compare with (no previous figure, or no current one for points).
 */
export type Variacao = { tipo: 'percentual' | 'pontos'; valor: number } | { tipo: 'novo' } | { tipo: 'igual' } | null;

export function variacao(atual: number | null, anterior: number | null, emPontos = false): Variacao {
  if (atual === null || anterior === null) return null;
  if (atual === anterior) return { tipo: 'igual' };
  if (emPontos) return { tipo: 'pontos', valor: Math.round((atual - anterior) * 10) / 10 };
  if (anterior === 0) return { tipo: 'novo' };
  return { tipo: 'percentual', valor: Math.round(((atual - anterior) / Math.abs(anterior)) * 1000) / 10 };
}
