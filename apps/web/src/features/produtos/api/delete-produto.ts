import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshAfter } from '@/lib/query-keys';

/** Permanent; the server refuses (409 PRODUTO_TEM_VENDAS) once any sale item refers to it. */
export function deleteProduto(id: string): Promise<void> {
  return api<void>(`/api/produtos/${id}`, { method: 'DELETE' });
}

export function useDeleteProduto() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: deleteProduto, onSuccess: () => refreshAfter(queryClient, 'deleteProduto') });
}
