import type { SignUpInput } from '@caderneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshAfter } from '@/lib/query-keys';

/** Creates the seller with a paid access code. Does not sign in (the seller logs in next). */
export function signUp(input: SignUpInput): Promise<{ ok: true }> {
  return api<{ ok: true }>('/api/cadastro', { method: 'POST', body: input });
}

export function useSignUp() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: signUp, onSuccess: () => refreshAfter(queryClient, 'signUp') });
}
