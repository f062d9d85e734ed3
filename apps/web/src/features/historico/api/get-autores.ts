import type { AuditoriaItem } from '@caderneta/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** Someone the history can be filtered by: a person of the shop, or one of the app's own authors. */
export type AutorDoHistorico = AuditoriaItem['autor'];

export function getAutores(signal?: AbortSignal): Promise<AutorDoHistorico[]> {
  return api<AutorDoHistorico[]>('/api/auditoria/autores', { signal });
}

export const autoresQueryOptions = () => queryOptions({ queryKey: queryKeys.historico.autores, queryFn: ({ signal }) => getAutores(signal) });

/** The "Pessoa" filter's choices: the shop's people, then "Sistema", "Mercado Pago", "Importação". */
export function useAutores() {
  return useQuery(autoresQueryOptions());
}
