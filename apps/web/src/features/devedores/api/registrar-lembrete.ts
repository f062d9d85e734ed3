import type { Lembrete } from '@caderneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshAfter } from '@/lib/query-keys';

/** "Enviado": the server stores the reminder with the debtor's tier of the day. */
export function registrarLembrete(clienteId: string): Promise<Lembrete> {
  return api<Lembrete>(`/api/devedores/${clienteId}/lembretes`, { method: 'POST' });
}

export function useRegistrarLembrete() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: registrarLembrete, onSuccess: () => refreshAfter(queryClient, 'registrarLembrete') });
}
