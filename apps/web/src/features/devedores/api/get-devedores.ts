import type { DevedoresPage, DevedoresQuery } from '@caderneta/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys, toSearchParams } from '@/lib/query-keys';

/** The cards over every debtor and one page of the search, sort and level the seller chose. */
export function getDevedores(query: DevedoresQuery, signal?: AbortSignal): Promise<DevedoresPage> {
  return api<DevedoresPage>(`/api/devedores${toSearchParams(query, { ordem: 'maior_divida', situacao: 'todos', page: 1 })}`, { signal });
}

export const devedoresQueryOptions = (query: DevedoresQuery) =>
  queryOptions({
    queryKey: queryKeys.devedores.list(query),
    queryFn: ({ signal }) => getDevedores(query, signal),
    placeholderData: keepPreviousData,
  });

export function useDevedores(query: DevedoresQuery, options: { enabled?: boolean } = {}) {
  return useQuery({ ...devedoresQueryOptions(query), enabled: options.enabled ?? true });
}
