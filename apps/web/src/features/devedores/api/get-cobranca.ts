import type { CobrancaConfig } from '@caderneta/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const COBRANCA_QUERY_KEY = ['cobranca'] as const;

/** The seller's due-date rule, messages and reminder settings (stored on the server). */
export function getCobranca(signal?: AbortSignal): Promise<CobrancaConfig> {
  return api<CobrancaConfig>('/api/cobranca', { signal });
}

export const cobrancaQueryOptions = () => queryOptions({ queryKey: COBRANCA_QUERY_KEY, queryFn: ({ signal }) => getCobranca(signal) });

export function useCobranca() {
  return useQuery(cobrancaQueryOptions());
}
