import type { VendasPage, VendasQuery } from '@caderneta/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys, toSearchParams } from '@/lib/query-keys';

/** Sales per page of /vendas. */
export const VENDAS_PAGE_SIZE = 20;

/** One page of sales, the count matching the filters and the four cards for them. */
export function getVendas(query: VendasQuery, signal?: AbortSignal): Promise<VendasPage> {
  return api<VendasPage>(`/api/vendas${toSearchParams(query, { page: 1 })}`, { signal });
}

export const vendasQueryOptions = (query: VendasQuery) =>
  queryOptions({
    queryKey: queryKeys.vendas.list(query),
    queryFn: ({ signal }) => getVendas(query, signal),
    placeholderData: keepPreviousData,
  });

export function useVendas(query: VendasQuery) {
  return useQuery(vendasQueryOptions(query));
}

/** What /vendas asks for when opened without search or filters (its most common first load). */
export const primeiraPaginaVendas = () => vendasQueryOptions({ busca: '', page: 1, pageSize: VENDAS_PAGE_SIZE });
