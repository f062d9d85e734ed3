import { describe, expect, it } from 'vitest';
import { pagamentoInputSchema } from './schemas/financeiro';
import { alertaVendaSchema, novaVendaInputSchema } from './schemas/vendas';
import { MAX_ADIANTAMENTO_OFFLINE_MS, MAX_ATRASO_OFFLINE_DIAS, MAX_ATRASO_OFFLINE_MS, TIPOS_ALERTA_VENDA, foraDaJanelaOffline } from './vendas';

const agora = new Date('2026-03-16T15:00:00.000Z');
const em = (ms: number) => new Date(agora.getTime() + ms);

describe('foraDaJanelaOffline', () => {
  it('accepts from 30 days behind the server clock to 5 minutes ahead, both ends included', () => {
    expect(MAX_ATRASO_OFFLINE_DIAS).toBe(30);
    expect(MAX_ATRASO_OFFLINE_MS).toBe(30 * 86_400_000);
    expect(MAX_ADIANTAMENTO_OFFLINE_MS).toBe(300_000);
    for (const ms of [0, -1, MAX_ADIANTAMENTO_OFFLINE_MS, -MAX_ATRASO_OFFLINE_MS, -86_400_000]) expect(foraDaJanelaOffline(em(ms), agora)).toBeNull();
  });

  it('says which end was passed', () => {
    expect(foraDaJanelaOffline(em(MAX_ADIANTAMENTO_OFFLINE_MS + 1), agora)).toBe('feitaEmNoFuturo');
    expect(foraDaJanelaOffline(em(-MAX_ATRASO_OFFLINE_MS - 1), agora)).toBe('feitaEmAntiga');
  });
});

describe('a new sale made offline', () => {
  const venda = { formaPagamento: 'vista', itens: [{ valor: 500 }] };

  it('carries when it was made as an ISO date-time with its offset', () => {
    for (const feitaEm of ['2026-03-16T14:59:00.000Z', '2026-03-16T11:59:00-03:00', '2026-03-16T14:59:00Z']) {
      expect(novaVendaInputSchema.parse({ ...venda, offline: { feitaEm } }).offline).toEqual({ feitaEm });
    }
    expect(novaVendaInputSchema.parse(venda).offline).toBeUndefined();
  });

  it('refuses what is not a date-time, with the feitaEmInvalida key on offline.feitaEm', () => {
    for (const feitaEm of ['2026-03-16', '16/03/2026 11:59', '2026-03-16T14:59:00', '', 1773673140000, null]) {
      const lido = novaVendaInputSchema.safeParse({ ...venda, offline: { feitaEm } });
      expect(lido.success).toBe(false);
      expect(lido.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['offline.feitaEm', 'feitaEmInvalida']]);
    }
  });
});

describe('alertaVendaSchema', () => {
  it('has one shape per kind of alert, a shortfall with its product and amount', () => {
    const alertas = [
      { tipo: 'estoque', produtoId: 'p', produtoNome: 'Queijo', unidade: 'kg', faltou: 250 },
      { tipo: 'limite' },
      { tipo: 'bloqueado' },
      { tipo: 'clienteInativo' },
    ];
    expect(alertas.map((a) => alertaVendaSchema.parse(a))).toEqual(alertas);
    expect(alertas.map((a) => a.tipo)).toEqual([...TIPOS_ALERTA_VENDA]);
    expect(alertaVendaSchema.safeParse({ tipo: 'estoque', produtoId: 'p' }).success).toBe(false);
  });
});

describe('a payment received offline', () => {
  it('carries when it was received as a sale does, under the same message key', () => {
    const feitaEm = '2026-03-16T11:59:00-03:00';
    expect(pagamentoInputSchema.parse({ valor: 1000, offline: { feitaEm } })).toEqual({ valor: 1000, metodo: 'dinheiro', offline: { feitaEm } });
    expect(pagamentoInputSchema.parse({ valor: 1000 }).offline).toBeUndefined();
    for (const malformada of ['2026-03-16', '2026-03-16T14:59:00', '', null]) {
      const lido = pagamentoInputSchema.safeParse({ valor: 1000, offline: { feitaEm: malformada } });
      expect(lido.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['offline.feitaEm', 'feitaEmInvalida']]);
    }
  });
});
