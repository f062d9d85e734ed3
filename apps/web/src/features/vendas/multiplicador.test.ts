import { MAX_QUANTIDADE_ITEM } from '@caderneta/shared';
import { describe, expect, it } from 'vitest';
import { lerBuscaDoBalcao } from './multiplicador';

describe('lerBuscaDoBalcao', () => {
  it('reads a code or a name without "*" as one unit of what is searched', () => {
    expect(lerBuscaDoBalcao('7891234567890', 'pt-BR')).toEqual({ ok: true, termo: '7891234567890', quantidade: 1, multiplicada: false });
    expect(lerBuscaDoBalcao('  arroz  ', 'pt-BR')).toEqual({ ok: true, termo: 'arroz', quantidade: 1, multiplicada: false });
    expect(lerBuscaDoBalcao('', 'pt-BR')).toEqual({ ok: true, termo: '', quantidade: 1, multiplicada: false });
  });

  it('reads "3*" before a code or a name as the quantity of the next item', () => {
    expect(lerBuscaDoBalcao('3*7891234567890', 'pt-BR')).toEqual({ ok: true, termo: '7891234567890', quantidade: 3, multiplicada: true });
    expect(lerBuscaDoBalcao('3*arroz', 'pt-BR')).toEqual({ ok: true, termo: 'arroz', quantidade: 3, multiplicada: true });
    expect(lerBuscaDoBalcao(' 12 * leite integral ', 'pt-BR')).toEqual({ ok: true, termo: 'leite integral', quantidade: 12, multiplicada: true });
  });

  it('keeps the quantity while the code or name is still to be typed', () => {
    expect(lerBuscaDoBalcao('3*', 'pt-BR')).toEqual({ ok: true, termo: '', quantidade: 3, multiplicada: true });
  });

  it('reads the number by the interface language: "1.000" is one thousand in pt-BR and es-ES, "1,000" in en-US', () => {
    expect(lerBuscaDoBalcao('1.000*arroz', 'pt-BR')).toMatchObject({ ok: true, quantidade: 1000 });
    expect(lerBuscaDoBalcao('1.000*arroz', 'es-ES')).toMatchObject({ ok: true, quantidade: 1000 });
    expect(lerBuscaDoBalcao('1,000*arroz', 'en-US')).toMatchObject({ ok: true, quantidade: 1000 });
  });

  it('takes the business maximum and nothing above it', () => {
    expect(lerBuscaDoBalcao(`${MAX_QUANTIDADE_ITEM}*arroz`, 'en-US')).toMatchObject({ ok: true, quantidade: MAX_QUANTIDADE_ITEM });
    expect(lerBuscaDoBalcao(`${MAX_QUANTIDADE_ITEM + 1}*arroz`, 'en-US')).toEqual({ ok: false, termo: 'arroz' });
  });

  it.each(['0*arroz', '-1*arroz', '2,5*arroz', '1e3*arroz', '*arroz', 'x*arroz', '99999999999999999999*arroz'])('refuses %j, whole units only', (texto) => {
    expect(lerBuscaDoBalcao(texto, 'pt-BR')).toEqual({ ok: false, termo: 'arroz' });
  });

  it('does not take a "*" further into a name for a multiplier', () => {
    expect(lerBuscaDoBalcao('Arroz tipo 1 *promo', 'pt-BR')).toEqual({ ok: true, termo: 'Arroz tipo 1 *promo', quantidade: 1, multiplicada: false });
  });
});
