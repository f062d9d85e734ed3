/** The shop's time zone decides what "today" is; pure functions take `today` as an argument. */
export const DEFAULT_TIME_ZONE = 'America/Sao_Paulo';

/** An ISO calendar date, "YYYY-MM-DD". */
export type IsoDate = string;

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * An Intl.DateTimeFormat for `locale` and `options`, made once and kept: making one costs about a
 * hundred times what formatting with it does (a phone redrawing a list of sales made one per row).
 */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateTimeFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, options);
    dateTimeFormats.set(key, format);
  }
  return format;
}

/** The calendar date of `instant` in `timeZone`, as "YYYY-MM-DD". */
export function dateInTimeZone(instant: Date, timeZone: string = DEFAULT_TIME_ZONE): IsoDate {
  const parts = dateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(instant);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** Today in the shop's time zone. The only place that reads the clock for calendar purposes. */
export function today(timeZone: string = DEFAULT_TIME_ZONE, now: Date = new Date()): IsoDate {
  return dateInTimeZone(now, timeZone);
}

export function isValidTimeZone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return true;
  } catch {
    return false;
  }
}

function toUtcDate(date: IsoDate): Date {
  const [y, m, d] = date.split('-').map(Number);
  return new Date(Date.UTC(y!, m! - 1, d!));
}

export function addDays(date: IsoDate, days: number): IsoDate {
  const d = toUtcDate(date);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: IsoDate, to: IsoDate): number {
  return Math.round((toUtcDate(to).getTime() - toUtcDate(from).getTime()) / 86_400_000);
}

/** Formats "YYYY-MM-DD" or an ISO instant for display; calendar dates are not shifted by zones. */
export function formatDate(value: IsoDate | string, locale = 'pt-BR', timeZone = DEFAULT_TIME_ZONE): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) {
    return dateTimeFormat(locale, { timeZone: 'UTC' }).format(toUtcDate(value));
  }
  return dateTimeFormat(locale, { timeZone }).format(new Date(value));
}
