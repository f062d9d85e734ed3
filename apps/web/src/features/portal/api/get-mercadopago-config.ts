import type { MercadopagoConfig } from '@caderneta/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The seller's Mercado Pago settings (the token is never sent back, only whether there is one). */
export function getMercadopagoConfig(signal?: AbortSignal): Promise<MercadopagoConfig> {
  return api<MercadopagoConfig>('/api/configuracoes/mercadopago', { signal });
}

export const useMercadopagoConfig = () => useQuery({ queryKey: queryKeys.configuracoes.mercadopago, queryFn: ({ signal }) => getMercadopagoConfig(signal) });
