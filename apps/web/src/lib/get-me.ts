import type { Me } from '@caderneta/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The signed-in seller, or null when signed out (the API answers 401). */
export async function getMe(signal?: AbortSignal): Promise<Me | null> {
  try {
    return await api<Me>('/api/me', { signal });
  } catch (error) {
    if (isApiError(error) && error.status === 401) return null;
    throw error;
  }
}

export const meQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.me,
    queryFn: ({ signal }) => getMe(signal),
    staleTime: 5 * 60_000,
  });

export function useMe() {
  return useQuery(meQueryOptions());
}
