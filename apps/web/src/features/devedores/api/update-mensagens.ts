import type { CobrancaConfig, MensagensInput } from '@caderneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys, refreshAfter } from '@/lib/query-keys';

export function updateMensagens(input: MensagensInput): Promise<CobrancaConfig> {
  return api<CobrancaConfig>('/api/cobranca/mensagens', { method: 'PUT', body: input });
}

export function useUpdateMensagens() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMensagens,
    onSuccess: async (config) => {
      queryClient.setQueryData(queryKeys.cobranca, config);
      await refreshAfter(queryClient, 'updateMensagens');
    },
  });
}
