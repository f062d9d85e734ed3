import type { AjusteInput, LancamentoResultado } from '@caderneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshAfter, refreshAfterNoAnswer } from '@/lib/query-keys';

export function createAjuste({ clienteId, input }: { clienteId: string; input: AjusteInput }) {
  return api<LancamentoResultado>(`/api/clientes/${clienteId}/ajustes`, { method: 'POST', body: input });
}

export function useCreateAjuste() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAjuste,
    onSuccess: () => refreshAfter(queryClient, 'createAjuste'),
    onError: (error) => refreshAfterNoAnswer(queryClient, 'createAjuste', error),
  });
}
