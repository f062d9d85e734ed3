import { describe, expect, it } from 'vitest';
import { dateInTimeZone, today } from './dates';
import {
  diaDoMesSeguinte,
  diasEmAtraso,
  diasNoMes,
  estaVencido,
  faixaLembrete,
  linkCliente,
  nivelAtraso,
  promessaQuebrada,
  vencimentoAntesDaCompra,
  REGRA_VENCIMENTO_PADRAO,
  type RegraVencimento,
  vencimentoDevedor,
  vencimentoPelaRegra,
  venceEmBreve,
} from './devedores';
import {
  cobrancaClienteFormSchema,
  devedoresQuerySchema,
  mensagensInputSchema,
  promessaFormSchema,
  promessaInputSchema,
  regraVencimentoFormSchema,
  regraVencimentoSchema,
} from './schemas/devedores';

const regra = (over: Partial<RegraVencimento>): RegraVencimento => ({ ...REGRA_VENCIMENTO_PADRAO, ...over });

describe('due date by the seller rule', () => {
  it('proximo_mes: the chosen day of the month after the sale (default day 1)', () => {
    expect(vencimentoPelaRegra(REGRA_VENCIMENTO_PADRAO, '2026-03-15')).toBe('2026-04-01');
    expect(vencimentoPelaRegra(regra({ diaVencimento: 10 }), '2026-03-01')).toBe('2026-04-10');
    expect(vencimentoPelaRegra(regra({ diaVencimento: 28 }), '2026-03-31')).toBe('2026-04-28');
  });

  it('proximo_mes crosses the year end', () => {
    expect(vencimentoPelaRegra(regra({ diaVencimento: 5 }), '2026-12-20')).toBe('2027-01-05');
  });

  it('proximo_mes from 31 January lands in February, capped at its last day (28, or 29 in leap years)', () => {
    expect(vencimentoPelaRegra(regra({ diaVencimento: 28 }), '2027-01-31')).toBe('2027-02-28');
    expect(vencimentoPelaRegra(regra({ diaVencimento: 28 }), '2028-01-31')).toBe('2028-02-28');
    expect(diaDoMesSeguinte('2027-01-31', 31)).toBe('2027-02-28');
    expect(diaDoMesSeguinte('2028-01-31', 31)).toBe('2028-02-29');
    expect(diaDoMesSeguinte('2028-01-31', 29)).toBe('2028-02-29');
    expect(diaDoMesSeguinte('2100-01-10', 29)).toBe('2100-02-28'); // 2100 is not a leap year
    expect(diaDoMesSeguinte('2000-01-10', 29)).toBe('2000-02-29'); // 2000 is
    expect(diaDoMesSeguinte('2026-03-31', 31)).toBe('2026-04-30');
  });

  it('knows the length of every month', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12].map((m) => diasNoMes(2026, m))).toEqual([31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]);
    expect(diasNoMes(2024, 2)).toBe(29);
  });

  it('dias_fixos: the sale date plus N days, across month ends and leap days', () => {
    expect(vencimentoPelaRegra(regra({ tipo: 'dias_fixos', diasPrazo: 30 }), '2026-01-31')).toBe('2026-03-02');
    expect(vencimentoPelaRegra(regra({ tipo: 'dias_fixos', diasPrazo: 30 }), '2028-01-31')).toBe('2028-03-01');
    expect(vencimentoPelaRegra(regra({ tipo: 'dias_fixos', diasPrazo: 1 }), '2028-02-28')).toBe('2028-02-29');
    expect(vencimentoPelaRegra(regra({ tipo: 'dias_fixos', diasPrazo: 365 }), '2027-03-01')).toBe('2028-02-29');
  });

  it('data_fixa: the fixed date; empty falls back to day 1 of the month after the sale', () => {
    expect(vencimentoPelaRegra(regra({ tipo: 'data_fixa', dataFixa: '2026-07-10' }), '2026-03-15')).toBe('2026-07-10');
    expect(vencimentoPelaRegra(regra({ tipo: 'data_fixa', dataFixa: null }), '2026-03-15')).toBe('2026-04-01');
  });

  it('a sale at 23:30 in São Paulo is that day there, although UTC is already on the next day', () => {
    const venda = new Date('2026-01-31T23:30:00-03:00');
    expect(venda.toISOString().slice(0, 10)).toBe('2026-02-01');
    const dia = dateInTimeZone(venda, 'America/Sao_Paulo');
    expect(dia).toBe('2026-01-31');
    expect(vencimentoPelaRegra(REGRA_VENCIMENTO_PADRAO, dia)).toBe('2026-02-01');
    expect(vencimentoPelaRegra(regra({ tipo: 'dias_fixos', diasPrazo: 30 }), dia)).toBe('2026-03-02');
    // Read in UTC it would have been due a month later.
    expect(vencimentoPelaRegra(REGRA_VENCIMENTO_PADRAO, venda.toISOString().slice(0, 10))).toBe('2026-03-01');
    // "Today" is the shop's day too: 00:30 UTC on the 1st is still the 31st in São Paulo.
    expect(today('America/Sao_Paulo', new Date('2026-02-01T00:30:00Z'))).toBe('2026-01-31');
  });
});

