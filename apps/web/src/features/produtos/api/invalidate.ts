import type { QueryClient } from '@tanstack/react-query';
import { PRODUTOS_QUERY_KEY } from './get-produtos';

/** After a product changed: its lists, and notifications (a save may have raised "Estoque Baixo"). */
export function invalidateProdutos(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: PRODUTOS_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: ['notificacoes'] }),
  ]);
}
