import type { ClientesPage, ProdutosPage } from '@caderneta/shared';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys, toSearchParams } from '@/lib/query-keys';
import { useSession } from '@/lib/session';
import { buscarClientesNoAparelho, buscarProdutosNoAparelho, daApiOuDoAparelho } from '@/offline/catalogo';

/**
 * What the new-sale screen offers: active customers and products from their own endpoints,
 * searched on the server. Kept under the 'clientes'/'produtos' keys, so their changes refresh it.
 * Without a connection (or an answer) the device's copy answers (offline/catalogo.ts), and the
 * queries run even while the browser says it is offline (networkMode 'always'): the counter sells.
 */
export function useClientesParaVenda(busca: string, { pageSize = 100, enabled = true } = {}) {
  const sellerId = useSession().user.id;
  return useQuery({
    queryKey: queryKeys.clientes.paraVenda(busca.trim(), pageSize),
    queryFn: ({ signal }) =>
      daApiOuDoAparelho(
        () => api<ClientesPage>(`/api/clientes${toSearchParams({ pageSize, busca })}`, { signal }),
        () => buscarClientesNoAparelho(sellerId, busca, pageSize),
      ),
    placeholderData: keepPreviousData,
    networkMode: 'always',
    enabled,
  });
}

/** The active products the search finds (name, category or the whole barcode), as one query. */
export const produtosParaVenda = (sellerId: string, busca: string) =>
  queryOptions({
    queryKey: queryKeys.produtos.paraVenda(busca.trim()),
    queryFn: ({ signal }) =>
      daApiOuDoAparelho(
        () => api<ProdutosPage>(`/api/produtos${toSearchParams({ pageSize: 100, busca })}`, { signal }),
        () => buscarProdutosNoAparelho(sellerId, busca),
      ),
    networkMode: 'always',
  });

export function useProdutosParaVenda(busca: string) {
  const sellerId = useSession().user.id;
  return useQuery({ ...produtosParaVenda(sellerId, busca), placeholderData: keepPreviousData });
}
