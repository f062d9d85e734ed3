import type { ParcelamentoInput, ParcelamentosDoCliente } from '@caderneta/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys, refreshAfter } from '@/lib/query-keys';

const url = (id: string) => `/api/devedores/${id}/parcelamento`;

/** The customer's schedule of instalments in force and the ones it replaced. */
export function useParcelamento(id: string) {
  return useQuery({ queryKey: queryKeys.devedores.parcelamento(id), queryFn: ({ signal }) => api<ParcelamentosDoCliente>(url(id), { signal }) });
}

/** Parcelar (or renegotiate), and Desfazer: both answer with the customer's schedules. */
export function useUpdateParcelamento() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: ParcelamentoInput | null }) =>
      api<ParcelamentosDoCliente>(url(id), input ? { method: 'PUT', body: input } : { method: 'DELETE' }),
    onSuccess: async (resposta, { id }) => {
      queryClient.setQueryData(queryKeys.devedores.parcelamento(id), resposta);
      await refreshAfter(queryClient, 'updateParcelamento');
    },
  });
}
