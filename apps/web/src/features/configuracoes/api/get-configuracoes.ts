import type { Configuracoes } from '@caderneta/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export const CONFIGURACOES_QUERY_KEY = ['configuracoes'] as const;

export function getConfiguracoes(signal?: AbortSignal): Promise<Configuracoes> {
  return api<Configuracoes>('/api/configuracoes', { signal });
}

export const configuracoesQueryOptions = () =>
  queryOptions({ queryKey: CONFIGURACOES_QUERY_KEY, queryFn: ({ signal }) => getConfiguracoes(signal) });

export function useConfiguracoes() {
  return useQuery(configuracoesQueryOptions());
}
