import type { CancelarVendaInput, VendaDetalhe } from '@caderneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshAfter } from '@/lib/query-keys';

/** Cancels a sale; the reason goes into the shop's history (ADR 037). */
export function cancelVenda({ id, motivo }: { id: string } & CancelarVendaInput): Promise<VendaDetalhe> {
  return api<VendaDetalhe>(`/api/vendas/${id}/cancelar`, { method: 'POST', body: { motivo } });
}

export function useCancelVenda() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: cancelVenda, onSuccess: () => refreshAfter(queryClient, 'cancelVenda') });
}
