import type { LancamentoResultado, PagamentoInput } from '@caderneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshAfter, refreshAfterNoAnswer } from '@/lib/query-keys';

/** The amount travels as typed ("12,90"); the server parses it with the same shared rule. */
export function createPagamento({ clienteId, input }: { clienteId: string; input: PagamentoInput }) {
  return api<LancamentoResultado>(`/api/clientes/${clienteId}/pagamentos`, { method: 'POST', body: input });
}

export function useCreatePagamento() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createPagamento,
    onSuccess: () => refreshAfter(queryClient, 'createPagamento'),
    onError: (error) => refreshAfterNoAnswer(queryClient, 'createPagamento', error),
  });
}
