import type { Notificacao } from '@caderneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshAfter } from '@/lib/query-keys';

/** "Marcar como lida". */
export function markNotificacaoLida(id: string): Promise<Notificacao> {
  return api<Notificacao>(`/api/notificacoes/${id}/lida`, { method: 'POST' });
}

export function useMarkNotificacaoLida() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificacaoLida,
    onSuccess: () => refreshAfter(queryClient, 'markNotificacaoLida'),
  });
}
