/**
 * The sale's fixed lists and business maximums, in a module without zod: list pages and the
 * counter read them without loading the schemas (schemas/vendas.ts validates with them).
 */
export const FORMAS_PAGAMENTO = ['vista', 'fiado'] as const;
export type FormaPagamento = (typeof FORMAS_PAGAMENTO)[number];
export const STATUS_PAGAMENTO = ['pago', 'pendente', 'cancelado'] as const;
export type StatusPagamento = (typeof STATUS_PAGAMENTO)[number];

/** Business maximums of one sale; why these numbers: docs/decisions/007-business-limits.md. */
export const MAX_ITENS_VENDA = 200;
/** Of a whole unit; kg and L have theirs in unidades.ts (maxQuantidadeItem). */
export const MAX_QUANTIDADE_ITEM = 10_000;
/** R$ 10.000.000,00: checked on the server once the total is computed from the stored prices. */
export const MAX_TOTAL_VENDA = 1_000_000_000;
