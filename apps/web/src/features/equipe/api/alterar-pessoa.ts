import type { Pessoa, PessoaUpdateInput } from '@caderneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshAfter } from '@/lib/query-keys';

/**
 * A person's role, permissions, discount cap or active switch. Switched off, the person is signed
 * out at once (an invitation stops working).
 */
export function alterarPessoa({ id, input }: { id: string; input: PessoaUpdateInput }): Promise<Pessoa> {
  return api<Pessoa>(`/api/equipe/${id}`, { method: 'PATCH', body: input });
}

export function useAlterarPessoa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: alterarPessoa,
    onSuccess: () => refreshAfter(queryClient, 'alterarPessoa'),
  });
}
