import type { ConviteInfo } from '@caderneta/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Whose shop an invitation is for, while it can be accepted (404 CONVITE_INVALIDO once used, expired or cancelled). */
export function getConvite(token: string, signal?: AbortSignal): Promise<ConviteInfo> {
  return api<ConviteInfo>(`/api/convites/${encodeURIComponent(token)}`, { signal });
}

export const conviteQueryOptions = (token: string) =>
  queryOptions({
    queryKey: queryKeys.equipe.convite(token),
    queryFn: ({ signal }) => getConvite(token, signal),
    // A refused link stays refused: no retries, and no refetch while the person types the password.
    retry: false,
    staleTime: Infinity,
  });

export function useConvite(token: string) {
  return useQuery(conviteQueryOptions(token));
}
