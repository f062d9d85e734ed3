import type { Notificacao } from '@caderneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { NOTIFICACOES_QUERY_KEY } from './get-resumo';

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
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICACOES_QUERY_KEY }),
  });
}

export function useMarcarTodasLidas() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: marcarTodasLidas,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: NOTIFICACOES_QUERY_KEY }),
  });
}
