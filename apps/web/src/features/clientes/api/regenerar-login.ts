import type { Cliente } from '@caderneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshAfter } from '@/lib/query-keys';

/** A new public login for the customer page; the old link stops working at once. */
export function regenerarLogin(id: string): Promise<Cliente> {
  return api<Cliente>(`/api/clientes/${id}/regenerar-login`, { method: 'POST' });
}

export function useRegenerarLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerarLogin,
    onSuccess: () => refreshAfter(queryClient, 'regenerarLogin'),
  });
}
