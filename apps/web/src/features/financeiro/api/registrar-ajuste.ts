import type { AjusteInput, LancamentoResultado } from '@caderneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, isApiError } from '@/lib/api-client';
import { refreshAfter } from '@/lib/query-keys';

export function registrarAjuste({ clienteId, input }: { clienteId: string; input: AjusteInput }) {
  return api<LancamentoResultado>(`/api/clientes/${clienteId}/ajustes`, { method: 'POST', body: input });
}

export function useRegistrarAjuste() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registrarAjuste,
    onSuccess: () => refreshAfter(queryClient, 'registrarAjuste'),
    // No answer: the entry may be saved all the same, so the balances behind the dialog tell the
    // truth before anyone types it again in a new dialog (which has a new key).
    onError: (error) => {
      if (isApiError(error, 'NETWORK')) void refreshAfter(queryClient, 'registrarAjuste');
    },
  });
}
