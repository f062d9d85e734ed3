import type { BackupsAutomaticos } from '@caderneta/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const BACKUPS_QUERY_KEY = ['backup', 'automaticos'] as const;

export const backupsAutomaticosQueryOptions = () =>
  queryOptions({
    queryKey: BACKUPS_QUERY_KEY,
    queryFn: ({ signal }) => api<BackupsAutomaticos>('/api/backup/automaticos', { signal }),
  });

export function useBackupsAutomaticos() {
  return useQuery(backupsAutomaticosQueryOptions());
}
