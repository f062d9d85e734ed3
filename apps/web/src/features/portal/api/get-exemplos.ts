import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Access codes to try on /cliente (the demo shop's). */
export function getExemplos(signal?: AbortSignal): Promise<{ codigos: string[] }> {
  return api<{ codigos: string[] }>('/api/portal/exemplos', { signal });
}

export const useExemplos = () => useQuery({ queryKey: queryKeys.portal.exemplos, queryFn: ({ signal }) => getExemplos(signal), staleTime: Infinity });
