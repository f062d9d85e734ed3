import type { ClientesPage, ClientesQuery } from '@caderneta/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Every customer query lives under this key; mutations invalidate it as a whole. */
export const CLIENTES_QUERY_KEY = ['clientes'] as const;

export function clientesSearchParams(query: ClientesQuery): string {
  const params = new URLSearchParams();
  if (query.busca?.trim()) params.set('busca', query.busca.trim());
  if (query.status && query.status !== 'ativos') params.set('status', query.status);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  if (query.pageSize) params.set('pageSize', String(query.pageSize));
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** One page of customers, the count matching the search, and the page's cards. */
export function getClientes(query: ClientesQuery, signal?: AbortSignal): Promise<ClientesPage> {
  return api<ClientesPage>(`/api/clientes${clientesSearchParams(query)}`, { signal });
}

export const clientesQueryOptions = (query: ClientesQuery) =>
  queryOptions({
    queryKey: [...CLIENTES_QUERY_KEY, 'list', query],
    queryFn: ({ signal }) => getClientes(query, signal),
    // Typing in the search box or turning a page keeps the current rows until the new ones arrive.
    placeholderData: keepPreviousData,
  });

export function useClientes(query: ClientesQuery) {
  return useQuery(clientesQueryOptions(query));
}
