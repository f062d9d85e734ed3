import type { LancamentoResultado, PagamentoInput } from '@caderneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshesOfLancamento } from './invalidate';

/** The amount travels as typed ("12,90"); the server parses it with the same shared rule. */
export function registrarPagamento({ clienteId, input }: { clienteId: string; input: PagamentoInput }) {
  return api<LancamentoResultado>(`/api/clientes/${clienteId}/pagamentos`, { method: 'POST', body: input });
}

export function useRegistrarPagamento() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: registrarPagamento, ...refreshesOfLancamento(queryClient) });
}
