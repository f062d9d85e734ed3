import type { WhatsappConfig } from '@caderneta/shared';
import { useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

/** The shop's WhatsApp Business settings (the token and the secret are never sent back, only whether they are stored). */
export function getWhatsappConfig(signal?: AbortSignal): Promise<WhatsappConfig> {
  return api<WhatsappConfig>('/api/configuracoes/whatsapp', { signal });
}

export const useWhatsappConfig = () => useQuery({ queryKey: queryKeys.configuracoes.whatsapp, queryFn: ({ signal }) => getWhatsappConfig(signal) });
