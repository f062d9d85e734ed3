import type { ImportacoesResposta } from '@caderneta/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/**
 * The shop's last imports. Kept under the backup area ("backup e importação" is one permission):
 * a restored backup, which refreshes every area, refreshes this list too.
 */
export const importacoesQueryKey = [...queryKeys.backup.all, 'importacoes'] as const;

export const importacoesQueryOptions = () =>
  queryOptions({
    queryKey: importacoesQueryKey,
    queryFn: ({ signal }) => api<ImportacoesResposta>('/api/importacoes', { signal }),
  });

export function useImportacoes({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...importacoesQueryOptions(), enabled });
}
