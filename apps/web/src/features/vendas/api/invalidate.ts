import type { QueryClient } from '@tanstack/react-query';
import { invalidateAreas } from '@/lib/query-keys';

/**
 * After a sale or a cancellation: sales, customers' balances, products' stock, the dashboard,
 * statements and notifications all moved.
 */
export function invalidateAfterVenda(queryClient: QueryClient) {
  return invalidateAreas(queryClient, ['vendas', 'clientes', 'produtos', 'dashboard', 'financeiro', 'notificacoes']);
}
