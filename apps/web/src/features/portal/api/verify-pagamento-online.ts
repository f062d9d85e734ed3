import type { PagamentoOnline } from '@caderneta/shared';
import { queryOptions } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { portalPath } from './get-portal';

/** The server asks Mercado Pago what happened to the payment, credits it if approved, and answers. */
export function verifyPagamentoOnline(login: string, id: string): Promise<PagamentoOnline> {
  return api<PagamentoOnline>(`${portalPath(login)}/pagamentos/${encodeURIComponent(id)}/verificar`, { method: 'POST' });
}

/** The payment result pages: asked once on arrival, again on "Verificar Status" (refetch). */
export const pagamentoOnlineQueryOptions = (login: string, id: string) =>
  queryOptions({
    queryKey: queryKeys.portal.pagamento(login, id),
    queryFn: () => verifyPagamentoOnline(login, id),
    retry: false,
    refetchOnWindowFocus: false,
  });
