/**
 * Every kind of notification. `pagamento_divergente` (an online payment Mercado Pago reports but
 * that does not match what was asked, so nothing was credited) and `contestacao` (a customer does
 * not recognise an entry of their account) need the seller's attention: they have no switch and
 * are always raised.
 */
export const NOTIFICATION_KINDS = ['venda', 'pagamento', 'estoque_baixo', 'devedor', 'pagamento_divergente', 'contestacao'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The kinds the seller switches on and off (Configurações › Notificações). */
export const NOTIFICATION_PREFERENCE_KINDS = ['venda', 'pagamento', 'estoque_baixo', 'devedor'] as const satisfies readonly NotificationKind[];

/** Spec §9 defaults: new sales on, payments on, low stock on, debtors off. */
export const DEFAULT_NOTIFICATION_PREFERENCES: Record<NotificationKind, boolean> = {
  venda: true,
  pagamento: true,
  estoque_baixo: true,
  devedor: false,
  pagamento_divergente: true,
  contestacao: true,
};

export function notificationEnabled(prefs: Partial<Record<string, boolean>> | null | undefined, kind: NotificationKind): boolean {
  return prefs?.[kind] ?? DEFAULT_NOTIFICATION_PREFERENCES[kind];
}
