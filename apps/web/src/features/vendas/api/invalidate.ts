import type { QueryClient } from '@tanstack/react-query';

/**
 * After a sale or a cancellation: sales, customers' balances, products' stock, the dashboard,
 * statements and notifications all moved. Keys are named here rather than imported, so this
 * feature does not import the others.
 */
export function invalidateAfterVenda(queryClient: QueryClient) {
  return Promise.all(
    ['vendas', 'clientes', 'produtos', 'dashboard', 'financeiro', 'notificacoes'].map((key) =>
      queryClient.invalidateQueries({ queryKey: [key] }),
    ),
  );
}
