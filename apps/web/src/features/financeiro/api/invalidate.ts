import type { QueryClient } from '@tanstack/react-query';

/** After a ledger entry: balances, debtors, sales' paid status, statements, the dashboard, notifications. */
export function invalidateAfterLancamento(queryClient: QueryClient) {
  return Promise.all(
    ['financeiro', 'clientes', 'devedores', 'vendas', 'dashboard', 'notificacoes'].map((key) => queryClient.invalidateQueries({ queryKey: [key] })),
  );
}
