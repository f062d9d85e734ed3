import type { Cents } from './money';

/** Spec §2: margin = (sale − cost) / sale × 100, one decimal; 0 when there is no sale price. */
export function margemPercent(precoVenda: Cents, precoCusto: Cents): number {
  if (precoVenda <= 0) return 0;
  return Math.round(((precoVenda - precoCusto) / precoVenda) * 1000) / 10;
}
