import type { Cliente, ClienteInput } from '@caderneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { CLIENTES_QUERY_KEY } from './get-clientes';

export function createCliente(input: ClienteInput): Promise<Cliente> {
  return api<Cliente>('/api/clientes', { method: 'POST', body: input });
}

export function useCreateCliente() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCliente,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: CLIENTES_QUERY_KEY }),
  });
}
