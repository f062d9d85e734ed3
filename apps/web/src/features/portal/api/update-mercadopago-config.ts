import type { MercadopagoConfig, MercadopagoConfigInput } from '@caderneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys, refreshAfter } from '@/lib/query-keys';

export function updateMercadopagoConfig(input: MercadopagoConfigInput): Promise<MercadopagoConfig> {
  return api<MercadopagoConfig>('/api/configuracoes/mercadopago', { method: 'PUT', body: input });
}

export function useUpdateMercadopagoConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMercadopagoConfig,
    onSuccess: (data) => {
      queryClient.setQueryData(queryKeys.configuracoes.mercadopago, data);
      void refreshAfter(queryClient, 'updateMercadopagoConfig');
    },
  });
}
