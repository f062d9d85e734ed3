import type { Produto, ProdutoInput } from '@caderneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshAfter } from '@/lib/query-keys';

export function createProduto(input: ProdutoInput): Promise<Produto> {
  return api<Produto>('/api/produtos', { method: 'POST', body: input });
}

export function useCreateProduto() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createProduto, onSuccess: () => refreshAfter(queryClient, 'createProduto') });
}
