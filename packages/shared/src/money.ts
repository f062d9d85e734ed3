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

const numberFormats = new Map<string, Intl.NumberFormat>();

/** An Intl.NumberFormat for `locale` and `options`, made once and kept (as `dateTimeFormat`). */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    numberFormats.set(key, format);
  }
  return format;
}

/** The marks people type in numbers in an interface language. */
export interface NumberMarks {
  decimal: string;
  group: string;
}

/**
 * pt-BR and es-ES write "1.234,56", en-US "1,234.56". Other languages follow what Intl says about
 * them. The interface language decides; the text itself never does.
 */
export function numberMarksOf(locale: string): NumberMarks {
  const lang = locale.toLowerCase();
  if (lang.startsWith('pt') || lang.startsWith('es')) return { decimal: ',', group: '.' };
  if (lang.startsWith('en')) return { decimal: '.', group: ',' };
  const parts = new Intl.NumberFormat(locale).formatToParts(1234.5);
  const decimal = parts.find((p) => p.type === 'decimal')?.value ?? '.';
  return { decimal, group: decimal === ',' ? '.' : ',' };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/**
 * Currency signs a person may type or paste (longest first, so "US$" is not read as "$"), and the
 * ISO codes Intl writes for a currency foreign to the language ("10,00 BRL" in es-ES).
 */
const CURRENCY_SIGNS = ['US$', 'R$', '$', '€', 'BRL', 'USD', 'EUR'];
// Intl writes a no-break space between amount and sign ("10,50 €"); people type a plain one.
const SPACES = /[\s\u00a0\u202f]+/g;

/** Digits only, or well-formed groups of three ("1.234.567"); `null` when it is not that. */
export function integerDigits(text: string, group: string): string | null {
  const g = escapeRegExp(group);
  if (/^\d+$/.test(text)) return text;
  if (new RegExp(`^\\d{1,3}(?:${g}\\d{3})+$`).test(text)) return text.split(group).join('');
  return null;
}

/**
 * Parses what a person types as money into centavos, or `null` when it is not money, by the rules
 * of `locale` (the interface language): in pt-BR "10,5" is R$ 10,50 and "1.234,56" R$ 1.234,56,
 * while "10,500" and "0,001" are invalid (more than two decimals), never R$ 10.500,00 or R$ 1,00.
 * Allowed: digits, the locale's decimal mark and well-formed thousands groups, one currency sign
 * (R$, US$, $, € or BRL, USD, EUR) before or after, and spaces around it. Anything else — a minus, letters, "1e3",
 * "0x10", quotes, markup — is invalid rather than stripped.
 */
export function parseMoney(text: string, locale: string): Cents | null {
  if (text.length > 64) return null;
  let body = text.replace(SPACES, ' ').trim();
  for (const sign of CURRENCY_SIGNS) {
    if (body.startsWith(sign)) {
      body = body.slice(sign.length).trim();
      break;
    }
    if (body.endsWith(sign)) {
      body = body.slice(0, -sign.length).trim();
      break;
    }
  }
  const { decimal, group } = numberMarksOf(locale);
  const at = body.indexOf(decimal);
  const intText = at === -1 ? body : body.slice(0, at);
  const fracText = at === -1 ? '' : body.slice(at + decimal.length);
  if (at !== -1 && !/^\d{1,2}$/.test(fracText)) return null;
  if (intText === '' && fracText === '') return null;
  const units = intText === '' ? '0' : integerDigits(intText, group);
  if (units === null) return null;
  const cents = Number(units) * 100 + Number(fracText.padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/**
 * A whole number typed by a person (stock, quantity) by the rules of `locale`: in pt-BR "1.000" is
 * one thousand, in en-US "1,000" is. No sign, no decimals, nothing else; `null` otherwise.
 */
export function parseInteger(text: string, locale: string): number | null {
  const trimmed = text.trim();
  if (trimmed.length > 32) return null;
  const digits = integerDigits(trimmed, numberMarksOf(locale).group);
  if (digits === null) return null;
  const n = Number(digits);
  return Number.isSafeInteger(n) ? n : null;
}

/** Centavos to the plain decimal text an input shows, e.g. 1290 -> "12,90". */
export function centsToInput(cents: Cents, decimalSeparator = ','): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}${decimalSeparator}${String(abs % 100).padStart(2, '0')}`;
}
