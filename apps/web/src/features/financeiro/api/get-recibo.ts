import type { Recibo } from '@caderneta/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

export function getRecibo(id: string, signal?: AbortSignal): Promise<Recibo> {
  return api<Recibo>(`/api/pagamentos/${id}/recibo`, { signal });
}

export function useRecibo(id: string) {
  return useQuery({ queryKey: ['financeiro', 'recibo', id], queryFn: ({ signal }) => getRecibo(id, signal) });
}
