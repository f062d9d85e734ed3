import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  escalaDaUnidade,
  formatarQuantidade,
  lerQuantidade,
  maxEstoqueGuardado,
  maxQuantidadeItem,
  quantidadeComUnidade,
  quantidadeParaCampo,
  UNIDADES,
  valorDaLinha,
  type Unidade,
} from './unidades';
import { MAX_ITENS_VENDA } from './vendas';
import { MAX_PRECO } from './schemas/campos';

/** quantity × price ÷ scale, rounded half-up, in exact rational arithmetic (BigInt). */
function valorExato(quantidade: number, preco: number, unidade: Unidade): number {
  const numerador = BigInt(quantidade) * BigInt(preco);
  const escala = BigInt(escalaDaUnidade(unidade));
  const inteiro = numerador / escala;
  const resto = numerador % escala;
  return Number(resto * 2n >= escala ? inteiro + 1n : inteiro);
}

describe('valorDaLinha', () => {
  it('charges 0,350 kg of cheese at R$ 29,90/kg as R$ 10,47 (1046,5 rounded half-up)', () => {
    expect(valorDaLinha(350, 2990, 'kg')).toBe(1047);
    expect(valorDaLinha(1500, 1000, 'l')).toBe(1500);
    expect(valorDaLinha(1, 1, 'kg')).toBe(0);
    expect(valorDaLinha(500, 1, 'kg')).toBe(1);
    expect(valorDaLinha(3, 890, 'un')).toBe(2670);
    expect(valorDaLinha(350, 5, 'g')).toBe(1750);
  });

  it('equals exact rational arithmetic for every unit, quantity and price within the limits', () => {
    fc.assert(
      fc.property(fc.constantFrom(...UNIDADES), fc.nat(), fc.integer({ min: 0, max: MAX_PRECO }), (unidade, n, preco) => {
        const quantidade = 1 + (n % maxQuantidadeItem(unidade));
        const valor = valorDaLinha(quantidade, preco, unidade);
        expect(Number.isSafeInteger(valor)).toBe(true);
        expect(valor).toBe(valorExato(quantidade, preco, unidade));
      }),
      { numRuns: 2000 },
    );
  });

  it('is exact at the largest quantity and price, and a whole sale of them stays a safe integer', () => {
    for (const unidade of UNIDADES) {
      const valor = valorDaLinha(maxQuantidadeItem(unidade), MAX_PRECO, unidade);
      expect(valor).toBe(valorExato(maxQuantidadeItem(unidade), MAX_PRECO, unidade));
      expect(Number.isSafeInteger(valor * MAX_ITENS_VENDA)).toBe(true);
      // What a cancelled sale puts back stays within PostgreSQL's integer column.
      expect(maxEstoqueGuardado(unidade)).toBeLessThan(2 ** 31);
    }
  });
});

describe('lerQuantidade', () => {
  it('reads weights by the interface language and stores them in grams', () => {
    expect(lerQuantidade('0,350', 'pt-BR', 'kg')).toEqual({ ok: true, valor: 350 });
    expect(lerQuantidade('1,5', 'pt-BR', 'kg')).toEqual({ ok: true, valor: 1500 });
    expect(lerQuantidade('1.5', 'en-US', 'kg')).toEqual({ ok: true, valor: 1500 });
    expect(lerQuantidade(',5', 'es-ES', 'l')).toEqual({ ok: true, valor: 500 });
    expect(lerQuantidade('2', 'pt-BR', 'kg')).toEqual({ ok: true, valor: 2000 });
    expect(lerQuantidade('1.000', 'pt-BR', 'un')).toEqual({ ok: true, valor: 1000 });
    expect(lerQuantidade('2,0', 'pt-BR', 'un')).toEqual({ ok: true, valor: 2 });
  });

  it('never guesses: a fraction of a whole unit, four decimals, signs, exponents and letters are refused', () => {
    expect(lerQuantidade('2,5', 'pt-BR', 'un')).toEqual({ ok: false, erro: 'quantidadeInteira' });
    expect(lerQuantidade('0,0001', 'pt-BR', 'kg')).toEqual({ ok: false, erro: 'quantidadeCasas' });
    for (const texto of ['-1', '1e3', '', ' ', 'abc', '1,2,3', '0x10', '1.5', '+2', 'NaN', 'Infinity']) {
      expect(lerQuantidade(texto, 'pt-BR', 'kg'), texto).toEqual({ ok: false, erro: 'quantidadeItemInvalida' });
    }
    expect(lerQuantidade('0', 'pt-BR', 'kg')).toEqual({ ok: false, erro: 'quantidadeItemInvalida' });
    expect(lerQuantidade('0', 'pt-BR', 'kg', { min: 0 })).toEqual({ ok: true, valor: 0 });
    expect(lerQuantidade('1.000,001', 'pt-BR', 'kg')).toEqual({ ok: false, erro: 'tooLarge' });
    expect(lerQuantidade('10.001', 'pt-BR', 'un')).toEqual({ ok: false, erro: 'tooLarge' });
    expect(lerQuantidade('99999999999999999999', 'pt-BR', 'un')).toEqual({ ok: false, erro: 'tooLarge' });
  });

  it('reads back what it formats, in every language', () => {
    fc.assert(
      fc.property(fc.constantFrom(...UNIDADES), fc.constantFrom('pt-BR', 'en-US', 'es-ES'), fc.nat(), (unidade, locale, n) => {
        const quantidade = 1 + (n % maxQuantidadeItem(unidade));
        expect(lerQuantidade(formatarQuantidade(quantidade, unidade, locale), locale, unidade)).toEqual({ ok: true, valor: quantidade });
        expect(lerQuantidade(quantidadeParaCampo(quantidade, unidade, locale), locale, unidade)).toEqual({ ok: true, valor: quantidade });
      }),
      { numRuns: 1000 },
    );
  });
});

describe('formatarQuantidade', () => {
  it('writes weights with three decimals and pieces whole, with the unit', () => {
    expect(quantidadeComUnidade(350, 'kg', 'pt-BR')).toBe('0,350 kg');
    expect(quantidadeComUnidade(1500, 'l', 'en-US')).toBe('1.500 L');
    expect(quantidadeComUnidade(1234, 'un', 'pt-BR')).toBe('1.234 un');
    expect(quantidadeParaCampo(2500, 'kg', 'pt-BR')).toBe('2,500');
    expect(quantidadeParaCampo(12, 'cx', 'en-US')).toBe('12');
  });
});
