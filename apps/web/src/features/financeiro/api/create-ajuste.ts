import type { AjusteInput, LancamentoResultado } from '@caderneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import { refreshAfter } from '@/lib/query-keys';

export function createAjuste({ clienteId, input }: { clienteId: string; input: AjusteInput }) {
  return api<LancamentoResultado>(`/api/clientes/${clienteId}/ajustes`, { method: 'POST', body: input });
}

export function useCreateAjuste() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAjuste,
    onSuccess: () => refreshAfter(queryClient, 'createAjuste'),
    // No answer: the entry may be saved all the same, so the balances behind the dialog tell the
    // truth before anyone types it again in a new dialog (which has a new key).
    onError: (error) => {
      if (isApiError(error, 'NETWORK')) void refreshAfter(queryClient, 'createAjuste');
    },
  });
}
