import type { IniciarPagamentoInput, PagamentoOnline } from '@caderneta/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { portalPath } from './get-portal';

/** Starts an online payment (PIX or card): the answer carries Mercado Pago's checkout address. */
export function createPagamentoOnline(login: string, input: IniciarPagamentoInput): Promise<PagamentoOnline> {
  return api<PagamentoOnline>(`${portalPath(login)}/pagamentos`, { method: 'POST', body: input });
}

export function useCreatePagamentoOnline(login: string) {
  return useMutation({ mutationFn: (input: IniciarPagamentoInput) => createPagamentoOnline(login, input) });
}
