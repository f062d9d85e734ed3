import type { Contestacao, ResolverContestacaoInput } from '@caderneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshAfter } from '@/lib/query-keys';

/** Resolves a dispute: cancel the sale, correct the amount with a credit, or answer the customer. */
export function useResolverContestacao() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ResolverContestacaoInput }) => api<Contestacao>(`/api/contestacoes/${id}/resolver`, { method: 'POST', body: input }),
    onSuccess: () => refreshAfter(queryClient, 'resolverContestacao'),
  });
}
