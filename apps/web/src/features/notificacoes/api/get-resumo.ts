import type { NotificacoesResumo } from '@caderneta/shared';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { ApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** How often the bell asks, while the page is visible. */
export const INTERVALO_SINO_MS = 30_000;

interface ResumoCache {
  etag: string | null;
  resumo: NotificacoesResumo;
}

/**
 * The bell's data. It sends the ETag of what it has: while nothing changed the server answers 304
 * with no body, and the bell keeps what it shows.
 */
export async function getResumo(previous: ResumoCache | undefined, signal?: AbortSignal): Promise<ResumoCache> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (previous?.etag) headers['If-None-Match'] = previous.etag;
  let response: Response;
  try {
    response = await fetch('/api/notificacoes/resumo', { headers, credentials: 'same-origin', signal });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError(0, { code: 'NETWORK', message: error instanceof Error ? error.message : '' });
  }
  if (response.status === 304 && previous) return previous;
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { code?: string; message?: string } | null;
    throw new ApiError(response.status, { code: body?.code ?? 'INTERNAL', message: body?.message ?? '' });
  }
  return { etag: response.headers.get('etag'), resumo: (await response.json()) as NotificacoesResumo };
}

export const resumoQueryOptions = (queryClient: QueryClient) =>
  queryOptions({
    queryKey: queryKeys.notificacoes.resumo,
    queryFn: ({ signal }) => getResumo(queryClient.getQueryData<ResumoCache>(queryKeys.notificacoes.resumo), signal),
    refetchInterval: INTERVALO_SINO_MS,
    // Refetching on focus catches up after the phone was locked; no polling in a hidden tab.
    refetchIntervalInBackground: false,
    select: (cache) => cache.resumo,
  });

export function useNotificacoesResumo() {
  const queryClient = useQueryClient();
  return useQuery(resumoQueryOptions(queryClient));
}
