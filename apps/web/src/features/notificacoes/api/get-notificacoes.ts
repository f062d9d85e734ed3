import type { NotificacoesPage, NotificacoesQuery } from '@caderneta/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function notificacoesSearchParams(query: NotificacoesQuery): string {
  const params = new URLSearchParams();
  if (query.filtro && query.filtro !== 'todas') params.set('filtro', query.filtro);
  if (query.page && query.page > 1) params.set('page', String(query.page));
  if (query.pageSize) params.set('pageSize', String(query.pageSize));
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function getNotificacoes(query: NotificacoesQuery, signal?: AbortSignal): Promise<NotificacoesPage> {
  return api<NotificacoesPage>(`/api/notificacoes${notificacoesSearchParams(query)}`, { signal });
}

export const notificacoesQueryOptions = (query: NotificacoesQuery) =>
  queryOptions({
    queryKey: queryKeys.notificacoes.list(query),
    queryFn: ({ signal }) => getNotificacoes(query, signal),
    placeholderData: keepPreviousData,
  });

export function useNotificacoes(query: NotificacoesQuery) {
  return useQuery(notificacoesQueryOptions(query));
}
