import type { DevedoresPage, DevedoresQuery } from '@caderneta/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Every debtor query lives under this key; what changes a debt invalidates it as a whole. */
export const DEVEDORES_QUERY_KEY = ['devedores'] as const;

export function devedoresSearchParams(query: DevedoresQuery): string {
  const params = new URLSearchParams();
  if (query.busca?.trim()) params.set('busca', query.busca.trim());
  if (query.ordem && query.ordem !== 'maior_divida') params.set('ordem', query.ordem);
  if (query.nivel) params.set('nivel', query.nivel);
  if (query.situacao && query.situacao !== 'todos') params.set('situacao', query.situacao);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  if (query.pageSize) params.set('pageSize', String(query.pageSize));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The cards over every debtor and one page of the search, sort and level the seller chose. */
export function getDevedores(query: DevedoresQuery, signal?: AbortSignal): Promise<DevedoresPage> {
  return api<DevedoresPage>(`/api/devedores${devedoresSearchParams(query)}`, { signal });
}

export const devedoresQueryOptions = (query: DevedoresQuery) =>
  queryOptions({
    queryKey: [...DEVEDORES_QUERY_KEY, 'list', query],
    queryFn: ({ signal }) => getDevedores(query, signal),
    placeholderData: keepPreviousData,
  });

export function useDevedores(query: DevedoresQuery, options: { enabled?: boolean } = {}) {
  return useQuery({ ...devedoresQueryOptions(query), enabled: options.enabled ?? true });
}
