import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshAfter } from '@/lib/query-keys';

/** Asks for a reset e-mail. The API answers the same whether or not the e-mail exists. */
export async function requestPasswordReset(email: string): Promise<void> {
  await api<unknown>('/api/auth/request-password-reset', {
    method: 'POST',
    body: { email, redirectTo: '/reset-password' },
  });
}

export function useRequestPasswordReset() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: requestPasswordReset, onSuccess: () => refreshAfter(queryClient, 'requestPasswordReset') });
}