describe("a debtor's due date", () => {
  const hoje = '2026-05-20';
  it("is the customer's own date when set, whatever the rule", () => {
    expect(vencimentoDevedor({ dataVencimento: '2026-05-25', pendenteDesde: '2026-01-01', regra: REGRA_VENCIMENTO_PADRAO, hoje })).toBe('2026-05-25');
  });
  it('else follows the rule from the oldest open debt', () => {
    expect(vencimentoDevedor({ dataVencimento: null, pendenteDesde: '2026-03-10', regra: REGRA_VENCIMENTO_PADRAO, hoje })).toBe('2026-04-01');
  });
  it('else (no start on record) is today', () => {
    expect(vencimentoDevedor({ dataVencimento: null, pendenteDesde: null, regra: REGRA_VENCIMENTO_PADRAO, hoje })).toBe(hoje);
  });
});

describe('days overdue, overdue and delay level', () => {
  const hoje = '2026-03-01';
  it('overdue only when the due date is before today', () => {
    expect(estaVencido('2026-03-01', hoje)).toBe(false);
    expect(estaVencido('2026-02-28', hoje)).toBe(true);
    expect(estaVencido('2026-03-02', hoje)).toBe(false);
  });
  it('counts whole days since the due date, minimum 0, across February', () => {
    expect(diasEmAtraso('2026-03-01', hoje)).toBe(0);
    expect(diasEmAtraso('2026-03-10', hoje)).toBe(0);
    expect(diasEmAtraso('2026-02-28', hoje)).toBe(1);
    expect(diasEmAtraso('2026-01-31', hoje)).toBe(29);
    expect(diasEmAtraso('2024-02-28', '2024-03-01')).toBe(2); // leap day between
  });
  it('levels at their boundaries: 6/7 médio, 14/15 alto, 29/30 crítico', () => {
    expect(nivelAtraso(0)).toBe('baixo');
    expect(nivelAtraso(6)).toBe('baixo');
    expect(nivelAtraso(7)).toBe('medio');
    expect(nivelAtraso(14)).toBe('medio');
    expect(nivelAtraso(15)).toBe('alto');
    expect(nivelAtraso(29)).toBe('alto');
    expect(nivelAtraso(30)).toBe('critico');
    expect(nivelAtraso(400)).toBe('critico');
  });
  it('reminder tiers: 1–7 gentil, 8–30 firme, over 30 formal; not yet overdue: a_vencer', () => {
    expect(faixaLembrete(0)).toBe('a_vencer');
    expect(faixaLembrete(1)).toBe('gentil');
    expect(faixaLembrete(7)).toBe('gentil');
    expect(faixaLembrete(8)).toBe('firme');
    expect(faixaLembrete(30)).toBe('firme');
    expect(faixaLembrete(31)).toBe('formal');
  });
  it('due soon: from today up to N days ahead', () => {
    expect(venceEmBreve('2026-03-01', hoje, 3)).toBe(true);
    expect(venceEmBreve('2026-03-04', hoje, 3)).toBe(true);
    expect(venceEmBreve('2026-03-05', hoje, 3)).toBe(false);
    expect(venceEmBreve('2026-02-28', hoje, 3)).toBe(false);
  });
  it('a promise is broken when its day passed and the customer still owes', () => {
    expect(promessaQuebrada('2026-02-28', hoje, 100)).toBe(true);
    expect(promessaQuebrada('2026-03-01', hoje, 100)).toBe(false);
    expect(promessaQuebrada('2026-02-28', hoje, 0)).toBe(false);
    expect(promessaQuebrada(null, hoje, 100)).toBe(false);
  });
});

