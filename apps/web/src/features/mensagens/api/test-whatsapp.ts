import type { WhatsappTeste } from '@caderneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshAfter } from '@/lib/query-keys';

/** "Testar conexão": the server reads the number from WhatsApp with the typed id and token (or the saved ones). */
export function testWhatsapp(input: { phoneNumberId?: string; accessToken?: string }): Promise<WhatsappTeste> {
  return api<WhatsappTeste>('/api/configuracoes/whatsapp/testar', { method: 'POST', body: input });
}

export function useTestWhatsapp() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: testWhatsapp, onSuccess: () => refreshAfter(queryClient, 'testWhatsapp') });
}
