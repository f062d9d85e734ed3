import { describe, expect, it } from 'vitest';
import { lerBuscaDoBalcao } from './multiplicador';

describe('lerBuscaDoBalcao', () => {
  it('reads a code or a name without "*" as one of what is searched', () => {
    expect(lerBuscaDoBalcao('7891234567890', 'pt-BR')).toEqual({ ok: true, termo: '7891234567890', multiplicador: null });
    expect(lerBuscaDoBalcao('  arroz  ', 'pt-BR')).toEqual({ ok: true, termo: 'arroz', multiplicador: null });
    expect(lerBuscaDoBalcao('', 'pt-BR')).toEqual({ ok: true, termo: '', multiplicador: null });
  });

  it('reads "3*" before a code or a name as the quantity of the next item', () => {
    expect(lerBuscaDoBalcao('3*7891234567890', 'pt-BR')).toEqual({ ok: true, termo: '7891234567890', multiplicador: '3' });
    expect(lerBuscaDoBalcao('3*arroz', 'pt-BR')).toEqual({ ok: true, termo: 'arroz', multiplicador: '3' });
    expect(lerBuscaDoBalcao(' 12 * leite integral ', 'pt-BR')).toEqual({ ok: true, termo: 'leite integral', multiplicador: '12' });
  });

  it('keeps the quantity while the code or name is still to be typed', () => {
    expect(lerBuscaDoBalcao('3*', 'pt-BR')).toEqual({ ok: true, termo: '', multiplicador: '3' });
  });

  it('takes a number the interface language writes: "1.000" and "0,350" in pt-BR and es-ES, "1,000" and "0.350" in en-US', () => {
    expect(lerBuscaDoBalcao('1.000*arroz', 'pt-BR')).toMatchObject({ ok: true, multiplicador: '1.000' });
    expect(lerBuscaDoBalcao('1.000*arroz', 'es-ES')).toMatchObject({ ok: true, multiplicador: '1.000' });
    expect(lerBuscaDoBalcao('1,000*arroz', 'en-US')).toMatchObject({ ok: true, multiplicador: '1,000' });
    expect(lerBuscaDoBalcao('0,350*queijo', 'pt-BR')).toMatchObject({ ok: true, multiplicador: '0,350' });
    expect(lerBuscaDoBalcao('0.350*cheese', 'en-US')).toMatchObject({ ok: true, multiplicador: '0.350' });
  });

  it('leaves to the product what depends on its unit: "2,5*" and "10001*" wait for the product to be found', () => {
    // Refused by a product sold by the unit (2,5) or past its maximum (10.001): produto-picker decides.
    expect(lerBuscaDoBalcao('2,5*arroz', 'pt-BR')).toEqual({ ok: true, termo: 'arroz', multiplicador: '2,5' });
    expect(lerBuscaDoBalcao('10001*arroz', 'en-US')).toEqual({ ok: true, termo: 'arroz', multiplicador: '10001' });
  });

  it.each(['0*arroz', '-1*arroz', '1e3*arroz', '*arroz', 'x*arroz', '0,0001*arroz', '2.5*arroz', '99999999999999999999*arroz'])(
    'refuses %j, no quantity of any unit, at once',
    (texto) => {
      expect(lerBuscaDoBalcao(texto, 'pt-BR')).toEqual({ ok: false, termo: 'arroz' });
    },
  );

  it('does not take a "*" further into a name for a multiplier', () => {
    expect(lerBuscaDoBalcao('Arroz tipo 1 *promo', 'pt-BR')).toEqual({ ok: true, termo: 'Arroz tipo 1 *promo', multiplicador: null });
  });
});
