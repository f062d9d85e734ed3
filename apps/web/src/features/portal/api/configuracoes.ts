import type { MercadopagoConfig, MercadopagoConfigInput, PixConfig, PixConfigInput } from '@caderneta/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys, refreshAfter } from '@/lib/query-keys';

const MP_KEY = queryKeys.configuracoes.mercadopago;
const PIX_KEY = queryKeys.configuracoes.pix;

export const useMercadopagoConfig = () =>
  useQuery({ queryKey: MP_KEY, queryFn: ({ signal }) => api<MercadopagoConfig>('/api/configuracoes/mercadopago', { signal }) });

export function useSalvarMercadopago() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: MercadopagoConfigInput) => api<MercadopagoConfig>('/api/configuracoes/mercadopago', { method: 'PUT', body: input }),
    onSuccess: (data) => queryClient.setQueryData(MP_KEY, data),
  });
}

export const useTestarMercadopago = () =>
  useMutation({
    mutationFn: (accessToken: string) =>
      api<{ ok: true; conta: string }>('/api/configuracoes/mercadopago/testar', { method: 'POST', body: accessToken ? { accessToken } : {} }),
  });

export const usePixConfig = () => useQuery({ queryKey: PIX_KEY, queryFn: ({ signal }) => api<PixConfig>('/api/configuracoes/pix', { signal }) });

export function useSalvarPix() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PixConfigInput) => api<PixConfig>('/api/configuracoes/pix', { method: 'PUT', body: input }),
    onSuccess: (data) => {
      queryClient.setQueryData(PIX_KEY, data);
      void refreshAfter(queryClient, 'salvarPix');
    },
  });
}
