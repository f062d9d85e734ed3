import type { CobrancaConfig, ReguaInput } from '@caderneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys, refreshAfter } from '@/lib/query-keys';

export function updateRegua(input: ReguaInput): Promise<CobrancaConfig> {
  return api<CobrancaConfig>('/api/cobranca/regua', { method: 'PUT', body: input });
}

export function useUpdateRegua() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRegua,
    onSuccess: async (config) => {
      queryClient.setQueryData(queryKeys.cobranca, config);
      await refreshAfter(queryClient, 'updateRegua');
    },
  });
}
