import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { dividaDoRazao, resumoDividas, situacaoDivida, type EntradaDivida } from './divida';
import { REGRA_VENCIMENTO_PADRAO, type RegraVencimento } from './devedores';
import { allocateOldestFirst } from './financeiro';

const venda = (id: string, instante: string, total: number, cancelada = false): EntradaDivida => ({ tipo: 'venda', id, instante, total, cancelada });
const avulso = (id: string, instante: string, valor: number): EntradaDivida => ({ tipo: 'avulso', id, instante, valor });

describe('the oldest open debt of a ledger', () => {
  it('is an opening balance (a debit posted by hand) for as long as any of it is open', () => {
    const abertura = avulso('a', '2026-01-05T12:00:00.000Z', -12_000);
    expect(dividaDoRazao([abertura])).toEqual({ saldoAtual: -12_000, pendenteDesde: '2026-01-05T12:00:00.000Z' });
    expect(dividaDoRazao([abertura, avulso('p', '2026-02-01T12:00:00.000Z', 11_999)])).toEqual({ saldoAtual: -1, pendenteDesde: '2026-01-05T12:00:00.000Z' });
    expect(dividaDoRazao([abertura, avulso('p', '2026-02-01T12:00:00.000Z', 12_000)])).toEqual({ saldoAtual: 0, pendenteDesde: null });
  });

  it('is the oldest sale the credits left open, or the opening balance when older and still open', () => {
    const abertura = avulso('a', '2026-01-05T12:00:00.000Z', -10_000);
    const compra = venda('v', '2026-01-20T12:00:00.000Z', 5_000);
    // 10,000 paid: the credits net to zero, so the sale is open, the opening balance is not.
    expect(dividaDoRazao([abertura, compra, avulso('p', '2026-01-25T12:00:00.000Z', 10_000)]).pendenteDesde).toBe('2026-01-20T12:00:00.000Z');
    // 5,000 paid: 5,000 of the opening balance is open too, and it is older.
    expect(dividaDoRazao([abertura, compra, avulso('p', '2026-01-25T12:00:00.000Z', 5_000)]).pendenteDesde).toBe('2026-01-05T12:00:00.000Z');
  });

  it('takes the newest debits posted by hand as the open ones: the credits paid the oldest first', () => {
    const entradas = [
      avulso('a', '2026-01-01T12:00:00.000Z', -3_000),
      avulso('b', '2026-02-01T12:00:00.000Z', -2_000),
      avulso('c', '2026-03-01T12:00:00.000Z', -1_000),
    ];
    expect(dividaDoRazao([...entradas, avulso('p', '2026-03-02T12:00:00.000Z', 3_000)]).pendenteDesde).toBe('2026-02-01T12:00:00.000Z');
    expect(dividaDoRazao([...entradas, avulso('p', '2026-03-02T12:00:00.000Z', 3_001)]).pendenteDesde).toBe('2026-02-01T12:00:00.000Z');
    expect(dividaDoRazao([...entradas, avulso('p', '2026-03-02T12:00:00.000Z', 5_000)]).pendenteDesde).toBe('2026-03-01T12:00:00.000Z');
    expect(dividaDoRazao([...entradas, avulso('p', '2026-03-02T12:00:00.000Z', 2_999)]).pendenteDesde).toBe('2026-01-01T12:00:00.000Z');
  });

  it('leaves cancelled sales out and follows a refunded payment back into debt', () => {
    expect(dividaDoRazao([venda('v', '2026-01-10T12:00:00.000Z', 5_000, true)])).toEqual({ saldoAtual: 0, pendenteDesde: null });
    const pago = [venda('v', '2026-01-10T12:00:00.000Z', 5_000), avulso('p', '2026-01-11T12:00:00.000Z', 5_000)];
    expect(dividaDoRazao(pago).pendenteDesde).toBeNull();
    // Mercado Pago gave the payment back: the sale is open again, from its own day.
    expect(dividaDoRazao([...pago, avulso('e', '2026-02-01T12:00:00.000Z', -5_000)]).pendenteDesde).toBe('2026-01-10T12:00:00.000Z');
  });

  it('agrees with the allocation rule on which sales are open', () => {
    const dia = (n: number) => new Date(Date.UTC(2026, 0, 1) + n * 3_600_000).toISOString();
    fc.assert(
      fc.property(
        fc.array(fc.record({ hora: fc.nat(2_000), total: fc.integer({ min: 1, max: 9_000 }), cancelada: fc.boolean() }), { maxLength: 12 }),
        fc.array(fc.record({ hora: fc.nat(2_000), valor: fc.integer({ min: -9_000, max: 9_000 }).filter((v) => v !== 0) }), { maxLength: 8 }),
        (vendas, avulsos) => {
          const entradas = [
            ...vendas.map((v, i) => venda(`v${String(i).padStart(2, '0')}`, dia(v.hora), v.total, v.cancelada)),
            ...avulsos.map((a, i) => avulso(`a${String(i).padStart(2, '0')}`, dia(a.hora), a.valor)),
          ];
          const ativas = entradas.filter((e) => e.tipo === 'venda' && !e.cancelada) as Array<Extract<EntradaDivida, { tipo: 'venda' }>>;
          ativas.sort((a, b) => Date.parse(a.instante) - Date.parse(b.instante) || (a.id < b.id ? -1 : 1));
          const pool = avulsos.reduce((s, a) => s + a.valor, 0);
          const { allocations } = allocateOldestFirst(ativas.map((v) => ({ id: v.id, valorTotal: v.total })), pool);
          const abertas = ativas.filter((v, i) => allocations[i]!.valorPago < v.total);
          const { saldoAtual, pendenteDesde } = dividaDoRazao(entradas);
          expect(saldoAtual).toBe(pool - ativas.reduce((s, v) => s + v.total, 0));
          if (saldoAtual >= 0) expect(pendenteDesde).toBeNull();
          else expect(pendenteDesde).not.toBeNull();
          // Never later than the oldest open sale; when no debit by hand is open, exactly it.
          if (abertas[0]) expect(Date.parse(pendenteDesde!)).toBeLessThanOrEqual(Date.parse(abertas[0].instante));
          if (pool >= 0) expect(pendenteDesde).toBe(abertas[0]?.instante ?? null);
        },
      ),
      { numRuns: 400, seed: 26 },
    );
  });
});

