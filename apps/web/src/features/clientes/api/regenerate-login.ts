import type { Cliente } from '@caderneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshAfter } from '@/lib/query-keys';

/** A new public login for the customer page; the old link stops working at once. */
export function regenerateLogin(id: string): Promise<Cliente> {
  return api<Cliente>(`/api/clientes/${id}/regenerar-login`, { method: 'POST' });
}

export function useRegenerateLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateLogin,
    onSuccess: () => refreshAfter(queryClient, 'regenerateLogin'),
  });
}
