import type { PixConfig, PixConfigInput } from '@caderneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys, refreshAfter } from '@/lib/query-keys';

export function updatePixConfig(input: PixConfigInput): Promise<PixConfig> {
  return api<PixConfig>('/api/configuracoes/pix', { method: 'PUT', body: input });
}

export function useUpdatePixConfig() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updatePixConfig,
    onSuccess: (data) => {
      queryClient.setQueryData(queryKeys.configuracoes.pix, data);
      void refreshAfter(queryClient, 'updatePixConfig');
    },
  });
}
