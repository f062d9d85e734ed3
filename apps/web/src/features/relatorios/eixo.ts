import type { Currency } from '@caderneta/shared';

// Each currency in its own locale (spec §9), as formatMoney does; kept here so the compact form
// stays in this page's chunk.
const LOCALE_DA_MOEDA: Record<Currency, string> = { BRL: 'pt-BR', USD: 'en-US', EUR: 'es-ES' };

/**
 * Money for a chart's axis: "R$ 800", "R$ 2,8 mil", "US$12K". Its spaces are no-break spaces:
 * the chart breaks an axis label at ordinary spaces, and "R$ 2,1" over "mil" reads badly.
 */
export function dinheiroCompacto(currency: Currency): (centavos: number) => string {
  const fmt = new Intl.NumberFormat(LOCALE_DA_MOEDA[currency], { style: 'currency', currency, notation: 'compact', maximumFractionDigits: 1 });
  return (centavos) => fmt.format(centavos / 100).replace(/ /g, '\u00a0');
}
