import { describe, expect, it } from 'vitest';
import { crossedIntoLowStock, isLowStock, lowStockAlertOnSave } from './estoque';
import { notificationEnabled } from './notificacoes';

describe('low stock', () => {
  it('is low at or below the minimum', () => {
    expect(isLowStock({ estoqueAtual: 5, estoqueMinimo: 5 })).toBe(true);
    expect(isLowStock({ estoqueAtual: 6, estoqueMinimo: 5 })).toBe(false);
    expect(isLowStock({ estoqueAtual: 0, estoqueMinimo: 0 })).toBe(true);
  });

  it('alerts once per crossing', () => {
    expect(crossedIntoLowStock({ estoqueAtual: 6, estoqueMinimo: 5 }, { estoqueAtual: 5, estoqueMinimo: 5 })).toBe(true);
    expect(crossedIntoLowStock({ estoqueAtual: 5, estoqueMinimo: 5 }, { estoqueAtual: 4, estoqueMinimo: 5 })).toBe(false);
    expect(crossedIntoLowStock({ estoqueAtual: 8, estoqueMinimo: 5 }, { estoqueAtual: 8, estoqueMinimo: 10 })).toBe(true);
    expect(crossedIntoLowStock(null, { estoqueAtual: 2, estoqueMinimo: 5 })).toBe(true);
    expect(crossedIntoLowStock(null, { estoqueAtual: 20, estoqueMinimo: 5 })).toBe(false);
  });
});

describe('low stock when saving a product', () => {
  it('alerts on a crossing and on a stock lowered while low, not on a partial restock or other edits', () => {
    expect(lowStockAlertOnSave(null, { estoqueAtual: 2, estoqueMinimo: 5 })).toBe(true);
    expect(lowStockAlertOnSave({ estoqueAtual: 3, estoqueMinimo: 5 }, { estoqueAtual: 2, estoqueMinimo: 5 })).toBe(true);
    expect(lowStockAlertOnSave({ estoqueAtual: 2, estoqueMinimo: 5 }, { estoqueAtual: 2, estoqueMinimo: 5 })).toBe(false);
    expect(lowStockAlertOnSave({ estoqueAtual: 2, estoqueMinimo: 5 }, { estoqueAtual: 4, estoqueMinimo: 5 })).toBe(false);
    expect(lowStockAlertOnSave({ estoqueAtual: 9, estoqueMinimo: 5 }, { estoqueAtual: 5, estoqueMinimo: 5 })).toBe(true);
  });
});

describe('notification preferences', () => {
  it('falls back to the spec defaults', () => {
    expect(notificationEnabled({}, 'venda')).toBe(true);
    expect(notificationEnabled({}, 'devedor')).toBe(false);
    expect(notificationEnabled({ estoque_baixo: false }, 'estoque_baixo')).toBe(false);
    expect(notificationEnabled(null, 'pagamento')).toBe(true);
  });
});
