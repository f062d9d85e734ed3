import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { datasACada, datasMensais, devidoNaParcela, dividirValor, gerarParcelas, problemasDasParcelas, situacaoDoParcelamento, PARCELAS_MAX, PARCELAS_MIN } from './parcelamento';
import { addDays } from './dates';

const quantidade = fc.integer({ min: PARCELAS_MIN, max: PARCELAS_MAX });

describe('dividirValor', () => {
  it('sums exactly to the debt, equal parts with the remainder centavos on the last', () => {
    fc.assert(
      fc.property(quantidade, fc.integer({ min: 0, max: 1_000_000_000 }), (n, extra) => {
        const total = n + extra;
        const partes = dividirValor(total, n);
        expect(partes).toHaveLength(n);
        expect(partes.reduce((s, p) => s + p, 0)).toBe(total);
        const parte = Math.floor(total / n);
        expect(partes.slice(0, -1).every((p) => p === parte)).toBe(true);
        expect(partes.at(-1)! - parte).toBe(total % n);
      }),
    );
  });

  it('splits R$ 100,00 in 3 as 33,33 + 33,33 + 33,34', () => {
    expect(dividirValor(10_000, 3)).toEqual([3_333, 3_333, 3_334]);
  });
});

describe('datasMensais', () => {
  it('keeps the day, falling on the last day of shorter months and across the year end', () => {
    expect(datasMensais('2026-11-30', 4)).toEqual(['2026-11-30', '2026-12-30', '2027-01-30', '2027-02-28']);
    expect(datasMensais('2027-12-31', 4)).toEqual(['2027-12-31', '2028-01-31', '2028-02-29', '2028-03-31']);
  });

  it('keeps the day it is told after a first date on a shorter month’s last day', () => {
    expect(datasMensais('2027-02-28', 3, 31)).toEqual(['2027-02-28', '2027-03-31', '2027-04-30']);
    expect(datasMensais('2027-02-28', 3)).toEqual(['2027-02-28', '2027-03-28', '2027-04-28']);
  });

  it('is always increasing, a month apart, on the day or the last of the month', () => {
    const dia = fc.date({ min: new Date('2000-01-01'), max: new Date('2090-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
    fc.assert(
      fc.property(dia, quantidade, (primeira, n) => {
        const datas = datasMensais(primeira, n);
        const d0 = Number(primeira.slice(8));
        for (let i = 1; i < n; i++) {
          expect(datas[i]! > datas[i - 1]!).toBe(true);
          const [a, m, d] = datas[i]!.split('-').map(Number) as [number, number, number];
          const ultimo = new Date(Date.UTC(a, m, 0)).getUTCDate();
          expect(d).toBe(Math.min(d0, ultimo));
        }
      }),
    );
  });
});

describe('datasACada', () => {
  it('steps by the interval', () => {
    expect(datasACada('2028-02-20', 3, 10)).toEqual(['2028-02-20', '2028-03-01', '2028-03-11']);
  });
});

describe('gerarParcelas', () => {
  it('numbers the instalments and sums to the debt', () => {
    const parcelas = gerarParcelas({ total: 30_000, quantidade: 3, primeira: '2026-12-10', modo: 'mensal' });
    expect(parcelas).toEqual([
      { numero: 1, vencimento: '2026-12-10', valor: 10_000 },
      { numero: 2, vencimento: '2027-01-10', valor: 10_000 },
      { numero: 3, vencimento: '2027-02-10', valor: 10_000 },
    ]);
    expect(problemasDasParcelas(parcelas, 30_000, '2026-12-10')).toEqual([]);
  });
});

describe('problemasDasParcelas', () => {
  const hoje = '2026-11-29';
  const ok = [
    { vencimento: '2026-12-01', valor: 5_000 },
    { vencimento: '2027-01-01', valor: 5_000 },
  ];

  it('refuses one instalment or 25, a date before today or out of order, amounts that do not sum', () => {
    expect(problemasDasParcelas(ok.slice(0, 1), 5_000, hoje).map((p) => p.motivo)).toEqual(['parcelasQuantidade']);
    const muitas = gerarParcelas({ total: 25_000, quantidade: 25, primeira: hoje, modo: 'mensal' });
    expect(problemasDasParcelas(muitas, 25_000, hoje).map((p) => p.motivo)).toEqual(['parcelasQuantidade']);
    expect(problemasDasParcelas([{ vencimento: '2026-11-28', valor: 5_000 }, ok[1]!], 10_000, hoje)).toEqual([{ indice: 0, campo: 'vencimento', motivo: 'parcelaAntesDeHoje' }]);
    expect(problemasDasParcelas([ok[1]!, ok[0]!], 10_000, hoje)).toEqual([{ indice: 1, campo: 'vencimento', motivo: 'parcelasForaDeOrdem' }]);
    expect(problemasDasParcelas([ok[0]!, { ...ok[0]!, vencimento: ok[0]!.vencimento }], 10_000, hoje).map((p) => p.motivo)).toEqual(['parcelasForaDeOrdem']);
    expect(problemasDasParcelas(ok, 10_001, hoje)).toEqual([{ indice: null, campo: 'parcelas', motivo: 'parcelasNaoSomam' }]);
    expect(problemasDasParcelas([ok[0]!, { vencimento: addDays(hoje, 1200), valor: 5_000 }], 10_000, hoje).map((p) => p.motivo)).toEqual(['parcelaLonge']);
    expect(problemasDasParcelas([{ ...ok[0]!, valor: 0 }, { ...ok[1]!, valor: 10_000 }], 10_000, hoje).map((p) => p.motivo)).toEqual(['parcelaSemValor']);
  });

  it('accepts a first instalment due today', () => {
    expect(problemasDasParcelas([{ vencimento: hoje, valor: 1 }, ok[0]!], 5_001, hoje)).toEqual([]);
  });
});

describe('situacaoDoParcelamento', () => {
  const parcelas = gerarParcelas({ total: 30_000, quantidade: 3, primeira: '2026-12-10', modo: 'mensal' });

  it('settles the oldest instalment first', () => {
    const s = situacaoDoParcelamento(parcelas, 15_000, 15_000);
    expect(s.parcelas.map((p) => [p.status, p.aberto])).toEqual([
      ['paga', 0],
      ['parcial', 5_000],
      ['aberta', 10_000],
    ]);
    expect(s.aberto).toBe(15_000);
    expect(s.proxima).toMatchObject({ numero: 2, vencimento: '2027-01-10', aberto: 5_000 });
  });

  it('a new purchase after it does not reopen the schedule; a reversal does', () => {
    expect(situacaoDoParcelamento(parcelas, 10_000, 25_000).proxima?.numero).toBe(2);
    expect(situacaoDoParcelamento(parcelas, -5_000, 35_000).proxima).toMatchObject({ numero: 1, aberto: 10_000 });
  });

  it('is paid when the customer owes nothing', () => {
    const s = situacaoDoParcelamento(parcelas, 0, 0);
    expect(s.aberto).toBe(0);
    expect(s.proxima).toBeNull();
  });

  it('for any credits and debt: what is open is the instalments open, never more than owed, the paid ones first', () => {
    fc.assert(
      fc.property(
        quantidade,
        fc.integer({ min: 0, max: 100_000_000 }),
        fc.integer({ min: -200_000_000, max: 200_000_000 }),
        fc.integer({ min: 0, max: 200_000_000 }),
        (n, extra, creditos, saldo) => {
          const total = n + extra;
          const lista = gerarParcelas({ total, quantidade: n, primeira: '2026-01-31', modo: 'mensal' });
          const s = situacaoDoParcelamento(lista, creditos, saldo);
          expect(s.parcelas.reduce((x, p) => x + p.aberto, 0)).toBe(s.aberto);
          expect(s.aberto).toBeLessThanOrEqual(Math.min(total, saldo));
          expect(s.aberto).toBe(Math.max(0, Math.min(total - Math.min(total, Math.max(0, creditos)), saldo)));
          const primeiraAberta = s.parcelas.findIndex((p) => p.aberto > 0);
          if (primeiraAberta >= 0) {
            expect(s.parcelas.slice(0, primeiraAberta).every((p) => p.status === 'paga')).toBe(true);
            expect(s.parcelas.slice(primeiraAberta + 1).every((p) => p.status === 'aberta')).toBe(true);
          }
        },
      ),
    );
  });
});

describe('devidoNaParcela', () => {
  const parcelas = gerarParcelas({ total: 30_000, quantidade: 3, primeira: '2026-12-10', modo: 'mensal' });

  it('asks for the open instalment, not the whole debt; a purchase after the schedule falls due with it', () => {
    expect(devidoNaParcela(situacaoDoParcelamento(parcelas, 0, 30_000), 30_000)).toBe(10_000);
    expect(devidoNaParcela(situacaoDoParcelamento(parcelas, 15_000, 15_000), 15_000)).toBe(5_000);
    expect(devidoNaParcela(situacaoDoParcelamento(parcelas, 15_000, 17_500), 17_500)).toBe(7_500);
  });

  it('is never more than owed nor less than the open instalment', () => {
    fc.assert(
      fc.property(fc.integer({ min: -40_000, max: 40_000 }), fc.integer({ min: 0, max: 60_000 }), (creditos, saldo) => {
        const situacao = situacaoDoParcelamento(parcelas, creditos, saldo);
        const devido = devidoNaParcela(situacao, saldo);
        expect(devido).toBeLessThanOrEqual(saldo);
        expect(devido).toBeGreaterThanOrEqual(situacao.proxima?.aberto ?? saldo);
      }),
    );
  });
});
