import type { Produto, ProdutoInput } from '@caderneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateProdutos } from './invalidate';

export function updateProduto({ id, input }: { id: string; input: ProdutoInput }): Promise<Produto> {
  return api<Produto>(`/api/produtos/${id}`, { method: 'PUT', body: input });
}

export function useUpdateProduto() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateProduto, onSuccess: () => invalidateProdutos(queryClient) });
}
