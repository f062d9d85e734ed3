import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshAfter } from '@/lib/query-keys';

/** Permanent; the server refuses (409 CLIENTE_TEM_VENDAS) once any sale refers to the customer. */
export function deleteCliente(id: string): Promise<void> {
  return api<void>(`/api/clientes/${id}`, { method: 'DELETE' });
}

export function useDeleteCliente() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCliente,
    onSuccess: () => refreshAfter(queryClient, 'deleteCliente'),
  });
}
