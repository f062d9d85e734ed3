import type { LoginEquipeInput, Pessoa } from '@caderneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshAfter } from '@/lib/query-keys';

/** A login and password for someone without e-mail: they sign in with it at once. */
export function criarLoginPessoa(input: LoginEquipeInput): Promise<Pessoa> {
  return api<Pessoa>('/api/equipe/logins', { method: 'POST', body: input });
}

export function useCriarLoginPessoa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: criarLoginPessoa,
    onSuccess: () => refreshAfter(queryClient, 'criarLoginPessoa'),
  });
}
