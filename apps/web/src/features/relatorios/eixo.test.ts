import { describe, expect, it } from 'vitest';
import { dinheiroCompacto } from './eixo';

describe("a chart axis's money", () => {
  it('is short, in the currency\'s own locale', () => {
    expect(dinheiroCompacto('BRL')(280_000)).toMatch(/^R\$\u00a02,8\u00a0mil$/);
    expect(dinheiroCompacto('BRL')(80_000)).toMatch(/^R\$\u00a0800/);
    expect(dinheiroCompacto('USD')(1_200_000)).toMatch(/^\$12(\.0)?K$/);
  });

  it('never breaks: no ordinary space for the chart to wrap the label at', () => {
    for (const currency of ['BRL', 'USD', 'EUR'] as const) {
      for (const centavos of [0, 45_000, 210_000, 1_234_567_800]) expect(dinheiroCompacto(currency)(centavos)).not.toMatch(/ /);
    }
  });
});
