import type { ClientesSemelhantes } from '@caderneta/shared';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys, toSearchParams } from '@/lib/query-keys';

/** The seller's customers with this phone or a near-identical name, asked before "Novo Cliente" registers another. */
export function getSemelhantes(query: { nome: string; telefone: string }, signal?: AbortSignal): Promise<ClientesSemelhantes> {
  return api<ClientesSemelhantes>(`/api/clientes/semelhantes${toSearchParams(query)}`, { signal });
}

/**
 * Asks the server afresh each time (through the query cache, so a session that ended brings the
 * sign-in dialog over the form, as any load does).
 */
export function useGetSemelhantes() {
  const queryClient = useQueryClient();
  return (query: { nome: string; telefone: string }) =>
    queryClient.fetchQuery({ queryKey: queryKeys.clientes.semelhantes(query), queryFn: ({ signal }) => getSemelhantes(query, signal), staleTime: 0, retry: false });
}
