import type { WhatsappConfig, WhatsappConfigInput } from '@caderneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys, refreshAfter } from '@/lib/query-keys';

export function updateWhatsappConfig(input: WhatsappConfigInput): Promise<WhatsappConfig> {
  return api<WhatsappConfig>('/api/configuracoes/whatsapp', { method: 'PUT', body: input });
}

export function useUpdateWhatsappConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateWhatsappConfig,
    onSuccess: (data) => {
      queryClient.setQueryData(queryKeys.configuracoes.whatsapp, data);
      void refreshAfter(queryClient, 'updateWhatsappConfig');
    },
  });
}
