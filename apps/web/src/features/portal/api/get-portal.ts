import type { PortalCliente } from '@caderneta/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The customer page's calls are public, keyed by the customer's access code. */
export const portalPath = (login: string) => `/api/portal/${encodeURIComponent(login)}`;

export function getPortal(login: string, signal?: AbortSignal): Promise<PortalCliente> {
  return api<PortalCliente>(portalPath(login), { signal });
}

export const portalQueryOptions = (login: string) =>
  queryOptions({
    queryKey: queryKeys.portal.cliente(login),
    queryFn: ({ signal }) => getPortal(login, signal),
    // A wrong code is an answer, not a hiccup: no retries on 4xx.
    retry: (count, error) => count < 2 && !(error && 'status' in error && Number((error as { status: number }).status) >= 400),
  });

export const usePortal = (login: string) => useQuery(portalQueryOptions(login));
