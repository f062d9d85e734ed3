import type { DevedorDetalhe, PromessaInput } from '@caderneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshAfter } from '@/lib/query-keys';
import { GERENCIAR_MUTATION_KEY } from './update-cobranca-cliente';

export function updatePromessa({ id, input }: { id: string; input: PromessaInput }): Promise<DevedorDetalhe> {
  return api<DevedorDetalhe>(`/api/devedores/${id}/promessa`, { method: 'PUT', body: input });
}

/** "Promessa de pagamento": record or remove. */
export function useUpdatePromessa() {
  const queryClient = useQueryClient();
  return useMutation({ mutationKey: GERENCIAR_MUTATION_KEY, mutationFn: updatePromessa, onSuccess: () => refreshAfter(queryClient, 'updatePromessa') });
}
