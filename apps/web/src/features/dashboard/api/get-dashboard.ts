import type { Dashboard } from '@caderneta/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export const dashboardQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.dashboard, queryFn: ({ signal }) => api<Dashboard>('/api/dashboard', { signal }) });

/** The dashboard's figures and recent activity, from one server query. */
export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
