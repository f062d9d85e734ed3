import type { Cliente, ClienteInput } from '@caderneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { CLIENTES_QUERY_KEY } from './get-clientes';

export function updateCliente({ id, input }: { id: string; input: ClienteInput }): Promise<Cliente> {
  return api<Cliente>(`/api/clientes/${id}`, { method: 'PUT', body: input });
}

export function useUpdateCliente() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCliente,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CLIENTES_QUERY_KEY }),
  });
}
