import type { CobrancaClienteInput, DevedorDetalhe } from '@caderneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshAfter } from '@/lib/query-keys';

export function updateCobrancaCliente({ id, input }: { id: string; input: CobrancaClienteInput }): Promise<DevedorDetalhe> {
  return api<DevedorDetalhe>(`/api/devedores/${id}/cobranca`, { method: 'PUT', body: input });
}

/** Both saves of "Gerenciar dívida": the details dialog waits while one is in flight. */
export const GERENCIAR_MUTATION_KEY = ['devedores', 'gerenciar'] as const;

/** Notes and the customer's own due date (manage debt). */
export function useUpdateCobrancaCliente() {
  const queryClient = useQueryClient();
  return useMutation({ mutationKey: GERENCIAR_MUTATION_KEY, mutationFn: updateCobrancaCliente, onSuccess: () => refreshAfter(queryClient, 'updateCobrancaCliente') });
}
