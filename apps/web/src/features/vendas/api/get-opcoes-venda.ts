import type { ClientesPage, ProdutosPage } from '@caderneta/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys, toSearchParams } from '@/lib/query-keys';

/**
 * What the new-sale screen offers: active customers and products from their own endpoints,
 * searched on the server. Kept under the 'clientes'/'produtos' keys, so their changes refresh it.
 */
export function useClientesParaVenda(busca: string, { pageSize = 100, enabled = true } = {}) {
  return useQuery({
    queryKey: queryKeys.clientes.paraVenda(busca.trim(), pageSize),
    queryFn: ({ signal }) => api<ClientesPage>(`/api/clientes${toSearchParams({ pageSize, busca })}`, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** The active products the search finds (name, category or the whole barcode), as one query. */
export const produtosParaVenda = (busca: string) =>
  queryOptions({
    queryKey: queryKeys.produtos.paraVenda(busca.trim()),
    queryFn: ({ signal }) => api<ProdutosPage>(`/api/produtos${toSearchParams({ pageSize: 100, busca })}`, { signal }),
  });

export function useProdutosParaVenda(busca: string) {
  return useQuery({ ...produtosParaVenda(busca), placeholderData: keepPreviousData });
}
