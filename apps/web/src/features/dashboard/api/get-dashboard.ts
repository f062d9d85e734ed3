import type { Dashboard } from '@caderneta/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const dashboardQueryOptions = () =>
  queryOptions({ queryKey: ['dashboard'], queryFn: ({ signal }) => api<Dashboard>('/api/dashboard', { signal }) });

/** The dashboard's figures and recent activity, from one server query. */
export function useDashboard() {
  return useQuery(dashboardQueryOptions());
}
