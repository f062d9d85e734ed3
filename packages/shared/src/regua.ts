import { addDays, daysBetween, dateTimeFormat, type IsoDate } from './dates';
import { faixaLembrete, type FaixaLembrete } from './devedores';

/*
 * The régua that runs by itself (issue 38, item 3; docs/decisions/045): which reminder a debtor is
 * due on a day, and when a shop may send it. Pure functions of dates and instants — the job passes
 * the shop's "today" and the clock's instant, so tests can pass any.
 */

/**
 * The steps of the régua for one due date: N days before it (the shop's "dias de antecedência"),
 * on the day, and each overdue tier (1–7 days gentil, 8–30 firme, over 30 formal). Each is sent
 * once per customer and due date.
 */
export const ETAPAS_REGUA = ['antes', 'no_dia', 'gentil', 'firme', 'formal'] as const;
export type EtapaRegua = (typeof ETAPAS_REGUA)[number];

/**
 * The step a debtor due on `vencimento` has reached on `hoje`, or null (too early). Only the latest
 * step reached is sent: a step missed (a Sunday, a holiday, the daily cap) is overtaken by the next,
 * so a customer never gets two reminders about one due date on one day, nor an old tone after a new one.
 */
export function etapaDaRegua(vencimento: IsoDate, hoje: IsoDate, diasAntecedencia: number): EtapaRegua | null {
  const faltam = daysBetween(hoje, vencimento);
  if (faltam > diasAntecedencia) return null;
  if (faltam > 0) return 'antes';
  if (faltam === 0) return 'no_dia';
  return faixaLembrete(-faltam) as Exclude<FaixaLembrete, 'a_vencer'>;
}

/** The tier the reminder is recorded under (lembretes.faixa): before and on the day are "a vencer". */
export const faixaDaEtapa = (etapa: EtapaRegua): FaixaLembrete => (etapa === 'antes' || etapa === 'no_dia' ? 'a_vencer' : etapa);

/** The key of one step for one customer and due date in the outbox: it is sent once. */
export const chaveDoLembrete = (clienteId: string, vencimento: IsoDate, etapa: EtapaRegua) => `lembrete:${clienteId}:${vencimento}:${etapa}`;

/** When a shop may send: on these weekdays (0 = Sunday … 6 = Saturday), from `inicio` to `fim` o'clock, never on national holidays. */
export interface JanelaEnvio {
  dias: number[];
  /** First hour (0–23). */
  inicio: number;
  /** The hour it closes (1–24), after `inicio`. */
  fim: number;
}

/** Monday to Saturday, 08:00–20:00. */
export const JANELA_PADRAO: JanelaEnvio = { dias: [1, 2, 3, 4, 5, 6], inicio: 8, fim: 20 };
export const DIAS_DA_SEMANA = [0, 1, 2, 3, 4, 5, 6] as const;

/**
 * How many reminders a shop sends in a day at most. 250 is what WhatsApp lets a new business number
 * start conversations with in 24 hours; a shop with a higher tier raises it.
 */
export const LIMITE_DIARIO_PADRAO = 250;
export const LIMITE_DIARIO_MAX = 10_000;

