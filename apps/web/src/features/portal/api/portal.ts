import type { IniciarPagamentoInput, PagamentoOnline, PortalCliente } from '@caderneta/shared';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The customer page's calls: public, keyed by the customer's access code. */
const base = (login: string) => `/api/portal/${encodeURIComponent(login)}`;

export const portalQueryOptions = (login: string) =>
  queryOptions({
    queryKey: queryKeys.portal.cliente(login),
    queryFn: ({ signal }) => api<PortalCliente>(base(login), { signal }),
    // A wrong code is an answer, not a hiccup: no retries on 4xx.
    retry: (count, error) => count < 2 && !(error && 'status' in error && Number((error as { status: number }).status) >= 400),
  });

export const usePortal = (login: string) => useQuery(portalQueryOptions(login));

export const useExemplos = () =>
  useQuery({ queryKey: queryKeys.portal.exemplos, queryFn: ({ signal }) => api<{ codigos: string[] }>('/api/portal/exemplos', { signal }), staleTime: Infinity });

export function useIniciarPagamento(login: string) {
  return useMutation({
    mutationFn: (input: IniciarPagamentoInput) => api<PagamentoOnline>(`${base(login)}/pagamentos`, { method: 'POST', body: input }),
  });
}

export function useVerificarPagamento(login: string) {
  return useMutation({
    mutationFn: (id: string) => api<PagamentoOnline>(`${base(login)}/pagamentos/${encodeURIComponent(id)}/verificar`, { method: 'POST' }),
  });
}
