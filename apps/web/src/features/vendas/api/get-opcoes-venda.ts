import type { ClientesPage, ProdutosPage } from '@caderneta/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';

/**
 * What the new-sale screen offers: active customers and products from their own endpoints,
 * searched on the server. Kept under the 'clientes'/'produtos' keys, so their changes refresh it.
 */
function params(busca: string, pageSize: number) {
  const search = new URLSearchParams({ pageSize: String(pageSize) });
  if (busca.trim()) search.set('busca', busca.trim());
  return search.toString();
}

export function useClientesParaVenda(busca: string, { pageSize = 100, enabled = true } = {}) {
  return useQuery({
    queryKey: ['clientes', 'nova-venda', busca.trim(), pageSize],
    queryFn: ({ signal }) => api<ClientesPage>(`/api/clientes?${params(busca, pageSize)}`, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useProdutosParaVenda(busca: string) {
  return useQuery({
    queryKey: ['produtos', 'nova-venda', busca.trim()],
    queryFn: ({ signal }) => api<ProdutosPage>(`/api/produtos?${params(busca, 100)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}