const partes = (data: IsoDate) => data.split('-').map(Number) as [number, number, number];
const iso = (y: number, m: number, d: number) => `${String(y).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;

/** Easter Sunday of a Gregorian year (the anonymous algorithm, as Meeus gives it). */
export function pascoa(ano: number): IsoDate {
  const a = ano % 19;
  const b = Math.floor(ano / 100);
  const c = ano % 100;
  const d = Math.floor(b / 4);
  const e = b % 4;
  const f = Math.floor((b + 8) / 25);
  const g = Math.floor((b - f + 1) / 3);
  const h = (19 * a + b - d - g + 15) % 30;
  const i = Math.floor(c / 4);
  const k = c % 4;
  const l = (32 + 2 * e + 2 * i - h - k) % 7;
  const m = Math.floor((a + 11 * h + 22 * l) / 451);
  const n = h + l - 7 * m + 114;
  return iso(ano, Math.floor(n / 31), (n % 31) + 1);
}

/**
 * Brazil's national holidays of a year (Lei 662/1949, Lei 6.802/1980, Lei 14.759/2023) and Good
 * Friday (Sexta-feira da Paixão, two days before Easter). Carnaval and Corpus Christi are optional
 * days off (ponto facultativo), not holidays: shops open, and so does the régua.
 */
export function feriadosNacionais(ano: number): IsoDate[] {
  const fixos = ['01-01', '04-21', '05-01', '09-07', '10-12', '11-02', '11-15', '12-25'];
  if (ano >= 2024) fixos.push('11-20');
  return [...fixos.map((md) => `${String(ano).padStart(4, '0')}-${md}`), addDays(pascoa(ano), -2)].sort();
}

export const ehFeriadoNacional = (data: IsoDate): boolean => feriadosNacionais(partes(data)[0]).includes(data);

/** 0 = Sunday … 6 = Saturday. */
export function diaDaSemana(data: IsoDate): number {
  const [y, m, d] = partes(data);
  return new Date(Date.UTC(y, m - 1, d)).getUTCDay();
}

/** A day the shop sends on: one of its weekdays and not a national holiday. */
export const ehDiaDeEnvio = (janela: JanelaEnvio, data: IsoDate): boolean => janela.dias.includes(diaDaSemana(data)) && !ehFeriadoNacional(data);

/** The shop's calendar day and minute of the day at `instante` in `fuso`. */
export function horaNoFuso(instante: Date, fuso: string): { data: IsoDate; minutos: number } {
  const p = dateTimeFormat('en-CA', { timeZone: fuso, year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).formatToParts(instante);
  const get = (type: string) => Number(p.find((x) => x.type === type)?.value ?? 0);
  return { data: iso(get('year'), get('month'), get('day')), minutos: get('hour') * 60 + get('minute') };
}

/** How far `fuso` is ahead of UTC at `instante`, in minutes. */
function deslocamento(instante: Date, fuso: string): number {
  const { data, minutos } = horaNoFuso(instante, fuso);
  const [y, m, d] = partes(data);
  return Math.round((Date.UTC(y, m - 1, d, 0, minutos) - Math.floor(instante.getTime() / 60_000) * 60_000) / 60_000);
}

/** The instant it is `minutos` past midnight of `data` in `fuso` (a time a clock change skips: the hour after). */
export function instanteLocal(data: IsoDate, minutos: number, fuso: string): Date {
  const [y, m, d] = partes(data);
  const comoUtc = Date.UTC(y, m - 1, d, 0, minutos);
  const primeiro = deslocamento(new Date(comoUtc), fuso);
  let instante = comoUtc - primeiro * 60_000;
  const segundo = deslocamento(new Date(instante), fuso);
  if (segundo !== primeiro) instante = comoUtc - segundo * 60_000;
  return new Date(instante);
}

/** Whether the shop may send at `agora`: a sending day, from `inicio`:00 until before `fim`:00 of its clock. */
export function dentroDaJanela(janela: JanelaEnvio, agora: Date, fuso: string): boolean {
  const { data, minutos } = horaNoFuso(agora, fuso);
  return ehDiaDeEnvio(janela, data) && minutos >= janela.inicio * 60 && minutos < janela.fim * 60;
}

/** When the shop may send next: `agora` inside the window, else the next opening (null: a window with no day). */
export function proximaAbertura(janela: JanelaEnvio, agora: Date, fuso: string): Date | null {
  if (dentroDaJanela(janela, agora, fuso)) return agora;
  const { data, minutos } = horaNoFuso(agora, fuso);
  // Every weekday comes back within a week; holidays never fill more than a few days in a row.
  for (let n = minutos < janela.inicio * 60 ? 0 : 1; n <= 14; n++) {
    const dia = addDays(data, n);
    if (ehDiaDeEnvio(janela, dia)) return instanteLocal(dia, janela.inicio * 60, fuso);
  }
  return null;
}
