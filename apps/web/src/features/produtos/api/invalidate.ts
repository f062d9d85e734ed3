import type { QueryClient } from '@tanstack/react-query';
import { invalidateAreas } from '@/lib/query-keys';

/** After a product changed: its lists, and notifications (a save may have raised "Estoque Baixo"). */
export function invalidateProdutos(queryClient: QueryClient) {
  return invalidateAreas(queryClient, ['produtos', 'notificacoes']);
}
