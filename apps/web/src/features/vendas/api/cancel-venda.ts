import type { VendaDetalhe } from '@caderneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshAfter } from '@/lib/query-keys';

export function cancelVenda(id: string): Promise<VendaDetalhe> {
  return api<VendaDetalhe>(`/api/vendas/${id}/cancelar`, { method: 'POST' });
}

export function useCancelVenda() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelVenda, onSuccess: () => refreshAfter(queryClient, 'cancelVenda') });
}
