import type { Produto } from '@caderneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshAfter } from '@/lib/query-keys';

/** Deactivated products leave the catalogue (and new sales) but keep their sales history. */
export function setProdutoAtivo({ id, ativo }: { id: string; ativo: boolean }): Promise<Produto> {
  return api<Produto>(`/api/produtos/${id}/${ativo ? 'reativar' : 'desativar'}`, { method: 'POST' });
}

export function useSetProdutoAtivo() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: setProdutoAtivo, onSuccess: () => refreshAfter(queryClient, 'setProdutoAtivo') });
}
