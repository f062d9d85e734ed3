import { FUSOS_HORARIOS, type FusoHorario } from '@caderneta/shared';

/**
 * A shop time zone where the local hour now is between `de` and 22: for tests that start the daily
 * jobs (the automatic backup from 01:00 of the shop's day, the notification clean-up from 03:00)
 * with the real clock, whatever hour they run at. There always is one when `de` ≤ 15: the zones
 * span eight hours.
 */
export function fusoAposAsHoras(de: number, agora = new Date()): FusoHorario {
  const hora = (timeZone: string) => Number(new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', hourCycle: 'h23' }).format(agora));
  const fuso = FUSOS_HORARIOS.find((f) => hora(f.id) >= de && hora(f.id) <= 22);
  if (!fuso) throw new Error(`no time zone is between ${de}:00 and 22:00 now`);
  return fuso.id;
}
