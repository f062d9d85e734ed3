import type { Me } from '@caderneta/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { readStorage, removeStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage-keys';

/** The seller this browser last saw signed in, when it kept one. */
function sessaoGuardada(): Me | null {
  const texto = readStorage(STORAGE_KEYS.session);
  if (!texto) return null;
  try {
    const me = JSON.parse(texto) as Me;
    return typeof me?.user?.id === 'string' ? me : null;
  } catch {
    return null;
  }
}

/**
 * The signed-in seller, or null when signed out (the API answers 401). Without a connection, the
 * seller this browser last saw signed in (issue 36: the installed app opens offline); the server
 * still decides every request once it answers.
 */
export async function getMe(signal?: AbortSignal): Promise<Me | null> {
  try {
    const me = await api<Me>('/api/me', { signal });
    writeStorage(STORAGE_KEYS.session, JSON.stringify(me));
    return me;
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      removeStorage(STORAGE_KEYS.session);
      return null;
    }
    const guardada = isApiError(error) && error.status === 0 ? sessaoGuardada() : null;
    if (guardada) return guardada;
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
