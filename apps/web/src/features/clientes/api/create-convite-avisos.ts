import type { MensagemCliente } from '@caderneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshAfter } from '@/lib/query-keys';

/** "Pedir autorização pelo WhatsApp": the shop's number asks the customer to reply SIM. */
export function createConviteAvisos(clienteId: string): Promise<MensagemCliente> {
  return api<MensagemCliente>(`/api/clientes/${clienteId}/avisos/convite`, { method: 'POST' });
}

export function useCreateConviteAvisos() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createConviteAvisos, onSuccess: () => refreshAfter(queryClient, 'createConviteAvisos') });
}
