import type { VendasPage, VendasQuery } from '@caderneta/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Every sales query lives under this key; a sale, a cancellation or a payment invalidates it. */
export const VENDAS_QUERY_KEY = ['vendas'] as const;

export function vendasSearchParams(query: VendasQuery): string {
  const params = new URLSearchParams();
  if (query.busca?.trim()) params.set('busca', query.busca.trim());
  if (query.status) params.set('status', query.status);
  if (query.forma) params.set('forma', query.forma);
  if (query.de) params.set('de', query.de);
  if (query.ate) params.set('ate', query.ate);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  if (query.pageSize) params.set('pageSize', String(query.pageSize));
  if (query.cursor) params.set('cursor', query.cursor);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** One page of sales, the count matching the filters and the four cards for them. */
export function getVendas(query: VendasQuery, signal?: AbortSignal): Promise<VendasPage> {
  return api<VendasPage>(`/api/vendas${vendasSearchParams(query)}`, { signal });
}

export const vendasQueryOptions = (query: VendasQuery) =>
  queryOptions({
    queryKey: [...VENDAS_QUERY_KEY, 'list', query],
    queryFn: ({ signal }) => getVendas(query, signal),
    placeholderData: keepPreviousData,
  });

export function useVendas(query: VendasQuery) {
  return useQuery(vendasQueryOptions(query));
}
