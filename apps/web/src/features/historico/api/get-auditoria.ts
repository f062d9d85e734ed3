import type { AuditoriaPage, AuditoriaQuery } from '@caderneta/shared';
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys, toSearchParams } from '@/lib/query-keys';

/** What the Histórico is filtered by (the page and the CSV export read the same rows). */
export type FiltrosHistorico = Omit<AuditoriaQuery, 'cursor' | 'pageSize'>;

export const HISTORICO_PAGE_SIZE = 50;

export function getAuditoria(query: AuditoriaQuery, signal?: AbortSignal): Promise<AuditoriaPage> {
  const { pageSize, cursor, autor, grupo, registro, registroId, clienteId, de, ate } = query;
  return api<AuditoriaPage>(`/api/auditoria${toSearchParams({ autor, grupo, registro, registroId, clienteId, de, ate, pageSize, cursor })}`, { signal });
}

export const auditoriaQueryOptions = (filtros: FiltrosHistorico) =>
  infiniteQueryOptions({
    queryKey: queryKeys.historico.list(filtros),
    queryFn: ({ pageParam, signal }) => getAuditoria({ ...filtros, pageSize: HISTORICO_PAGE_SIZE, cursor: pageParam }, signal),
    initialPageParam: undefined as string | undefined,
    // Keyset pages: "Carregar mais" continues right after the last row shown, so a change made
    // meanwhile never pushes a row already seen onto the next page.
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    placeholderData: keepPreviousData,
    // Every write of the shop (and Mercado Pago's notices, and the jobs) adds rows: the page reads
    // afresh whenever it opens instead of every mutation naming it.
    staleTime: 0,
  });

/** The shop's history, newest first, a page of 50 at a time. */
export function useAuditoria(filtros: FiltrosHistorico) {
  return useInfiniteQuery(auditoriaQueryOptions(filtros));
}
