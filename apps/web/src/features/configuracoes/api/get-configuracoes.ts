import type { Configuracoes } from '@caderneta/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';


export function getConfiguracoes(signal?: AbortSignal): Promise<Configuracoes> {
  return api<Configuracoes>('/api/configuracoes', { signal });
}

export const configuracoesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.configuracoes.abas, queryFn: ({ signal }) => getConfiguracoes(signal) });

export function useConfiguracoes() {
  return useQuery(configuracoesQueryOptions());
}
