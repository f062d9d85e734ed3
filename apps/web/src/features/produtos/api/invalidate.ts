import type { QueryClient } from '@tanstack/react-query';
import { invalidateAreas } from '@/lib/query-keys';

/** After a product changed: its lists, notifications (a save may have raised "Estoque Baixo") and the reports (stock). */
export function invalidateProdutos(queryClient: QueryClient) {
  return invalidateAreas(queryClient, ['produtos', 'notificacoes', 'relatorios']);
}
