import type { Contestacoes } from '@caderneta/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The entries a customer disputed on their page: open ones first, then the newest resolved. */
export function getContestacoes(clienteId: string, signal?: AbortSignal): Promise<Contestacoes> {
  return api<Contestacoes>(`/api/clientes/${clienteId}/contestacoes`, { signal });
}

export const contestacoesQueryOptions = (clienteId: string | null) =>
  queryOptions({
    queryKey: queryKeys.clientes.contestacoes(clienteId),
    queryFn: ({ signal }) => getContestacoes(clienteId!, signal),
    enabled: !!clienteId,
  });

export const useContestacoes = (clienteId: string | null) => useQuery(contestacoesQueryOptions(clienteId));
