import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshAfter } from '@/lib/query-keys';

/** "Testar conexão": the server tries the token typed (or the one saved, when none is typed) at Mercado Pago. */
export function testMercadopago(accessToken: string): Promise<{ ok: true; conta: string }> {
  return api<{ ok: true; conta: string }>('/api/configuracoes/mercadopago/testar', { method: 'POST', body: accessToken ? { accessToken } : {} });
}

export function useTestMercadopago() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: testMercadopago, onSuccess: () => refreshAfter(queryClient, 'testMercadopago') });
}
