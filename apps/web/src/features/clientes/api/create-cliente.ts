import type { Cliente, ClienteCriacao } from '@caderneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshAfter } from '@/lib/query-keys';

export function createCliente(input: ClienteCriacao): Promise<Cliente> {
  return api<Cliente>('/api/clientes', { method: 'POST', body: input });
}

export function useCreateCliente() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCliente,
    onSuccess: () => refreshAfter(queryClient, 'createCliente'),
  });
}
