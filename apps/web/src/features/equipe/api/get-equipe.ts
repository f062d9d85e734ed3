import type { Equipe } from '@caderneta/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Everyone of the shop, owners first: who, their role, what they may do, where their access stands. */
export function getEquipe(signal?: AbortSignal): Promise<Equipe> {
  return api<Equipe>('/api/equipe', { signal });
}

export const equipeQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.equipe.all,
    queryFn: ({ signal }) => getEquipe(signal),
  });

export function useEquipe() {
  return useQuery(equipeQueryOptions());
}
