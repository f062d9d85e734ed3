import type { BackupsAutomaticos } from '@caderneta/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const backupsAutomaticosQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.backup.automaticos,
    queryFn: ({ signal }) => api<BackupsAutomaticos>('/api/backup/automaticos', { signal }),
  });

export function useBackupsAutomaticos() {
  return useQuery(backupsAutomaticosQueryOptions());
}
