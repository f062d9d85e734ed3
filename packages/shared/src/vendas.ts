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

/**
 * A sale or a payment the counter queued while offline (issue 36,
 * docs/decisions/034-offline-sales-server.md) carries the moment it was made (`offline.feitaEm`).
 * The server accepts it within this window of its own clock: a little ahead (a device's clock runs
 * fast), up to 30 days behind (a phone left offline over a holiday); older than that is a mistake,
 * not a queue.
 */
export const MAX_ADIANTAMENTO_OFFLINE_MS = 5 * 60 * 1000;
export const MAX_ATRASO_OFFLINE_DIAS = 30;
export const MAX_ATRASO_OFFLINE_MS = MAX_ATRASO_OFFLINE_DIAS * 24 * 60 * 60 * 1000;

/** Why `feitaEm` is outside the window (a validation-message key), or null when it is inside. */
export function foraDaJanelaOffline(feitaEm: Date, agora: Date): 'feitaEmNoFuturo' | 'feitaEmAntiga' | null {
  const diferenca = feitaEm.getTime() - agora.getTime();
  if (diferenca > MAX_ADIANTAMENTO_OFFLINE_MS) return 'feitaEmNoFuturo';
  if (-diferenca > MAX_ATRASO_OFFLINE_MS) return 'feitaEmAntiga';
  return null;
}

/**
 * What an offline sale would have been refused for, had it been made online: it is recorded anyway
 * (the goods already left the shop) and carries these alerts so the owner sees it.
 *  - estoque: a product had less stock than the sale took; `faltou` in the product's stored steps
 *    (grams for kg, as `quantidade`), the stock was taken down to 0;
 *  - limite: the customer's credit limit was passed;
 *  - bloqueado: the customer does not buy fiado (limit 0);
 *  - clienteInativo: the customer had been deactivated.
 */
export const TIPOS_ALERTA_VENDA = ['estoque', 'limite', 'bloqueado', 'clienteInativo'] as const;
export type TipoAlertaVenda = (typeof TIPOS_ALERTA_VENDA)[number];
