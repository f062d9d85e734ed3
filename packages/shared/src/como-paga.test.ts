import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { comoPaga, motivosComoPaga, sugestaoDeLimite, type ContextoComoPaga, type RazaoComoPaga } from './como-paga';
import { allocateOldestFirst } from './financeiro';

const FUSO = 'America/Sao_Paulo';
/** Noon in São Paulo on a day: the day is the same in the shop's zone and in UTC. */
const em = (dia: string) => `${dia}T15:00:00.000Z`;
const contexto = (over: Partial<ContextoComoPaga> = {}): ContextoComoPaga => ({
  regra: { tipo: 'dias_fixos', diaVencimento: 1, diasPrazo: 30, dataFixa: null },
  fuso: FUSO,
  hoje: '2026-11-28',
  dataVencimento: null,
  limiteAtual: 10_000,
  ...over,
});
const venda = (id: string, dia: string, total: number, canceladaEm: string | null = null) => ({ id, dataVenda: em(dia), lancadaEm: em(dia), total, canceladaEm });
const credito = (dia: string, valor: number) => ({ instante: em(dia), valor });

describe('how a customer pays', () => {
  it('counts a purchase paid by its due date as on time, and suggests room for half again the most they used', () => {
    const razao: RazaoComoPaga = {
      vendas: [venda('a', '2026-03-01', 8_000), venda('b', '2026-05-01', 18_000), venda('c', '2026-07-01', 6_000)],
      creditos: [credito('2026-03-25', 8_000), credito('2026-05-31', 18_000), credito('2026-07-20', 6_000)],
      promessas: [],
    };
    const r = comoPaga(razao, contexto());
    expect(r).toMatchObject({ emDia: 3, comAtraso: 0, emAtraso: 0, mediaDiasAtraso: null, maiorAtraso: 0, maiorCompra: 18_000, maiorDivida: 18_000 });
    // Paid on time since the first purchase, 1 March: 272 days.
    expect(r.mesesEmDia).toBe(9);
    // 1.5 × R$ 180,00 = R$ 270,00, rounded up to R$ 300,00.
    expect(r.sugestao).toEqual({ tipo: 'aumentar', limite: 30_000 });
    expect(motivosComoPaga(r)).toEqual([
      { chave: 'mesesEmDia', meses: 9 },
      { chave: 'emDia', emDia: 3, total: 3 },
      { chave: 'maiorCompra', valor: 18_000 },
    ]);
  });

  it('counts the days after the due date until the purchase was covered in full, oldest purchase first', () => {
    const razao: RazaoComoPaga = {
      vendas: [venda('a', '2026-06-01', 10_000), venda('b', '2026-06-10', 10_000), venda('c', '2026-08-01', 5_000)],
      // 15,000 pays a (due 1 July) and half of b; b is covered on 21 July, 11 days past 10 July.
      creditos: [credito('2026-06-30', 15_000), credito('2026-07-21', 5_000), credito('2026-09-10', 5_000)],
      promessas: [],
    };
    const r = comoPaga(razao, contexto());
    expect(r).toMatchObject({ emDia: 1, comAtraso: 2, emAtraso: 0, maiorAtraso: 11, mediaDiasAtraso: 11 });
    // c: due 31 August, paid 10 September: 10 days. Mean of 11 and 10.
    expect(r.mesesEmDia).toBe(2);
    expect(r.sugestao).toEqual({ tipo: 'manter', limite: 10_000 });
  });

  it('counts an unpaid purchase past its due date as late today, and a date agreed with the customer postpones it', () => {
    const razao: RazaoComoPaga = { vendas: [venda('a', '2026-09-01', 4_000), venda('b', '2026-10-20', 4_000)], creditos: [], promessas: [] };
    const r = comoPaga(razao, contexto());
    // a: due 1 October, 58 days late today; b: due 19 November, 9 days.
    expect(r).toMatchObject({ emAtraso: 2, maiorAtraso: 58, mediaDiasAtraso: 34, mesesEmDia: null });
    const combinado = comoPaga(razao, contexto({ dataVencimento: '2026-11-25' }));
    expect(combinado).toMatchObject({ emAtraso: 2, maiorAtraso: 3, mediaDiasAtraso: 3 });
  });

  it('leaves out a cancelled purchase, and a purchase not yet due', () => {
    const razao: RazaoComoPaga = {
      vendas: [venda('a', '2026-08-01', 4_000, em('2026-08-02')), venda('b', '2026-11-20', 4_000)],
      creditos: [],
      promessas: [],
    };
    expect(comoPaga(razao, contexto())).toMatchObject({ emDia: 0, comAtraso: 0, emAtraso: 0, maiorCompra: 4_000, sugestao: { tipo: 'sem_historico', limite: null } });
  });

  it('dates a purchase paid when it was last covered: a refund that uncovers it moves the day', () => {
    const razao: RazaoComoPaga = {
      vendas: [venda('a', '2026-06-01', 5_000)],
      creditos: [credito('2026-06-10', 5_000), credito('2026-06-15', -5_000), credito('2026-08-01', 5_000)],
      promessas: [],
    };
    // Due 1 July, covered for good on 1 August.
    expect(comoPaga(razao, contexto())).toMatchObject({ emDia: 0, comAtraso: 1, maiorAtraso: 31 });
  });

  it('reads only the purchases paid in the last 12 months', () => {
    const razao: RazaoComoPaga = {
      vendas: [venda('a', '2025-06-01', 5_000), venda('b', '2026-06-01', 7_000)],
      creditos: [credito('2025-09-01', 5_000), credito('2026-06-20', 7_000)],
      promessas: [],
    };
    const r = comoPaga(razao, contexto());
    expect(r).toMatchObject({ desde: '2025-11-28', emDia: 1, comAtraso: 0, maiorCompra: 7_000 });
    // The late payment of September 2025 ends the months on time: from 1 September 2025.
    expect(r.mesesEmDia).toBe(15);
  });

  it('counts a promise kept when the debt was paid by its day, broken when not, and neither when it was replaced first', () => {
    const razao: RazaoComoPaga = {
      vendas: [venda('a', '2026-03-01', 5_000), venda('b', '2026-06-01', 5_000), venda('c', '2026-09-01', 5_000)],
      creditos: [credito('2026-04-10', 5_000), credito('2026-07-20', 5_000)],
      promessas: [
        // Kept: paid on 10 April, promised for the 12th.
        { em: em('2026-04-05'), data: '2026-04-12' },
        // Broken: promised for 15 July, paid on the 20th.
        { em: em('2026-07-05'), data: '2026-07-15' },
        // Replaced on 1 October by another day, and that one broken (nothing paid since).
        { em: em('2026-09-20'), data: '2026-10-05' },
        { em: em('2026-10-01'), data: '2026-10-20' },
        // Not over yet.
        { em: em('2026-11-20'), data: '2026-12-01' },
      ],
    };
    expect(comoPaga(razao, contexto())).toMatchObject({ promessas: 3, promessasQuebradas: 2 });
  });

  it('suggests half of what the customer used when they pay badly, and nothing from too little history', () => {
    const base = { desde: '2025-11-28', mediaDiasAtraso: 40, promessas: 2, maiorCompra: 20_000, maiorDivida: 30_000, mesesEmDia: null };
    expect(sugestaoDeLimite({ ...base, emDia: 1, comAtraso: 3, emAtraso: 0, maiorAtraso: 60, promessasQuebradas: 0 }, 0, 50_000)).toEqual({ tipo: 'reduzir', limite: 15_000 });
    expect(sugestaoDeLimite({ ...base, emDia: 1, comAtraso: 3, emAtraso: 0, maiorAtraso: 60, promessasQuebradas: 0 }, 0, 10_000)).toEqual({ tipo: 'manter', limite: 10_000 });
    expect(sugestaoDeLimite({ ...base, emDia: 1, comAtraso: 1, emAtraso: 0, maiorAtraso: 3, promessasQuebradas: 0 }, 0, 50_000)).toEqual({ tipo: 'sem_historico', limite: null });
    // Two broken promises make a bad payer even with every purchase paid on time.
    expect(sugestaoDeLimite({ ...base, emDia: 5, comAtraso: 0, emAtraso: 0, maiorAtraso: 0, promessasQuebradas: 2 }, 0, 50_000)).toEqual({ tipo: 'reduzir', limite: 15_000 });
  });

  it('dates each payment as replaying the whole allocation after every entry would, for any ledger', () => {
    const dia = fc.integer({ min: 0, max: 360 }).map((n) => new Date(Date.UTC(2025, 11, 1) + n * 86_400_000).toISOString().slice(0, 10));
    fc.assert(
      fc.property(
        fc.array(fc.record({ dia, total: fc.integer({ min: 1, max: 50_000 }), postadaDepois: fc.integer({ min: 0, max: 40 }) }), { maxLength: 15 }),
        fc.array(fc.record({ dia, valor: fc.integer({ min: -20_000, max: 60_000 }).filter((v) => v !== 0) }), { maxLength: 15 }),
        (vendas, creditos) => {
          const razao: RazaoComoPaga = {
            vendas: vendas.map((v, i) => ({
              ...venda(`v${String(i).padStart(2, '0')}`, v.dia, v.total),
              lancadaEm: new Date(Date.parse(em(v.dia)) + v.postadaDepois * 86_400_000 + i).toISOString(),
            })),
            creditos: creditos.map((c, i) => ({ instante: new Date(Date.parse(em(c.dia)) + 43_200_000 + i).toISOString(), valor: c.valor })),
            promessas: [],
          };
          // The oracle: after every entry, the whole allocation again, oldest first.
          const eventos = [
            ...razao.vendas.map((v) => ({ t: Date.parse(v.lancadaEm), venda: v, valor: 0 })),
            ...razao.creditos.map((c) => ({ t: Date.parse(c.instante), venda: null, valor: c.valor })),
          ].sort((a, b) => a.t - b.t || (a.venda ? 0 : 1) - (b.venda ? 0 : 1));
          const ativas: RazaoComoPaga['vendas'][number][] = [];
          const quitada = new Map<string, number>();
          let pool = 0;
          for (const e of eventos) {
            if (e.venda) ativas.push(e.venda);
            else pool += e.valor;
            ativas.sort((a, b) => (a.dataVenda < b.dataVenda ? -1 : a.dataVenda > b.dataVenda ? 1 : a.id < b.id ? -1 : 1));
            let soma = 0;
            for (const v of ativas) {
              soma += v.total;
              if (soma <= pool) {
                if (!quitada.has(v.id)) quitada.set(v.id, e.t);
              } else quitada.delete(v.id);
            }
          }
          const hoje = '2026-11-28';
          const r = comoPaga(razao, contexto({ hoje }));
          let emDia = 0;
          let comAtraso = 0;
          for (const v of ativas) {
            const t = quitada.get(v.id);
            if (t === undefined) continue;
            const vence = new Date(Date.parse(`${v.dataVenda.slice(0, 10)}T00:00:00Z`) + 30 * 86_400_000).toISOString().slice(0, 10);
            const paga = new Intl.DateTimeFormat('en-CA', { timeZone: FUSO }).format(new Date(t));
            if (paga <= vence) emDia++;
            else comAtraso++;
          }
          expect([r.emDia, r.comAtraso]).toEqual([emDia, comAtraso]);
        },
      ),
    );
  });

  it('ends with the purchases the ledger’s allocation pays, for any ledger, sales posted late included', () => {
    const dia = fc.integer({ min: 0, max: 360 }).map((n) => new Date(Date.UTC(2025, 11, 1) + n * 86_400_000).toISOString().slice(0, 10));
    fc.assert(
      fc.property(
        // A sale made offline is posted later than it was made: it goes in before the newer ones.
        fc.array(fc.record({ dia, total: fc.integer({ min: 1, max: 50_000 }), cancelada: fc.boolean(), postadaDepois: fc.integer({ min: 0, max: 10 }) }), { maxLength: 12 }),
        fc.array(fc.record({ dia, valor: fc.integer({ min: -20_000, max: 60_000 }).filter((v) => v !== 0) }), { maxLength: 12 }),
        (vendas, creditos) => {
          const razao: RazaoComoPaga = {
            vendas: vendas.map((v, i) => ({
              ...venda(`v${String(i).padStart(2, '0')}`, v.dia, v.total, v.cancelada ? em('2026-11-27') : null),
              lancadaEm: new Date(Date.parse(em(v.dia)) + v.postadaDepois * 86_400_000).toISOString(),
            })),
            creditos: creditos.map((c) => credito(c.dia, c.valor)),
            promessas: [],
          };
          const hoje = '2026-11-28';
          const r = comoPaga(razao, contexto({ hoje, regra: { tipo: 'dias_fixos', diaVencimento: 1, diasPrazo: 10_000, dataFixa: null } }));
          // With a term no purchase reaches, every paid purchase is on time and none is late.
          const ativas = razao.vendas.filter((v) => !v.canceladaEm).sort((a, b) => (a.dataVenda < b.dataVenda ? -1 : a.dataVenda > b.dataVenda ? 1 : a.id < b.id ? -1 : 1));
          const pool = razao.creditos.reduce((s, c) => s + c.valor, 0);
          const pagas = allocateOldestFirst(
            ativas.map((v) => ({ id: v.id, valorTotal: v.total })),
            pool,
          ).allocations.filter((a) => a.valorPago === a.valorTotal);
          expect(r.emDia).toBe(pagas.length);
          expect(r.comAtraso + r.emAtraso).toBe(0);
        },
      ),
    );
  });
});