describe("a customer's debt on a given day", () => {
  const regra = REGRA_VENCIMENTO_PADRAO;
  const divida = (over: Partial<Parameters<typeof situacaoDivida>[0]> = {}) => ({ saldoAtual: -12_000, pendenteDesde: '2026-03-15', dataVencimento: null, promessa: null, ...over });

  it('is nothing when the customer owes nothing', () => {
    expect(situacaoDivida(divida({ saldoAtual: 0 }), regra, '2026-05-01')).toBeNull();
    expect(situacaoDivida(divida({ saldoAtual: 500 }), regra, '2026-05-01')).toBeNull();
  });

  it('falls due by the rule from the oldest open debt and is overdue, all of it, from the day after', () => {
    expect(situacaoDivida(divida(), regra, '2026-04-01')).toMatchObject({ vencimento: '2026-04-01', vencido: false, diasEmAtraso: 0, faixa: 'a_vencer', faixaAtraso: 'a_vencer' });
    expect(situacaoDivida(divida(), regra, '2026-04-02')).toMatchObject({ saldoPendente: 12_000, vencido: true, diasEmAtraso: 1, nivel: 'baixo', faixa: 'gentil', faixaAtraso: '1_7' });
    expect(situacaoDivida(divida(), regra, '2026-05-02')).toMatchObject({ diasEmAtraso: 31, nivel: 'critico', faixa: 'formal', faixaAtraso: 'mais_30' });
  });

  it('falls due on the date agreed with the customer instead, before or after the rule’s', () => {
    expect(situacaoDivida(divida({ dataVencimento: '2026-06-10' }), regra, '2026-05-02')).toMatchObject({ vencimento: '2026-06-10', vencimentoProprio: true, vencido: false });
    expect(situacaoDivida(divida({ dataVencimento: '2026-03-20' }), regra, '2026-03-25')).toMatchObject({ vencimento: '2026-03-20', vencido: true, diasEmAtraso: 5 });
  });

  it('is not moved by a promise to pay, which is broken once its day has passed', () => {
    const antes = situacaoDivida(divida(), regra, '2026-04-20');
    const prometida = situacaoDivida(divida({ promessa: '2026-04-25' }), regra, '2026-04-20');
    expect(prometida).toEqual({ ...antes, promessaQuebrada: false });
    expect(situacaoDivida(divida({ promessa: '2026-04-19' }), regra, '2026-04-20')).toMatchObject({ vencido: true, diasEmAtraso: 19, promessaQuebrada: true });
  });

  it('follows each kind of rule across month ends', () => {
    const rules: Array<[RegraVencimento, string]> = [
      [{ ...regra, diaVencimento: 28 }, '2026-02-28'],
      [{ ...regra, tipo: 'dias_fixos', diasPrazo: 30 }, '2026-03-02'],
      [{ ...regra, tipo: 'data_fixa', dataFixa: '2026-02-10' }, '2026-02-10'],
    ];
    for (const [r, vencimento] of rules) expect(situacaoDivida(divida({ pendenteDesde: '2026-01-31' }), r, '2026-03-01')?.vencimento).toBe(vencimento);
  });
});

describe('the figures over many customers', () => {
  it('count, add up and age the same verdicts', () => {
    const hoje = '2026-05-10';
    const regra: RegraVencimento = { ...REGRA_VENCIMENTO_PADRAO, tipo: 'dias_fixos', diasPrazo: 10 };
    const situacoes = [
      situacaoDivida({ saldoAtual: -1_000, pendenteDesde: '2026-05-05', dataVencimento: null, promessa: null }, regra, hoje), // due 15/05
      situacaoDivida({ saldoAtual: -2_000, pendenteDesde: '2026-04-25', dataVencimento: null, promessa: null }, regra, hoje), // 5 days
      situacaoDivida({ saldoAtual: -3_000, pendenteDesde: '2026-03-01', dataVencimento: null, promessa: null }, regra, hoje), // 60 days
      situacaoDivida({ saldoAtual: -4_000, pendenteDesde: '2026-01-01', dataVencimento: '2026-06-01', promessa: null }, regra, hoje), // agreed, not due
      situacaoDivida({ saldoAtual: 700, pendenteDesde: null, dataVencimento: null, promessa: null }, regra, hoje),
    ];
    expect(resumoDividas(situacoes)).toEqual({
      devedores: 4,
      valor: 10_000,
      vencidos: 2,
      valorVencido: 5_000,
      aVencer: 5_000,
      criticos: 1,
      mediaAtraso: 16,
      inadimplencia: 50,
      porFaixa: [
        { faixa: 'a_vencer', clientes: 2, valor: 5_000 },
        { faixa: '1_7', clientes: 1, valor: 2_000 },
        { faixa: '8_15', clientes: 0, valor: 0 },
        { faixa: '16_30', clientes: 0, valor: 0 },
        { faixa: 'mais_30', clientes: 1, valor: 3_000 },
      ],
    });
    expect(resumoDividas([])).toMatchObject({ devedores: 0, valor: 0, mediaAtraso: 0, inadimplencia: null });
  });
});
