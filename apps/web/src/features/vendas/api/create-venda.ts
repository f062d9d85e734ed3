import type { NovaVendaInput, VendaDetalhe } from '@caderneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshAfter } from '@/lib/query-keys';

/** Only products and quantities travel: the server reads prices and costs itself. */
export function createVenda(input: NovaVendaInput): Promise<VendaDetalhe> {
  return api<VendaDetalhe>('/api/vendas', { method: 'POST', body: input });
}

export function useCreateVenda() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createVenda, onSuccess: () => refreshAfter(queryClient, 'createVenda') });
}
