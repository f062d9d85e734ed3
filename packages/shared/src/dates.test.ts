import { describe, expect, it } from 'vitest';
import { addDays, dateInTimeZone, dateTimeFormat, daysBetween, formatDate, today } from './dates';

describe('dates in the shop time zone', () => {
  it('decides "today" in America/Sao_Paulo, not UTC', () => {
    // 01:30 UTC on the 2nd is still 22:30 on the 1st in São Paulo (UTC−3).
    const instant = new Date('2026-03-02T01:30:00Z');
    expect(today('America/Sao_Paulo', instant)).toBe('2026-03-01');
    expect(dateInTimeZone(instant, 'UTC')).toBe('2026-03-02');
  });

  it('adds days across month and year ends', () => {
    expect(addDays('2026-01-31', 1)).toBe('2026-02-01');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('counts whole days between dates', () => {
    expect(daysBetween('2026-01-01', '2026-01-31')).toBe(30);
    expect(daysBetween('2026-02-10', '2026-02-01')).toBe(-9);
  });

  it('formats calendar dates without shifting them', () => {
    expect(formatDate('2026-05-01', 'pt-BR')).toBe('01/05/2026');
    expect(formatDate('2026-05-01', 'en-US')).toBe('5/1/2026');
  });

  it('keeps one formatter per language, zone and options, never answering for another', () => {
    const instant = '2026-03-02T01:30:00Z';
    // Asked in turns, twice: each zone and language keeps its own answer.
    for (let round = 0; round < 2; round++) {
      expect(formatDate(instant, 'pt-BR', 'America/Sao_Paulo')).toBe('01/03/2026');
      expect(formatDate(instant, 'pt-BR', 'Asia/Tokyo')).toBe('02/03/2026');
      expect(formatDate(instant, 'en-US', 'Asia/Tokyo')).toBe('3/2/2026');
      expect(formatDate('2026-05-01', 'es-ES')).toBe('1/5/2026');
      expect(dateInTimeZone(new Date(instant), 'America/Sao_Paulo')).toBe('2026-03-01');
      expect(dateInTimeZone(new Date(instant), 'Asia/Tokyo')).toBe('2026-03-02');
    }
    expect(dateTimeFormat('pt-BR', { timeZone: 'UTC' })).toBe(dateTimeFormat('pt-BR', { timeZone: 'UTC' }));
    expect(dateTimeFormat('pt-BR', { timeZone: 'UTC' })).not.toBe(dateTimeFormat('pt-BR', { timeZone: 'UTC', dateStyle: 'short' }));
  });
});
