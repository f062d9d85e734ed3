import type { ComoPaga } from '@caderneta/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** "Como paga": the customer's record over the last 12 months and the suggested limit; idle without a customer. */
export function useComoPaga(clienteId: string | null) {
  return useQuery({
    queryKey: queryKeys.clientes.comoPaga(clienteId),
    queryFn: ({ signal }) => api<ComoPaga>(`/api/clientes/${clienteId}/como-paga`, { signal }),
    enabled: !!clienteId,
  });
}
