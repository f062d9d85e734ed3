import type { LancamentoResultado, PagamentoInput } from '@caderneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import { refreshAfter } from '@/lib/query-keys';

/** The amount travels as typed ("12,90"); the server parses it with the same shared rule. */
export function createPagamento({ clienteId, input }: { clienteId: string; input: PagamentoInput }) {
  return api<LancamentoResultado>(`/api/clientes/${clienteId}/pagamentos`, { method: 'POST', body: input });
}

export function useCreatePagamento() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPagamento,
    onSuccess: () => refreshAfter(queryClient, 'createPagamento'),
    // No answer: the entry may be saved all the same, so the balances behind the dialog tell the
    // truth before anyone types it again in a new dialog (which has a new key).
    onError: (error) => {
      if (isApiError(error, 'NETWORK')) void refreshAfter(queryClient, 'createPagamento');
    },
  });
}
