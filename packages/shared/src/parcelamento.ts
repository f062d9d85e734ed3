import { addDays, type IsoDate } from './dates';
import type { Cents } from './money';

/*
 * Parcelamento (issue 40, docs/decisions/046-parcelamento.md): a customer's pending debt split into
 * 2–24 instalments with their due dates. The instalments are the debt's schedule, not new debt: the
 * ledger still says what the customer owes, and payments settle the oldest instalment first (the
 * ledger's own rule, oldest debt first). The oldest open instalment's date is the customer's due
 * date, so every screen that reads the one meaning of "due" (divida.ts) follows the instalments.
 */

export const PARCELAS_MIN = 2;
export const PARCELAS_MAX = 24;
/** "A cada N dias": from a day to a year. */
export const INTERVALO_PARCELAS_MAX = 365;
/** The last instalment falls within three years of today. */
export const PRAZO_PARCELAMENTO_MAX_DIAS = 3 * 366;

export const MODOS_PARCELAMENTO = ['mensal', 'intervalo', 'manual'] as const;
export type ModoParcelamento = (typeof MODOS_PARCELAMENTO)[number];

export const ESTADOS_PARCELAMENTO = ['ativo', 'quitado', 'renegociado', 'desfeito'] as const;
export type EstadoParcelamento = (typeof ESTADOS_PARCELAMENTO)[number];

export interface Parcela {
  numero: number;
  vencimento: IsoDate;
  valor: Cents;
}

/** Equal parts of `total`, the remainder centavos on the last; their sum is always `total`. */
export function dividirValor(total: Cents, quantidade: number): Cents[] {
  const parte = Math.floor(total / quantidade);
  return Array.from({ length: quantidade }, (_, i) => (i === quantidade - 1 ? total - parte * (quantidade - 1) : parte));
}

const diasNoMes = (ano: number, mes: number) => new Date(Date.UTC(ano, mes, 0)).getUTCDate();

/**
 * `primeira`, then the same day of each month after it — day `dia`, by default `primeira`'s: day 31
 * falls on the 30th, 28th or 29th in shorter months and comes back to the 31st after them (a first
 * instalment on 28 February "every 31st" goes on to 31 March).
 */
