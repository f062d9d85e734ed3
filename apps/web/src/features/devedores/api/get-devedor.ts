import type { DevedorDetalhe } from '@caderneta/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getDevedor(id: string, signal?: AbortSignal): Promise<DevedorDetalhe> {
  return api<DevedorDetalhe>(`/api/devedores/${id}`, { signal });
}

/** Detalhes of one customer; idle while none is chosen. */
export function useDevedor(id: string | null) {
  return useQuery({
    queryKey: queryKeys.devedores.detail(id),
    queryFn: ({ signal }) => getDevedor(id!, signal),
    enabled: !!id,
  });
}
