import type { CobrancaClienteInput, DevedorDetalhe, PromessaInput } from '@caderneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshAfter } from '@/lib/query-keys';

export function salvarCobrancaCliente({ id, input }: { id: string; input: CobrancaClienteInput }): Promise<DevedorDetalhe> {
  return api<DevedorDetalhe>(`/api/devedores/${id}/cobranca`, { method: 'PUT', body: input });
}

export function salvarPromessa({ id, input }: { id: string; input: PromessaInput }): Promise<DevedorDetalhe> {
  return api<DevedorDetalhe>(`/api/devedores/${id}/promessa`, { method: 'PUT', body: input });
}

/** Both saves of "Gerenciar dívida": the details dialog waits while one is in flight. */
export const GERENCIAR_MUTATION_KEY = ['devedores', 'gerenciar'] as const;

/** Notes and the customer's own due date (manage debt). */
export function useSalvarCobrancaCliente() {
  const queryClient = useQueryClient();
  return useMutation({ mutationKey: GERENCIAR_MUTATION_KEY, mutationFn: salvarCobrancaCliente, onSuccess: () => refreshAfter(queryClient, 'salvarCobrancaCliente') });
}

/** "Promessa de pagamento": record or remove. */
export function useSalvarPromessa() {
  const queryClient = useQueryClient();
  return useMutation({ mutationKey: GERENCIAR_MUTATION_KEY, mutationFn: salvarPromessa, onSuccess: () => refreshAfter(queryClient, 'salvarPromessa') });
}