export function datasMensais(primeira: IsoDate, quantidade: number, dia: number = Number(primeira.slice(8))): IsoDate[] {
  const [ano, mes] = primeira.split('-').map(Number) as [number, number];
  return Array.from({ length: quantidade }, (_, i) => {
    if (i === 0) return primeira;
    const m0 = mes - 1 + i;
    const a = ano + Math.floor(m0 / 12);
    const m = (m0 % 12) + 1;
    const d = Math.min(dia, diasNoMes(a, m));
    return `${a}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  });
}

/** Every `intervalo` days from `primeira`. */
export const datasACada = (primeira: IsoDate, quantidade: number, intervalo: number): IsoDate[] =>
  Array.from({ length: quantidade }, (_, i) => addDays(primeira, i * intervalo));

export interface PlanoParcelas {
  total: Cents;
  quantidade: number;
  primeira: IsoDate;
  modo: Exclude<ModoParcelamento, 'manual'>;
  /** Days between instalments, for `intervalo`. */
  intervalo?: number;
  /** The day of the month, for `mensal` (default: the first instalment's). */
  dia?: number;
}

/** The instalments the form proposes: equal amounts, dates by the chosen rhythm. */
export function gerarParcelas(plano: PlanoParcelas): Parcela[] {
  const datas = plano.modo === 'mensal' ? datasMensais(plano.primeira, plano.quantidade, plano.dia) : datasACada(plano.primeira, plano.quantidade, plano.intervalo ?? 30);
  const valores = dividirValor(plano.total, plano.quantidade);
  return datas.map((vencimento, i) => ({ numero: i + 1, vencimento, valor: valores[i]! }));
}

/** Why a list of instalments cannot be saved (the message keys of the form), in order of the list. */
export interface ProblemaParcela {
  /** The instalment's index, or null for the whole list. */
  indice: number | null;
  campo: 'vencimento' | 'valor' | 'parcelas';
  motivo: 'parcelasQuantidade' | 'parcelaAntesDeHoje' | 'parcelasForaDeOrdem' | 'parcelaLonge' | 'parcelaSemValor' | 'parcelasNaoSomam';
}

/**
 * The rules of a schedule for a debt of `total` on the shop's day `hoje`: 2–24 instalments, each of
 * at least one centavo, the first from today on, each after the one before, the last within three
 * years, and together exactly the debt.
 */
export function problemasDasParcelas(parcelas: ReadonlyArray<{ vencimento: IsoDate; valor: Cents }>, total: Cents, hoje: IsoDate): ProblemaParcela[] {
  const problemas: ProblemaParcela[] = [];
  if (parcelas.length < PARCELAS_MIN || parcelas.length > PARCELAS_MAX) problemas.push({ indice: null, campo: 'parcelas', motivo: 'parcelasQuantidade' });
  const limite = addDays(hoje, PRAZO_PARCELAMENTO_MAX_DIAS);
  parcelas.forEach((p, i) => {
    if (p.vencimento < hoje) problemas.push({ indice: i, campo: 'vencimento', motivo: 'parcelaAntesDeHoje' });
    else if (i > 0 && p.vencimento <= parcelas[i - 1]!.vencimento) problemas.push({ indice: i, campo: 'vencimento', motivo: 'parcelasForaDeOrdem' });
    else if (p.vencimento > limite) problemas.push({ indice: i, campo: 'vencimento', motivo: 'parcelaLonge' });
    if (p.valor < 1) problemas.push({ indice: i, campo: 'valor', motivo: 'parcelaSemValor' });
  });
  if (parcelas.reduce((s, p) => s + p.valor, 0) !== total) problemas.push({ indice: null, campo: 'parcelas', motivo: 'parcelasNaoSomam' });
  return problemas;
}

export type StatusParcela = 'paga' | 'parcial' | 'aberta';

export interface ParcelaComSituacao extends Parcela {
  pago: Cents;
  aberto: Cents;
  status: StatusParcela;
}

export interface SituacaoParcelamento {
  /** What is still open of the schedule. */
  aberto: Cents;
  parcelas: ParcelaComSituacao[];
  /** The oldest instalment still open: the customer's due date. */
  proxima: ParcelaComSituacao | null;
}

/**
 * Where a schedule of `parcelas` stands. `creditos`: the customer's payments and credits since it was
 * made, net of their reversals (the ledger's entries that are not sales nor a sale's cancellation);
 * `saldoPendente`: what the customer owes now. The credits pay the oldest instalment first; what is
 * open is never more than the customer owes (a cancelled purchase of the schedule lowers it too).
 */
export function situacaoDoParcelamento(parcelas: readonly Parcela[], creditos: Cents, saldoPendente: Cents): SituacaoParcelamento {
  const total = parcelas.reduce((s, p) => s + p.valor, 0);
  const pagos = Math.min(total, Math.max(0, creditos));
  const aberto = Math.max(0, Math.min(total - pagos, saldoPendente));
  let cobre = total - aberto;
  const comSituacao = parcelas.map((p): ParcelaComSituacao => {
    const pago = Math.min(p.valor, cobre);
    cobre -= pago;
    return { ...p, pago, aberto: p.valor - pago, status: pago === p.valor ? 'paga' : pago > 0 ? 'parcial' : 'aberta' };
  });
  return { aberto, parcelas: comSituacao, proxima: comSituacao.find((p) => p.aberto > 0) ?? null };
}

/**
 * What a customer with a schedule owes by the date of its oldest open instalment — the amount a
 * reminder asks for and a PIX code charges: everything they owe but the later instalments still
 * open (earlier ones late, the instalment itself, and purchases made after the schedule, which
 * fall due with it). Without an open instalment, all they owe.
 */
export function devidoNaParcela(situacao: SituacaoParcelamento, saldoPendente: Cents): Cents {
  const proxima = situacao.proxima;
  if (!proxima) return saldoPendente;
  const depois = situacao.parcelas.filter((p) => p.vencimento > proxima.vencimento).reduce((s, p) => s + p.aberto, 0);
  return Math.max(0, saldoPendente - depois);
}
