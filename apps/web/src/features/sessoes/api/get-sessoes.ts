import type { Sessao } from '@caderneta/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The signed-in person's own devices, the most recently used first (this one is `atual`). */
export function getSessoes(signal?: AbortSignal): Promise<{ sessoes: Sessao[] }> {
  return api<{ sessoes: Sessao[] }>('/api/me/sessoes', { signal });
}

export const sessoesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.sessoes,
    queryFn: ({ signal }) => getSessoes(signal),
  });

export function useSessoes() {
  return useQuery(sessoesQueryOptions());
}
