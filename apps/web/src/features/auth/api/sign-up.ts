import type { SignUpInput } from '@caderneta/shared';
import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/** Creates the seller with a paid access code. Does not sign in (the seller logs in next). */
export function signUp(input: SignUpInput): Promise<{ ok: true }> {
  return api<{ ok: true }>('/api/cadastro', { method: 'POST', body: input });
}

export function useSignUp() {
  return useMutation({ mutationFn: signUp });
}
