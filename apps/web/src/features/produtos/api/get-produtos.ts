import type { ProdutosPage, ProdutosQuery } from '@caderneta/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys, toSearchParams } from '@/lib/query-keys';

/** One page of products, the count matching the filters, and the four cards. */
export function getProdutos(query: ProdutosQuery, signal?: AbortSignal): Promise<ProdutosPage> {
  return api<ProdutosPage>(`/api/produtos${toSearchParams(query, { estoque: 'todos', status: 'ativos', page: 1 })}`, { signal });
}

export const produtosQueryOptions = (query: ProdutosQuery) =>
  queryOptions({
    queryKey: queryKeys.produtos.list(query),
    queryFn: ({ signal }) => getProdutos(query, signal),
    placeholderData: keepPreviousData,
  });

export function useProdutos(query: ProdutosQuery) {
  return useQuery(produtosQueryOptions(query));
}
