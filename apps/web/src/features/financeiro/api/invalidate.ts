import type { QueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-client';
import { invalidateAreas } from '@/lib/query-keys';

/** After a ledger entry: balances, debtors, sales' paid status, statements, the dashboard, notifications, the reports. */
function invalidateAfterLancamento(queryClient: QueryClient) {
  return invalidateAreas(queryClient, ['financeiro', 'clientes', 'devedores', 'vendas', 'dashboard', 'notificacoes', 'relatorios']);
}

/**
 * A ledger mutation's refreshes: after it saved, and after it got no answer — the entry may be
 * saved all the same, so the balances behind the dialog tell the truth before anyone types it
 * again in a new dialog (which has a new key).
 */
export function refreshesOfLancamento(queryClient: QueryClient) {
  return {
    onSuccess: () => invalidateAfterLancamento(queryClient),
    onError: (error: unknown) => {
      if (isApiError(error, 'NETWORK')) void invalidateAfterLancamento(queryClient);
    },
  };
}
