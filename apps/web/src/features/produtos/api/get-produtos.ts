import type { ProdutosPage, ProdutosQuery } from '@caderneta/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Every product query lives under this key; mutations invalidate it as a whole. */
export const PRODUTOS_QUERY_KEY = ['produtos'] as const;

export function produtosSearchParams(query: ProdutosQuery): string {
  const params = new URLSearchParams();
  if (query.busca?.trim()) params.set('busca', query.busca.trim());
  if (query.estoque && query.estoque !== 'todos') params.set('estoque', query.estoque);
  if (query.status && query.status !== 'ativos') params.set('status', query.status);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  if (query.pageSize) params.set('pageSize', String(query.pageSize));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** One page of products, the count matching the filters, and the four cards. */
export function getProdutos(query: ProdutosQuery, signal?: AbortSignal): Promise<ProdutosPage> {
  return api<ProdutosPage>(`/api/produtos${produtosSearchParams(query)}`, { signal });
}

export const produtosQueryOptions = (query: ProdutosQuery) =>
  queryOptions({
    queryKey: [...PRODUTOS_QUERY_KEY, 'list', query],
    queryFn: ({ signal }) => getProdutos(query, signal),
    placeholderData: keepPreviousData,
  });

export function useProdutos(query: ProdutosQuery) {
  return useQuery(produtosQueryOptions(query));
}
