import type { CobrancaConfig } from '@caderneta/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The seller's due-date rule, messages and reminder settings (stored on the server). */
export function getCobranca(signal?: AbortSignal): Promise<CobrancaConfig> {
  return api<CobrancaConfig>('/api/cobranca', { signal });
}

export const cobrancaQueryOptions = () => queryOptions({ queryKey: queryKeys.cobranca, queryFn: ({ signal }) => getCobranca(signal) });

export function useCobranca() {
  return useQuery(cobrancaQueryOptions());
}
