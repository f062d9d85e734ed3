import type { Contestacao, ResolverContestacaoInput } from '@caderneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshAfter } from '@/lib/query-keys';

/** "Resolver": cancel the sale, correct the amount with a credit, or answer the customer. */
export function resolveContestacao(id: string, input: ResolverContestacaoInput): Promise<Contestacao> {
  return api<Contestacao>(`/api/contestacoes/${id}/resolver`, { method: 'POST', body: input });
}

export function useResolveContestacao() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ResolverContestacaoInput }) => resolveContestacao(id, input),
    onSuccess: () => refreshAfter(queryClient, 'resolveContestacao'),
  });
}
