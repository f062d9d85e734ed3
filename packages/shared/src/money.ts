/** Money is always an integer number of centavos (or cents). Only the UI formats it. */
export type Cents = number;

export const CURRENCIES = ['BRL', 'USD', 'EUR'] as const;
export type Currency = (typeof CURRENCIES)[number];

/** Spec §9: each currency is formatted with its own locale, whatever the interface language. */
const CURRENCY_LOCALE: Record<Currency, string> = { BRL: 'pt-BR', USD: 'en-US', EUR: 'es-ES' };

const formatters = new Map<Currency, Intl.NumberFormat>();

export function formatMoney(cents: Cents, currency: Currency = 'BRL'): string {
  let fmt = formatters.get(currency);
  if (!fmt) {
    fmt = new Intl.NumberFormat(CURRENCY_LOCALE[currency], { style: 'currency', currency });
    formatters.set(currency, fmt);
  }
  // Intl wants units; dividing an integer by 100 for display only is exact enough for formatting.
  return fmt.format(cents / 100).replace(/\u00a0/g, ' ');
}

/**
 * Parses what a person types as money into centavos, or null when it is not money.
 * Accepts "1.234,56", "1234,56", "1234.56", "1,234.56", "R$ 12,90", "12".
 * The last separator followed by one or two digits is the decimal separator.
 */
export function parseMoney(text: string): Cents | null {
  const cleaned = text.replace(/[^\d.,-]/g, '');
  if (!/\d/.test(cleaned) || cleaned.lastIndexOf('-') > 0) return null;
  const negative = cleaned.startsWith('-');
  const body = cleaned.replace('-', '');
  const match = /^(.*?)(?:[.,](\d{1,2}))?$/.exec(body);
  if (!match) return null;
  const [, intPart = '', fracPart = ''] = match;
  const decimalSeparator = fracPart ? body[body.length - fracPart.length - 1] : '';
  // "12,345,6": the same mark cannot be both the thousands and the decimal separator.
  if (decimalSeparator && intPart.includes(decimalSeparator)) return null;
  // Whatever separators remain in the integer part must be thousands separators in groups of three.
  if (intPart !== '' && !/^\d{1,3}([.,]\d{3})*$|^\d+$/.test(intPart)) return null;
  const units = intPart.replace(/[.,]/g, '') || '0';
  if (!/^\d+$/.test(units)) return null;
  const cents = Number(units) * 100 + Number(fracPart.padEnd(2, '0'));
  if (!Number.isSafeInteger(cents)) return null;
  return negative ? -cents : cents;
}

/** Centavos to the plain decimal text an input shows, e.g. 1290 -> "12,90". */
export function centsToInput(cents: Cents, decimalSeparator = ','): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}${decimalSeparator}${String(abs % 100).padStart(2, '0')}`;
}
