import { describe, expect, it } from 'vitest';
import { centsToInput, formatMoney, parseMoney } from './money';

describe('parseMoney', () => {
  it.each([
    ['12,90', 1290],
    ['1.234,56', 123456],
    ['1234.56', 123456],
    ['1,234.56', 123456],
    ['R$ 12,90', 1290],
    ['12', 1200],
    ['0,5', 50],
    ['1.000', 100000],
    ['-3,25', -325],
    ['1.234.567,89', 123456789],
  ])('reads %s as %i centavos', (text, cents) => {
    expect(parseMoney(text)).toBe(cents);
  });

  it.each(['', 'abc', '1,2,3', '12,345,6', '1-2'])('refuses %j', (text) => {
    expect(parseMoney(text)).toBeNull();
  });
});

describe('formatMoney', () => {
  it('formats each currency in its own locale (spec §9)', () => {
    expect(formatMoney(123456, 'BRL')).toBe('R$ 1.234,56');
    expect(formatMoney(123456, 'USD')).toBe('$1,234.56');
    expect(formatMoney(123456, 'EUR')).toBe('1234,56 €');
    expect(formatMoney(-500, 'BRL')).toBe('-R$ 5,00');
  });

  it('round-trips through the input text', () => {
    for (const cents of [0, 5, 1290, 100000, 99999999]) expect(parseMoney(centsToInput(cents))).toBe(cents);
  });
});
