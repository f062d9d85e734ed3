import type { VendaDetalhe } from '@caderneta/shared';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getVenda(id: string, signal?: AbortSignal): Promise<VendaDetalhe> {
  return api<VendaDetalhe>(`/api/vendas/${id}`, { signal });
}

export const vendaQueryOptions = (id: string) =>
  queryOptions({ queryKey: queryKeys.vendas.detail(id), queryFn: ({ signal }) => getVenda(id, signal) });

/** One sale with its items; idle while `id` is null. */
export function useVenda(id: string | null) {
  return useQuery({ ...vendaQueryOptions(id ?? ''), enabled: !!id });
}
