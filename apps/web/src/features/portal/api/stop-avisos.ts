import type { AvisosDoPortal } from '@caderneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshAfter } from '@/lib/query-keys';
import { portalPath } from './get-portal';

/** "Parar avisos": the customer ends their consent to the shop's automatic messages. */
export function stopAvisos(login: string): Promise<AvisosDoPortal> {
  return api<AvisosDoPortal>(`${portalPath(login)}/avisos/parar`, { method: 'POST' });
}

export function useStopAvisos(login: string) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: () => stopAvisos(login), onSuccess: () => refreshAfter(queryClient, 'stopAvisos') });
}
