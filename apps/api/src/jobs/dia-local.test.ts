import { describe, expect, it } from 'vitest';
import { execucaoContaParaODia } from './dia-local';

describe('a finished daily run counts for the shop day it started on, in the zone the shop has now', () => {
  it('counts a run that started on the day, in the same zone', () => {
    expect(execucaoContaParaODia('2025-03-11', new Date('2025-03-11T03:00:00Z'), 'America/Sao_Paulo')).toBe(true);
    expect(execucaoContaParaODia('2025-03-11', new Date('2025-03-12T02:59:59Z'), 'America/Sao_Paulo')).toBe(true);
    expect(execucaoContaParaODia('2025-03-11', new Date('2025-03-11T02:59:59Z'), 'America/Sao_Paulo')).toBe(false);
  });

  it('westward (São Paulo → Manaus): the run at 00:00 in São Paulo was 23:00 of the day before in Manaus, so it does not count there', () => {
    const meiaNoiteSaoPaulo = new Date('2025-03-11T03:00:00Z');
    expect(execucaoContaParaODia('2025-03-11', meiaNoiteSaoPaulo, 'America/Manaus')).toBe(false);
    // It is the run of the evening of the 10th in Manaus, which then does not run again.
    expect(execucaoContaParaODia('2025-03-10', meiaNoiteSaoPaulo, 'America/Manaus')).toBe(true);
  });

  it('eastward (Manaus → São Paulo): the run at 00:00 in Manaus was 01:00 of the same day in São Paulo, so it counts', () => {
    expect(execucaoContaParaODia('2025-03-11', new Date('2025-03-11T04:00:00Z'), 'America/Sao_Paulo')).toBe(true);
    // And a run of the day before never counts for the new day that began.
    expect(execucaoContaParaODia('2025-03-11', new Date('2025-03-10T04:00:00Z'), 'America/Sao_Paulo')).toBe(false);
  });

  it('follows daylight saving in the zone (Madrid starts summer time on 30 March 2025)', () => {
    expect(execucaoContaParaODia('2025-03-31', new Date('2025-03-30T22:00:00Z'), 'Europe/Madrid')).toBe(true);
    expect(execucaoContaParaODia('2025-03-31', new Date('2025-03-30T21:59:00Z'), 'Europe/Madrid')).toBe(false);
  });
});
