import { describe, expect, it } from 'vitest';
import {
  diasDoPeriodo,
  diasEmAtraso,
  faixaDeAtraso,
  margem,
  mesDisponivel,
  mesesDisponiveis,
  mesesInteiros,
  percentual,
  resolverPeriodo,
  ticketMedio,
  variacao,
  vencimentoPelaRegra,
} from './relatorios';
import { relatorioQuerySchema } from './schemas/relatorios';
import { REGRA_VENCIMENTO_PADRAO, type RegraVencimento } from './devedores';

describe('report periods', () => {
  it('takes the last N days with today and compares with the N days before', () => {
    expect(resolverPeriodo({ periodo: 7 }, '2026-03-10')).toEqual({
      de: '2026-03-04',
      ate: '2026-03-10',
      mes: null,
      dias: 7,
      anterior: { de: '2026-02-25', ate: '2026-03-03' },
    });
    const ano = resolverPeriodo({ periodo: 365 }, '2026-03-10');
    expect(ano).toMatchObject({ de: '2025-03-11', ate: '2026-03-10', dias: 365, anterior: { de: '2024-03-11', ate: '2025-03-10' } });
  });

  it('defaults to 30 days', () => {
    expect(resolverPeriodo({}, '2026-01-05')).toMatchObject({ de: '2025-12-07', ate: '2026-01-05', dias: 30, anterior: { de: '2025-11-07', ate: '2025-12-06' } });
  });

  it('takes a past month whole and compares with the whole month before', () => {
    expect(resolverPeriodo({ mes: '2026-03' }, '2026-06-15')).toEqual({
      de: '2026-03-01',
      ate: '2026-03-31',
      mes: '2026-03',
      dias: 31,
      anterior: { de: '2026-02-01', ate: '2026-02-28' },
    });
    // January is compared with December of the year before; leap February has 29 days.
    expect(resolverPeriodo({ mes: '2024-01' }, '2025-06-15').anterior).toEqual({ de: '2023-12-01', ate: '2023-12-31' });
    expect(resolverPeriodo({ mes: '2024-03' }, '2025-06-15').anterior).toEqual({ de: '2024-02-01', ate: '2024-02-29' });
  });

  it('takes the current month up to today and compares with the same days of the month before', () => {
    expect(resolverPeriodo({ mes: '2026-03' }, '2026-03-10')).toMatchObject({ de: '2026-03-01', ate: '2026-03-10', dias: 10, anterior: { de: '2026-02-01', ate: '2026-02-10' } });
    // 31 March against February: February's end, not "30 February".
    expect(resolverPeriodo({ mes: '2026-03' }, '2026-03-31').anterior).toEqual({ de: '2026-02-01', ate: '2026-02-28' });
  });

  it('offers the last 24 months, this one included, newest first', () => {
    const meses = mesesDisponiveis('2026-03-10');
    expect(meses).toHaveLength(24);
    expect(meses[0]).toBe('2026-03');
    expect(meses[2]).toBe('2026-01');
    expect(meses[3]).toBe('2025-12');
    expect(meses[23]).toBe('2024-04');
    expect(mesDisponivel('2024-04', '2026-03-10')).toBe(true);
    expect(mesDisponivel('2024-03', '2026-03-10')).toBe(false);
    expect(mesDisponivel('2026-04', '2026-03-31')).toBe(false);
  });

  it('finds the whole months inside a period, across a year and a leap February', () => {
    expect(mesesInteiros('2025-11-28', '2026-11-27')).toEqual({ m1: '2025-12-01', m2: '2026-11-01' });
    expect(mesesInteiros('2024-02-01', '2024-02-29')).toEqual({ m1: '2024-02-01', m2: '2024-03-01' });
    expect(mesesInteiros('2025-12-01', '2025-12-31')).toEqual({ m1: '2025-12-01', m2: '2026-01-01' });
    expect(mesesInteiros('2026-03-02', '2026-04-30')).toEqual({ m1: '2026-04-01', m2: '2026-05-01' });
    expect(mesesInteiros('2026-03-02', '2026-04-29')).toEqual({ m1: '2026-03-02', m2: '2026-03-02' });
  });

  it('lists every day of a period', () => {
    expect(diasDoPeriodo({ de: '2024-02-27', ate: '2024-03-01' })).toEqual(['2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01']);
  });

  it('accepts 7/30/90/365 days or a month, not both, nothing else', () => {
    expect(relatorioQuerySchema.safeParse({}).success).toBe(true);
    expect(relatorioQuerySchema.safeParse({ periodo: '90' }).success).toBe(true);
    expect(relatorioQuerySchema.safeParse({ mes: '2025-12' }).success).toBe(true);
    for (const bad of [{ periodo: '15' }, { periodo: '7.0' }, { mes: '2025-13' }, { mes: '2025-1' }, { mes: '2025-01-01' }, { periodo: '7', mes: '2025-01' }]) {
      expect(relatorioQuerySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('overdue fiado in the reports', () => {
  const regra = (over: Partial<RegraVencimento>): RegraVencimento => ({ ...REGRA_VENCIMENTO_PADRAO, ...over });

  it("falls due by the shop's rule, per sale (the default: the 1st of the month after the sale)", () => {
    expect(vencimentoPelaRegra(REGRA_VENCIMENTO_PADRAO, '2026-01-31')).toBe('2026-02-01');
    expect(vencimentoPelaRegra(REGRA_VENCIMENTO_PADRAO, '2025-12-15')).toBe('2026-01-01');
    expect(vencimentoPelaRegra(regra({ diaVencimento: 10 }), '2026-01-31')).toBe('2026-02-10');
    expect(vencimentoPelaRegra(regra({ tipo: 'dias_fixos', diasPrazo: 45 }), '2026-01-31')).toBe('2026-03-17');
  });

  it('is overdue only after the due date, by whole days', () => {
    expect(diasEmAtraso('2026-02-01', '2026-02-01')).toBe(0);
    expect(diasEmAtraso('2026-02-01', '2026-02-02')).toBe(1);
    expect(diasEmAtraso('2026-02-01', '2026-01-20')).toBe(0);
    expect(diasEmAtraso('2026-02-01', '2026-03-01')).toBe(28);
  });

  it('ages overdue debt in 1–7, 8–15, 16–30 and more than 30 days', () => {
    expect([0, 1, 7, 8, 15, 16, 30, 31, 400].map(faixaDeAtraso)).toEqual(['a_vencer', '1_7', '1_7', '8_15', '8_15', '16_30', '16_30', 'mais_30', 'mais_30']);
  });
});

describe('report figures', () => {
  it('margin and shares with one decimal, none without a base', () => {
    expect(margem(1000, 600)).toBe(40);
    expect(margem(3000, 1999)).toBe(33.4);
    expect(margem(0, 0)).toBeNull();
    expect(percentual(1, 3)).toBe(33.3);
    expect(percentual(5, 0)).toBeNull();
  });

  it('average ticket in whole centavos', () => {
    expect(ticketMedio(1000, 3)).toBe(333);
    expect(ticketMedio(1001, 2)).toBe(501);
    expect(ticketMedio(0, 0)).toBe(0);
  });

  it('change against the previous period', () => {
    expect(variacao(150, 100)).toEqual({ tipo: 'percentual', valor: 50 });
    expect(variacao(50, 200)).toEqual({ tipo: 'percentual', valor: -75 });
    expect(variacao(10, 0)).toEqual({ tipo: 'novo' });
    expect(variacao(0, 0)).toEqual({ tipo: 'igual' });
    expect(variacao(42.5, 40, true)).toEqual({ tipo: 'pontos', valor: 2.5 });
    expect(variacao(null, 40, true)).toBeNull();
  });
});
