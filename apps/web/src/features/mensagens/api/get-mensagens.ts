import type { MensagensCliente } from '@caderneta/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The automatic messages sent (or waiting) to a customer, newest first. */
export function getMensagens(clienteId: string, signal?: AbortSignal): Promise<MensagensCliente> {
  return api<MensagensCliente>(`/api/clientes/${clienteId}/mensagens`, { signal });
}

export const mensagensQueryOptions = (clienteId: string | null) =>
  queryOptions({
    queryKey: queryKeys.clientes.mensagens(clienteId),
    queryFn: ({ signal }) => getMensagens(clienteId!, signal),
    enabled: !!clienteId,
  });

export const useMensagens = (clienteId: string | null) => useQuery(mensagensQueryOptions(clienteId));
