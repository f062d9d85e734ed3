/*
 * What one online payment of the customer page pays. Plain numbers, no zod: the customer page
 * imports this file by its own path ('@caderneta/shared/pagamento-online') and stays small.
 */

/**
 * The most one online payment pays: R$ 10 milhões, as MAX_CENTS (the most a payment the seller
 * records may be), so no ledger entry passes it. A bigger balance is paid in several.
 */
export const MAX_PAGAMENTO_ONLINE = 1_000_000_000;

/** What one online payment pays of a pending balance: all of it, up to MAX_PAGAMENTO_ONLINE. */
export const valorPagavelOnline = (saldoPendente: number): number => Math.min(Math.max(0, saldoPendente), MAX_PAGAMENTO_ONLINE);

/**
 * PIX and Mercado Pago charge in reais only. A shop that keeps its books in another currency
 * (the currency setting, docs/decisions/028) offers neither: no PIX code, no online payment.
 */
export const pagamentoEmReais = (moeda: string): boolean => moeda === 'BRL';

/** Spec §9: the card adds a 5% fee to the debt; PIX has none. */
export const TAXA_CARTAO_PERCENTUAL = 5;

/** How long a PIX generated in the customer page can be paid (Mercado Pago's date_of_expiration). */
export const PIX_NA_PAGINA_MINUTOS = 30;

/**
 * The card fee in centavos, rounded half up: R$ 10,01 → R$ 0,50. The customer page passes the
 * percentage the server sent; the server charges the same.
 */
export const taxaCartao = (base: number, percentual: number = TAXA_CARTAO_PERCENTUAL): number => Math.floor((base * percentual + 50) / 100);
