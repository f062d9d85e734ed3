import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshAfter } from '@/lib/query-keys';

/** "Marcar todas como lidas". */
export function markNotificacoesLidas(): Promise<{ atualizadas: number }> {
  return api<{ atualizadas: number }>('/api/notificacoes/lidas', { method: 'POST' });
}

export function useMarkNotificacoesLidas() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificacoesLidas,
    onSuccess: () => refreshAfter(queryClient, 'markNotificacoesLidas'),
  });
}
