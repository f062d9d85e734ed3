import type { AceitarConviteInput } from '@caderneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshAfter } from '@/lib/query-keys';

/** Accepts an invitation with the person's own password; answers the e-mail they sign in with. */
export function aceitarConvite({ token, input }: { token: string; input: AceitarConviteInput }): Promise<{ email: string }> {
  return api<{ email: string }>(`/api/convites/${encodeURIComponent(token)}/aceitar`, { method: 'POST', body: input });
}

export function useAceitarConvite() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: aceitarConvite, onSuccess: () => refreshAfter(queryClient, 'aceitarConvite') });
}
