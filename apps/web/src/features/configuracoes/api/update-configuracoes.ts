import type { Configuracoes, LojaInput, PerfilInput, PreferenciasNotificacao, SistemaInput } from '@caderneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys, refreshAfter } from '@/lib/query-keys';

interface Tabs {
  perfil: PerfilInput;
  loja: LojaInput;
  notificacoes: PreferenciasNotificacao;
  sistema: SistemaInput;
}

/** PUT /api/configuracoes/<tab>: saves one tab; the answer is every tab as saved. */
export function updateConfiguracoes<K extends keyof Tabs>(aba: K, input: Tabs[K]): Promise<Configuracoes> {
  return api<Configuracoes>(`/api/configuracoes/${aba}`, { method: 'PUT', body: input });
}

/**
 * Saving a tab updates the settings in place and reloads the session, whose name, photo, shop
 * name, time zone, currency and language the whole app shows.
 */
export function useUpdateConfiguracoes<K extends keyof Tabs>(aba: K) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: Tabs[K]) => updateConfiguracoes(aba, input),
    onSuccess: async (config) => {
      queryClient.setQueryData(queryKeys.configuracoes.abas, config);
      await refreshAfter(queryClient, `updateConfiguracoes.${aba}`);
    },
  });
}
