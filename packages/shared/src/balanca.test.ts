import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { codigosDoProdutoNaBalanca, digitoVerificadorEan13, lerEtiquetaDeBalanca, quantidadeDaEtiqueta, type FormatoEtiqueta } from './balanca';
import { valorDaLinha } from './unidades';

/** A label as a scale prints it: 2, the code, the value padded to the rest, the check digit. */
function etiqueta(codigo: string, valor: number, digitosCodigo: FormatoEtiqueta['digitosCodigo']): string {
  const doze = `2${codigo.padStart(digitosCodigo, '0')}${String(valor).padStart(11 - digitosCodigo, '0')}`;
  return `${doze}${digitoVerificadorEan13(doze)}`;
}

describe('EAN-13 check digit', () => {
  it('is the one real products carry', () => {
    // 789 (Brazil) codes printed on packages.
    expect(digitoVerificadorEan13('789100010010')).toBe(3);
    expect(digitoVerificadorEan13('400638133393')).toBe(1);
  });
});

describe('lerEtiquetaDeBalanca', () => {
  it('reads the code and the value by the shop’s format', () => {
    expect(lerEtiquetaDeBalanca(etiqueta('42', 1047, 4), { digitosCodigo: 4, valor: 'preco' })).toEqual({
      ok: true,
      etiqueta: { codigo: '0042', valor: 1047, tipo: 'preco' },
    });
    expect(lerEtiquetaDeBalanca(etiqueta('12345', 350, 5), { digitosCodigo: 5, valor: 'peso' })).toEqual({
      ok: true,
      etiqueta: { codigo: '12345', valor: 350, tipo: 'peso' },
    });
    expect(lerEtiquetaDeBalanca(etiqueta('654321', 99999, 6), { digitosCodigo: 6, valor: 'preco' })).toMatchObject({ ok: true, etiqueta: { codigo: '654321', valor: 99999 } });
  });

  it('is not a label unless it has 13 digits and starts with 2; a wrong check digit is refused, never guessed', () => {
    expect(lerEtiquetaDeBalanca('7891000100103')).toBeNull();
    expect(lerEtiquetaDeBalanca('20042000104')).toBeNull();
    expect(lerEtiquetaDeBalanca('2004200010470x')).toBeNull();
    const boa = etiqueta('42', 1047, 4);
    const errada = `${boa.slice(0, 12)}${(Number(boa[12]) + 1) % 10}`;
    expect(lerEtiquetaDeBalanca(errada)).toEqual({ ok: false, erro: 'digitoVerificador' });
    expect(lerEtiquetaDeBalanca(etiqueta('42', 0, 4))).toEqual({ ok: false, erro: 'valorZero' });
  });

  it('finds any single wrong digit (EAN-13 catches every one)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9999 }), fc.integer({ min: 1, max: 9_999_999 }), fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 9 }), (codigo, valor, posicao, delta) => {
        const boa = etiqueta(String(codigo), valor, 4);
        const digito = (Number(boa[posicao]) + delta) % 10;
        const errada = `${boa.slice(0, posicao)}${digito}${boa.slice(posicao + 1)}`;
        expect(lerEtiquetaDeBalanca(errada)).toEqual({ ok: false, erro: 'digitoVerificador' });
      }),
      { numRuns: 500 },
    );
  });

  it('looks the product up by the code as printed and without its leading zeros', () => {
    expect(codigosDoProdutoNaBalanca('0042')).toEqual(['0042', '42']);
    expect(codigosDoProdutoNaBalanca('1234')).toEqual(['1234']);
    expect(codigosDoProdutoNaBalanca('0000')).toEqual(['0000', '0']);
  });
});

describe('quantidadeDaEtiqueta', () => {
  const queijo = { unidade: 'kg' as const, precoVenda: 2990 };
  it('a weight label sells its grams', () => {
    expect(quantidadeDaEtiqueta({ codigo: '0042', valor: 350, tipo: 'peso' }, queijo)).toEqual({ ok: true, quantidade: 350 });
    expect(quantidadeDaEtiqueta({ codigo: '0042', valor: 350, tipo: 'peso' }, { unidade: 'un', precoVenda: 500 })).toEqual({ ok: false, erro: 'produtoNaoPesado' });
  });

  it('a price label sells the weight it buys, charged within a centavo of the label', () => {
    expect(quantidadeDaEtiqueta({ codigo: '0042', valor: 1047, tipo: 'preco' }, queijo)).toEqual({ ok: true, quantidade: 350 });
    fc.assert(
      fc.property(fc.integer({ min: 100, max: 100_000 }), fc.integer({ min: 1, max: 1_000_000 }), (preco, gramas) => {
        const valor = valorDaLinha(gramas, preco, 'kg');
        fc.pre(valor > 0);
        const lida = quantidadeDaEtiqueta({ codigo: '1', valor, tipo: 'preco' }, { unidade: 'kg', precoVenda: preco });
        expect(lida.ok).toBe(true);
        if (lida.ok) expect(Math.abs(valorDaLinha(lida.quantidade, preco, 'kg') - valor)).toBeLessThanOrEqual(1);
      }),
      { numRuns: 1000 },
    );
  });

  it('a price label of pieces must be a whole number of them', () => {
    expect(quantidadeDaEtiqueta({ codigo: '7', valor: 1500, tipo: 'preco' }, { unidade: 'un', precoVenda: 500 })).toEqual({ ok: true, quantidade: 3 });
    expect(quantidadeDaEtiqueta({ codigo: '7', valor: 1499, tipo: 'preco' }, { unidade: 'un', precoVenda: 500 })).toEqual({ ok: false, erro: 'precoNaoConfere' });
    expect(quantidadeDaEtiqueta({ codigo: '7', valor: 1, tipo: 'preco' }, { unidade: 'kg', precoVenda: 100_000_000 })).toEqual({ ok: false, erro: 'quantidadeForaDoLimite' });
  });
});
