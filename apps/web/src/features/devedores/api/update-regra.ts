import type { CobrancaConfig, RegraVencimentoInput } from '@caderneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys, refreshAfter } from '@/lib/query-keys';

export function updateRegra(input: RegraVencimentoInput): Promise<CobrancaConfig> {
  return api<CobrancaConfig>('/api/cobranca/regra', { method: 'PUT', body: input });
}

/** "Configurar Vencimento": every due date on the page, and the reports' overdue figures, follow the new rule at once. */
export function useUpdateRegra() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRegra,
    onSuccess: async (config) => {
      queryClient.setQueryData(queryKeys.cobranca, config);
      await refreshAfter(queryClient, 'updateRegra');
    },
  });
}
