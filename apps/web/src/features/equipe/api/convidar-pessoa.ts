import type { ConviteInput } from '@caderneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshAfter } from '@/lib/query-keys';
import type { ConviteCriado } from './convite-criado';

/** Invites a person by e-mail: a link valid DIAS_CONVITE days, e-mailed and answered. */
export function convidarPessoa(input: ConviteInput): Promise<ConviteCriado> {
  return api<ConviteCriado>('/api/equipe/convites', { method: 'POST', body: input });
}

export function useConvidarPessoa() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: convidarPessoa,
    onSuccess: () => refreshAfter(queryClient, 'convidarPessoa'),
  });
}
