import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshAfter } from '@/lib/query-keys';

export interface ResetPasswordRequest {
  token: string;
  newPassword: string;
}

/** Sets a new password with the token from the e-mail link (INVALID_TOKEN when expired/used). */
export async function resetPassword({ token, newPassword }: ResetPasswordRequest): Promise<void> {
  await api<unknown>('/api/auth/reset-password', { method: 'POST', body: { token, newPassword } });
}

export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: resetPassword, onSuccess: () => refreshAfter(queryClient, 'resetPassword') });
}