describe('collection schemas', () => {
  it('accepts the rule limits and refuses day 0/29, term 0/366 and impossible dates', () => {
    expect(regraVencimentoSchema.parse({ tipo: 'proximo_mes' })).toEqual({ tipo: 'proximo_mes', diaVencimento: 1, diasPrazo: 30, dataFixa: null });
    for (const ok of [{ diaVencimento: 1 }, { diaVencimento: 28 }, { diasPrazo: 1 }, { diasPrazo: 365 }, { dataFixa: '2028-02-29' }]) {
      expect(regraVencimentoSchema.safeParse({ tipo: 'dias_fixos', ...ok }).success, JSON.stringify(ok)).toBe(true);
    }
    for (const bad of [{ diaVencimento: 0 }, { diaVencimento: 29 }, { diaVencimento: 1.5 }, { diasPrazo: 0 }, { diasPrazo: 366 }, { dataFixa: '2027-02-29' }, { dataFixa: '10/03/2026' }]) {
      expect(regraVencimentoSchema.safeParse({ tipo: 'dias_fixos', ...bad }).success, JSON.stringify(bad)).toBe(false);
    }
    expect(regraVencimentoSchema.safeParse({ tipo: 'semanal' }).success).toBe(false);
  });

  it('reads the rule form as typed', () => {
    const form = regraVencimentoFormSchema('pt-BR');
    expect(form.parse({ tipo: 'dias_fixos', diaVencimento: '5', diasPrazo: '45', dataFixa: '' })).toEqual({ tipo: 'dias_fixos', diaVencimento: 5, diasPrazo: 45, dataFixa: null });
    expect(form.safeParse({ tipo: 'dias_fixos', diaVencimento: '5', diasPrazo: '1.000', dataFixa: '' }).success).toBe(false);
    expect(form.safeParse({ tipo: 'dias_fixos', diaVencimento: '5', diasPrazo: '30,5', dataFixa: '' }).success).toBe(false);
  });

  it('refuses messages with unknown placeholders, empty or too long', () => {
    const base = { padrao: null, gentil: null, firme: null, formal: null };
    expect(mensagensInputSchema.parse({ mensagens: base })).toEqual({ mensagens: base, lembreteAntecipado: false, diasAntecedencia: 3 });
    expect(mensagensInputSchema.safeParse({ mensagens: { ...base, gentil: 'Olá {nome}, {saldo} {link}' } }).success).toBe(true);
    const unknown = mensagensInputSchema.safeParse({ mensagens: { ...base, gentil: 'Olá {nomee}' } });
    expect(unknown.success).toBe(false);
    expect(unknown.error?.issues[0]?.message).toBe('placeholderDesconhecido');
    expect(mensagensInputSchema.safeParse({ mensagens: { ...base, firme: '   ' } }).success).toBe(false);
    expect(mensagensInputSchema.safeParse({ mensagens: { ...base, firme: 'x'.repeat(1001) } }).success).toBe(false);
    expect(mensagensInputSchema.safeParse({ mensagens: base, diasAntecedencia: 0 }).success).toBe(false);
    expect(mensagensInputSchema.safeParse({ mensagens: base, diasAntecedencia: 31 }).success).toBe(false);
  });

  it('defaults the list to the biggest debts first and refuses unknown sorts and levels', () => {
    expect(devedoresQuerySchema.parse({})).toMatchObject({ ordem: 'maior_divida', situacao: 'todos', page: 1, pageSize: 20 });
    expect(devedoresQuerySchema.safeParse({ ordem: 'nome' }).success).toBe(false);
    expect(devedoresQuerySchema.safeParse({ nivel: 'altissimo' }).success).toBe(false);
  });

  it('a promise is a real date or null', () => {
    expect(promessaInputSchema.safeParse({ data: null }).success).toBe(true);
    expect(promessaInputSchema.safeParse({ data: '2026-02-30' }).success).toBe(false);
  });
});

it("builds the customer's link as {origin}/cliente/{login}", () => {
  expect(linkCliente('https://loja.example.com/', 'maria12345')).toBe('https://loja.example.com/cliente/maria12345');
});

describe('Gerenciar dívida as typed', () => {
  const issue = (result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) =>
    result.success ? null : result.error!.issues.map((i) => `${i.path.join('.')}:${i.message}`);

  it('takes a blank date as the seller\'s rule and a real date as itself', () => {
    expect(cobrancaClienteFormSchema('2026-11-27').parse({ observacoes: ' ', dataVencimento: '' })).toEqual({ observacoes: null, dataVencimento: null });
    expect(cobrancaClienteFormSchema('2026-11-27').parse({ observacoes: 'Paga dia 5', dataVencimento: '2026-11-27' })).toEqual({ observacoes: 'Paga dia 5', dataVencimento: '2026-11-27' });
    expect(cobrancaClienteFormSchema(null).parse({ observacoes: '', dataVencimento: '2020-01-01' }).dataVencimento).toBe('2020-01-01');
  });

  it('refuses what the field reported as typed (31/02, half a date) and a date before the oldest purchase', () => {
    const schema = cobrancaClienteFormSchema('2026-11-27');
    expect(issue(schema.safeParse({ observacoes: '', dataVencimento: '31/02/2026' }))).toEqual(['dataVencimento:date']);
    expect(issue(schema.safeParse({ observacoes: '', dataVencimento: '20/10' }))).toEqual(['dataVencimento:date']);
    expect(issue(schema.safeParse({ observacoes: '', dataVencimento: '2026-10-20' }))).toEqual(['dataVencimento:vencimentoAntesDaCompra']);
    expect(vencimentoAntesDaCompra('2026-11-26', '2026-11-27')).toBe(true);
    expect(vencimentoAntesDaCompra('2026-11-27', '2026-11-27')).toBe(false);
    expect(vencimentoAntesDaCompra('2020-01-01', null)).toBe(false);
  });

  it('wants a promise from today up to a year ahead', () => {
    const schema = promessaFormSchema('2026-03-11');
    expect(schema.parse({ data: '2026-03-11' })).toEqual({ data: '2026-03-11' });
    expect(issue(schema.safeParse({ data: '' }))).toEqual(['data:required']);
    expect(issue(schema.safeParse({ data: '2026-03-10' }))).toEqual(['data:promessaForaDoPrazo']);
    expect(issue(schema.safeParse({ data: '2027-03-12' }))).toEqual(['data:promessaForaDoPrazo']);
    expect(issue(schema.safeParse({ data: '32/03/2026' }))).toEqual(['data:date']);
  });
});
