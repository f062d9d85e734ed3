import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { calcularDescontos, ratearDesconto, valorDoDesconto } from './descontos';
import { MAX_ITENS_VENDA, MAX_TOTAL_VENDA } from './vendas';

describe('valorDoDesconto', () => {
  it('takes a value as it is and a percentage rounded half-up to the centavo', () => {
    expect(valorDoDesconto(1047, { tipo: 'percentual', valor: 10 })).toBe(105);
    expect(valorDoDesconto(1697, { tipo: 'percentual', valor: 10 })).toBe(170);
    expect(valorDoDesconto(1045, { tipo: 'percentual', valor: 10 })).toBe(105);
    expect(valorDoDesconto(1044, { tipo: 'percentual', valor: 10 })).toBe(104);
    expect(valorDoDesconto(999, { tipo: 'percentual', valor: 100 })).toBe(999);
    expect(valorDoDesconto(500, { tipo: 'valor', valor: 120 })).toBe(120);
    expect(valorDoDesconto(500, undefined)).toBe(0);
  });

  it('refuses to take more than the base: nothing goes below zero', () => {
    expect(valorDoDesconto(500, { tipo: 'valor', valor: 501 })).toBeNull();
    expect(valorDoDesconto(500, { tipo: 'valor', valor: 500 })).toBe(500);
  });

  it('equals exact arithmetic for every base and percentage', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: MAX_TOTAL_VENDA }), fc.integer({ min: 1, max: 100 }), (base, pct) => {
        const exato = (BigInt(base) * BigInt(pct) * 2n + 100n) / 200n;
        expect(valorDoDesconto(base, { tipo: 'percentual', valor: pct })).toBe(Number(exato));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('ratearDesconto', () => {
  it('shares in proportion, the remainders to the largest fractions, the earlier line on a tie', () => {
    expect(ratearDesconto([1047, 150, 500], 170)).toEqual([105, 15, 50]);
    expect(ratearDesconto([100, 100, 100], 100)).toEqual([34, 33, 33]);
    expect(ratearDesconto([100, 0], 50)).toEqual([50, 0]);
    expect(ratearDesconto([300], 0)).toEqual([0]);
  });

  it('adds up to the discount exactly, gives no line more than it is worth, and is monotone in the line’s value', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 0, max: MAX_TOTAL_VENDA / MAX_ITENS_VENDA }), { minLength: 1, maxLength: MAX_ITENS_VENDA }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (valores, fracao) => {
          const soma = valores.reduce((a, b) => a + b, 0);
          const desconto = Math.floor(soma * fracao);
          const partes = ratearDesconto(valores, desconto);
          expect(partes.reduce((a, b) => a + b, 0)).toBe(desconto);
          partes.forEach((parte, i) => {
            expect(Number.isSafeInteger(parte)).toBe(true);
            expect(parte).toBeGreaterThanOrEqual(0);
            expect(parte).toBeLessThanOrEqual(valores[i]!);
            // Within one centavo of the exact proportional share.
            const exato = soma === 0 ? 0 : (valores[i]! * desconto) / soma;
            expect(Math.abs(parte - exato)).toBeLessThan(1 + 1e-6);
          });
        },
      ),
      { numRuns: 500 },
    );
  });
});

describe('calcularDescontos', () => {
  it('works out the shop’s sale: 10,47 + 1,50 + 5,00 − 10 % = 15,27', () => {
    const conta = calcularDescontos([{ bruto: 1047 }, { bruto: 150 }, { bruto: 500 }], { tipo: 'percentual', valor: 10 });
    expect(conta).toEqual({
      ok: true,
      linhas: [
        { bruto: 1047, desconto: 0, rateado: 105, valor: 942 },
        { bruto: 150, desconto: 0, rateado: 15, valor: 135 },
        { bruto: 500, desconto: 0, rateado: 50, valor: 450 },
      ],
      descontoVenda: 170,
      descontoTotal: 170,
      total: 1527,
    });
  });

  it('applies the lines’ own discounts first, the sale’s on what is left', () => {
    const conta = calcularDescontos([{ bruto: 1000, desconto: { tipo: 'percentual', valor: 10 } }, { bruto: 1000 }], { tipo: 'valor', valor: 190 });
    expect(conta).toMatchObject({ ok: true, descontoVenda: 190, descontoTotal: 290, total: 1710 });
  });

  it('says which discount does not fit, and refuses a sale worth nothing', () => {
    expect(calcularDescontos([{ bruto: 100 }, { bruto: 100, desconto: { tipo: 'valor', valor: 101 } }], null)).toEqual({ ok: false, erro: { linha: 1 } });
    expect(calcularDescontos([{ bruto: 100 }], { tipo: 'valor', valor: 101 })).toEqual({ ok: false, erro: { venda: true } });
    expect(calcularDescontos([{ bruto: 100 }], { tipo: 'percentual', valor: 100 })).toEqual({ ok: false, erro: { semValor: true } });
    expect(calcularDescontos([{ bruto: 100, desconto: { tipo: 'valor', valor: 100 } }, { bruto: 5 }], null)).toMatchObject({ ok: true, total: 5 });
  });
});
