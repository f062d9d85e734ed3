import type { Contestacoes } from '@caderneta/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The entries a customer disputed on their page: open ones first, then the newest resolved. */
export const useContestacoes = (clienteId: string | null) =>
  useQuery({
    queryKey: queryKeys.clientes.contestacoes(clienteId),
    queryFn: ({ signal }) => api<Contestacoes>(`/api/clientes/${clienteId}/contestacoes`, { signal }),
    enabled: !!clienteId,
  });
