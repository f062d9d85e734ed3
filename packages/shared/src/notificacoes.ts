export const NOTIFICATION_KINDS = ['venda', 'pagamento', 'estoque_baixo', 'devedor'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** Spec §9 defaults: new sales on, payments on, low stock on, debtors off. */
export const DEFAULT_NOTIFICATION_PREFERENCES: Record<NotificationKind, boolean> = {
  venda: true,
  pagamento: true,
  estoque_baixo: true,
  devedor: false,
};

export function notificationEnabled(prefs: Partial<Record<string, boolean>> | null | undefined, kind: NotificationKind): boolean {
  return prefs?.[kind] ?? DEFAULT_NOTIFICATION_PREFERENCES[kind];
}
