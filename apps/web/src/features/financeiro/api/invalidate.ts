import type { QueryClient } from '@tanstack/react-query';
import { invalidateAreas } from '@/lib/query-keys';

/** After a ledger entry: balances, debtors, sales' paid status, statements, the dashboard, notifications, the reports. */
export function invalidateAfterLancamento(queryClient: QueryClient) {
  return invalidateAreas(queryClient, ['financeiro', 'clientes', 'devedores', 'vendas', 'dashboard', 'notificacoes', 'relatorios']);
}
