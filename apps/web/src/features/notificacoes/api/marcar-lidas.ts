import type { Notificacao } from '@caderneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshAfter } from '@/lib/query-keys';

/** "Marcar como lida". */
export function marcarLida(id: string): Promise<Notificacao> {
  return api<Notificacao>(`/api/notificacoes/${id}/lida`, { method: 'POST' });
}

/** "Marcar todas como lidas". */
export function marcarTodasLidas(): Promise<{ atualizadas: number }> {
  return api<{ atualizadas: number }>('/api/notificacoes/lidas', { method: 'POST' });
}

export function useMarcarLida() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: marcarLida,
    onSuccess: () => refreshAfter(queryClient, 'marcarLida'),
  });
}

export function useMarcarTodasLidas() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: marcarTodasLidas,
    onSuccess: () => refreshAfter(queryClient, 'marcarTodasLidas'),
  });
}
