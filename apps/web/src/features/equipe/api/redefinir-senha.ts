import type { SenhaPessoaInput } from '@caderneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshAfter } from '@/lib/query-keys';

/** The owner sets a new password for a login without e-mail; that person's sessions end. */
export async function redefinirSenhaPessoa({ id, input }: { id: string; input: SenhaPessoaInput }): Promise<void> {
  await api<unknown>(`/api/equipe/${id}/senha`, { method: 'POST', body: input });
}

export function useRedefinirSenhaPessoa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: redefinirSenhaPessoa,
    onSuccess: () => refreshAfter(queryClient, 'redefinirSenhaPessoa'),
  });
}
