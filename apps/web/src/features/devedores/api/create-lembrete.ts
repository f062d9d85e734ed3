import type { Lembrete } from '@caderneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshAfter } from '@/lib/query-keys';

/** "Enviado": the server stores the reminder with the debtor's tier of the day. */
export function createLembrete(clienteId: string): Promise<Lembrete> {
  return api<Lembrete>(`/api/devedores/${clienteId}/lembretes`, { method: 'POST' });
}

export function useCreateLembrete() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createLembrete, onSuccess: () => refreshAfter(queryClient, 'createLembrete') });
}
