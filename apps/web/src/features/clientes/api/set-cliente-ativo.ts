import type { Cliente } from '@caderneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshAfter } from '@/lib/query-keys';

/** Deactivated customers leave the default list but keep their sales and ledger. */
export function setClienteAtivo({ id, ativo }: { id: string; ativo: boolean }): Promise<Cliente> {
  return api<Cliente>(`/api/clientes/${id}/${ativo ? 'reativar' : 'desativar'}`, { method: 'POST' });
}

export function useSetClienteAtivo() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setClienteAtivo,
    onSuccess: () => refreshAfter(queryClient, 'setClienteAtivo'),
  });
}
