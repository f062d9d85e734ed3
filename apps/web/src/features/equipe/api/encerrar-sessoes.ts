import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshAfter } from '@/lib/query-keys';

/** Signs the person out of every device; answers how many sessions ended. */
export function encerrarSessoesPessoa(id: string): Promise<{ encerradas: number }> {
  return api<{ encerradas: number }>(`/api/equipe/${id}/encerrar-sessoes`, { method: 'POST' });
}

export function useEncerrarSessoesPessoa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: encerrarSessoesPessoa,
    onSuccess: () => refreshAfter(queryClient, 'encerrarSessoesPessoa'),
  });
}
