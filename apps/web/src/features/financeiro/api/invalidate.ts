import type { QueryClient } from '@tanstack/react-query';
import { invalidateAreas } from '@/lib/query-keys';

/** After a ledger entry: balances, sales' paid status, statements, the dashboard, notifications. */
export function invalidateAfterLancamento(queryClient: QueryClient) {
  return invalidateAreas(queryClient, ['financeiro', 'clientes', 'vendas', 'dashboard', 'notificacoes']);
}
