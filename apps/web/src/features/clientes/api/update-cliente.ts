import type { Cliente, ClienteInput } from '@caderneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshAfter } from '@/lib/query-keys';

export function updateCliente({ id, input }: { id: string; input: ClienteInput }): Promise<Cliente> {
  return api<Cliente>(`/api/clientes/${id}`, { method: 'PUT', body: input });
}

export function useUpdateCliente() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCliente,
    onSuccess: () => refreshAfter(queryClient, 'updateCliente'),
  });
}
