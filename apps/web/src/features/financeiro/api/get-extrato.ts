import type { Extrato } from '@caderneta/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys, toSearchParams } from '@/lib/query-keys';

export const EXTRATO_PAGE_SIZE = 20;

export function getExtrato(clienteId: string, page: number, pageSize: number, signal?: AbortSignal): Promise<Extrato> {
  return api<Extrato>(`/api/clientes/${clienteId}/extrato${toSearchParams({ page, pageSize })}`, { signal });
}

/** A customer's statement page (20 entries; the printed statement asks for more); idle while no customer is chosen. */
export function useExtrato(clienteId: string | null, page: number, pageSize = EXTRATO_PAGE_SIZE) {
  return useQuery({
    queryKey: queryKeys.financeiro.extrato(clienteId, page, pageSize),
    queryFn: ({ signal }) => getExtrato(clienteId!, page, pageSize, signal),
    enabled: !!clienteId,
    placeholderData: keepPreviousData,
  });
}
