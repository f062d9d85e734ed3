import type { PixConfig } from '@caderneta/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getPixConfig(signal?: AbortSignal): Promise<PixConfig> {
  return api<PixConfig>('/api/configuracoes/pix', { signal });
}

export const usePixConfig = () => useQuery({ queryKey: queryKeys.configuracoes.pix, queryFn: ({ signal }) => getPixConfig(signal) });
