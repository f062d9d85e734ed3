import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshAfter } from '@/lib/query-keys';
import type { ConviteCriado } from './convite-criado';

/** A new link for an invitation not yet accepted, e-mailed again; the old link stops working. */
export function reenviarConvite(id: string): Promise<ConviteCriado> {
  return api<ConviteCriado>(`/api/equipe/${id}/convite`, { method: 'POST' });
}

export function useReenviarConvite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reenviarConvite,
    onSuccess: () => refreshAfter(queryClient, 'reenviarConvite'),
  });
}
