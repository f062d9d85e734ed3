/**
 * Dates typed by a person, in the order of the interface language (not the browser's):
 * dd/mm/aaaa in pt-BR and es-ES, mm/dd/yyyy in en-US. Pure, so the rules are tested alone.
 */
export type DateOrder = 'dmy' | 'mdy';

export function dateOrder(language: string): DateOrder {
  return language === 'en-US' ? 'mdy' : 'dmy';
}

/** Keeps up to 8 digits and puts the slashes in as the person types: "1503" → "15/03". */
export function maskDate(text: string): string {
  const digits = text.replace(/\D/g, '').slice(0, 8);
  if (digits.length <= 2) return digits;
  if (digits.length <= 4) return `${digits.slice(0, 2)}/${digits.slice(2)}`;
  return `${digits.slice(0, 2)}/${digits.slice(2, 4)}/${digits.slice(4)}`;
}

/** A complete, real calendar date typed in `order` as "YYYY-MM-DD"; null for anything else. */
export function parseDateInput(text: string, order: DateOrder): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [a, b, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const [day, month] = order === 'dmy' ? [a, b] : [b, a];
  if (year < 1900 || year > 2999 || month < 1 || month > 12 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  if (day > daysInMonth) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** "YYYY-MM-DD" as the person would type it. */
export function formatDateInput(iso: string, order: DateOrder): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return '';
  const [, year, month, day] = match;
  return order === 'dmy' ? `${day}/${month}/${year}` : `${month}/${day}/${year}`;
}
