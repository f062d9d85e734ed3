import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshAfter } from '@/lib/query-keys';

/**
 * Changes the password after checking the current one. The server signs every other session of
 * the seller out and gives this browser a new one.
 */
export async function changePassword({ senhaAtual, novaSenha }: { senhaAtual: string; novaSenha: string }): Promise<void> {
  await api<unknown>('/api/auth/change-password', { method: 'POST', body: { currentPassword: senhaAtual, newPassword: novaSenha } });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: changePassword, onSuccess: () => refreshAfter(queryClient, 'changePassword') });
}
