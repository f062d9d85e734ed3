import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { centsToInput, formatMoney, numberFormat, numberMarksOf, parseInteger, parseMoney } from './money';

const LOCALES = ['pt-BR', 'es-ES', 'en-US'] as const;

describe('parseMoney in pt-BR (comma is always the decimal mark)', () => {
  it.each([
    ['10,5', 1050],
    ['12,90', 1290],
    ['1.234,56', 123456],
    ['1234,56', 123456],
    ['R$ 12,90', 1290],
    ['R$12,90', 1290],
    ['12', 1200],
    ['0,5', 50],
    [',5', 50],
    ['1.000', 100000],
    ['1.234.567,89', 123456789],
    ['  7,00  ', 700],
    ['12,90 R$', 1290],
  ])('reads %j as %i centavos', (text, cents) => {
    expect(parseMoney(text, 'pt-BR')).toBe(cents);
  });

  it.each([
    '10,500',
    '0,001',
    '1.234',
    '',
    ' ',
    'R$',
    'abc',
    '1,2,3',
    '12,345,6',
    '1-2',
    '-3,25',
    '1234.56',
    '1,234.56',
    '1.23,45',
    '12.34',
    '1..234',
    "' OR '1'='1",
    '<script>alert(1)</script>',
    '1e3',
    '0x10',
    '1 234,56',
    '10,',
    'R$ R$ 10',
    '10 reais',
    '١٢',
  ])('refuses %j', (text) => {
    // "1.234" is one thousand two hundred thirty-four reais, not an error:
    if (text === '1.234') return expect(parseMoney(text, 'pt-BR')).toBe(123400);
    expect(parseMoney(text, 'pt-BR')).toBeNull();
  });
});

describe('parseMoney in other interface languages', () => {
  it('en-US: "." decimal, "," thousands', () => {
    expect(parseMoney('1,234.56', 'en-US')).toBe(123456);
    expect(parseMoney('$10.5', 'en-US')).toBe(1050);
    expect(parseMoney('10,500', 'en-US')).toBe(1050000);
    expect(parseMoney('10.500', 'en-US')).toBeNull();
    expect(parseMoney('10,5', 'en-US')).toBeNull();
  });

  it('es-ES: like pt-BR, with the euro sign after the amount', () => {
    expect(parseMoney('1.234,56 €', 'es-ES')).toBe(123456);
    expect(parseMoney('10,500', 'es-ES')).toBeNull();
    expect(parseMoney('0,001 €', 'es-ES')).toBeNull();
  });
});

describe('parseMoney properties', () => {
  const cents = fc.integer({ min: 0, max: 100_000_000_000 });
  const currencies = fc.constantFrom('BRL', 'USD', 'EUR');

  it('format → parse is the identity for every locale (plain input text and Intl currency text)', () => {
    fc.assert(
      fc.property(cents, fc.constantFrom(...LOCALES), currencies, (value, locale, currency) => {
        expect(parseMoney(centsToInput(value, numberMarksOf(locale).decimal), locale)).toBe(value);
        const intl = new Intl.NumberFormat(locale, { style: 'currency', currency }).format(value / 100);
        expect(parseMoney(intl, locale)).toBe(value);
        const grouped = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, useGrouping: 'always' } as unknown as Intl.NumberFormatOptions).format(value / 100);
        expect(parseMoney(grouped, locale)).toBe(value);
      }),
    );
  });

  it('any text with three or more digits after the decimal mark is refused', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...LOCALES),
        fc.nat({ max: 10_000_000 }),
        fc.stringMatching(/^\d{3,6}$/),
        fc.constantFrom('', 'R$ ', '$', 'US$ '),
        (locale, units, fraction, sign) => {
          expect(parseMoney(`${sign}${units}${numberMarksOf(locale).decimal}${fraction}`, locale)).toBeNull();
        },
      ),
    );
  });

  it('never reads a number out of text that has anything but digits, separators, a sign and spaces', () => {
    const allowed = /^[\d.,\s$€RUSBLDE]*$/;
    fc.assert(
      fc.property(fc.string({ maxLength: 20 }), fc.constantFrom(...LOCALES), (text, locale) => {
        fc.pre(!allowed.test(text));
        expect(parseMoney(text, locale)).toBeNull();
      }),
      { numRuns: 500 },
    );
  });
});

describe('parseInteger (stock and quantities)', () => {
  it('reads thousands by the locale and refuses anything else', () => {
    expect(parseInteger('1.000', 'pt-BR')).toBe(1000);
    expect(parseInteger('1,000', 'en-US')).toBe(1000);
    expect(parseInteger(' 12 ', 'pt-BR')).toBe(12);
    expect(parseInteger('0', 'pt-BR')).toBe(0);
    for (const bad of ['', '1,000', '2,5', '-1', '1e3', '0x10', 'abc', '1.00']) expect(parseInteger(bad, 'pt-BR')).toBeNull();
    expect(parseInteger('1.000', 'en-US')).toBeNull();
  });
});

describe('formatMoney', () => {
  it('formats each currency in its own locale (spec §9)', () => {
    expect(formatMoney(123456, 'BRL')).toBe('R$ 1.234,56');
    expect(formatMoney(123456, 'USD')).toBe('$1,234.56');
    expect(formatMoney(123456, 'EUR')).toBe('1234,56 €');
    expect(formatMoney(-500, 'BRL')).toBe('-R$ 5,00');
  });

  it('what it shows for any currency is read back in that currency\'s locale', () => {
    expect(parseMoney(formatMoney(123456, 'BRL'), 'pt-BR')).toBe(123456);
    expect(parseMoney(formatMoney(123456, 'USD'), 'en-US')).toBe(123456);
    expect(parseMoney(formatMoney(123456, 'EUR'), 'es-ES')).toBe(123456);
  });
});

describe('numberFormat', () => {
  it('keeps one formatter per language and options, never answering for another', () => {
    for (let round = 0; round < 2; round++) {
      expect(numberFormat('pt-BR', { style: 'percent', maximumFractionDigits: 1 }).format(0.439)).toBe('43,9%');
      expect(numberFormat('en-US', { style: 'percent', maximumFractionDigits: 1 }).format(0.439)).toBe('43.9%');
      expect(numberFormat('pt-BR', { maximumFractionDigits: 0 }).format(1234.6)).toBe('1.235');
      expect(numberFormat('en-US').format(1234.5)).toBe('1,234.5');
    }
    expect(numberFormat('pt-BR', { maximumFractionDigits: 0 })).toBe(numberFormat('pt-BR', { maximumFractionDigits: 0 }));
  });
});
