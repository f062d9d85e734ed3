import type { IniciarPagamentoInput, PagamentoOnline } from '@caderneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshAfter } from '@/lib/query-keys';
import { portalPath } from './get-portal';

/** Starts an online payment (PIX or card): the answer carries Mercado Pago's checkout address. */
export function createPagamentoOnline(login: string, input: IniciarPagamentoInput): Promise<PagamentoOnline> {
  return api<PagamentoOnline>(`${portalPath(login)}/pagamentos`, { method: 'POST', body: input });
}

export function useCreatePagamentoOnline(login: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: (input: IniciarPagamentoInput) => createPagamentoOnline(login, input), onSuccess: () => refreshAfter(queryClient, 'createPagamentoOnline') });
}
