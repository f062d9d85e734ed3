import type { Produto, ProdutoInput } from '@caderneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateProdutos } from './invalidate';

export function createProduto(input: ProdutoInput): Promise<Produto> {
  return api<Produto>('/api/produtos', { method: 'POST', body: input });
}

export function useCreateProduto() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createProduto, onSuccess: () => invalidateProdutos(queryClient) });
}
