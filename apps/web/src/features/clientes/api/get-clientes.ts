import type { ClientesPage, ClientesQuery } from '@caderneta/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys, toSearchParams } from '@/lib/query-keys';

/** One page of customers, the count matching the search, and the page's cards. */
export function getClientes(query: ClientesQuery, signal?: AbortSignal): Promise<ClientesPage> {
  return api<ClientesPage>(`/api/clientes${toSearchParams(query, { status: 'ativos', page: 1 })}`, { signal });
}

export const clientesQueryOptions = (query: ClientesQuery) =>
  queryOptions({
    queryKey: queryKeys.clientes.list(query),
    queryFn: ({ signal }) => getClientes(query, signal),
    // Typing in the search box or turning a page keeps the current rows until the new ones arrive.
    placeholderData: keepPreviousData,
  });

export function useClientes(query: ClientesQuery) {
  return useQuery(clientesQueryOptions(query));
}
