import type { Produto, ProdutoUpdate } from '@caderneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshAfter } from '@/lib/query-keys';

export function updateProduto({ id, input }: { id: string; input: ProdutoUpdate }): Promise<Produto> {
  return api<Produto>(`/api/produtos/${id}`, { method: 'PUT', body: input });
}

export function useUpdateProduto() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateProduto, onSuccess: () => refreshAfter(queryClient, 'updateProduto') });
}
