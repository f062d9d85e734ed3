import type { Recibo } from '@caderneta/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function getRecibo(id: string, signal?: AbortSignal): Promise<Recibo> {
  return api<Recibo>(`/api/pagamentos/${id}/recibo`, { signal });
}

export function useRecibo(id: string) {
  return useQuery({ queryKey: queryKeys.financeiro.recibo(id), queryFn: ({ signal }) => getRecibo(id, signal) });
}
