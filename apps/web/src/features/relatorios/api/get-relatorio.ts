import type { RelatorioAba } from '@caderneta/shared/relatorios';
import type { RelatorioClientes, RelatorioFinanceiro, RelatorioProdutos, RelatorioResumo, RelatorioVendas } from '@caderneta/shared/schemas/relatorios';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import type { EscolhaPeriodo } from '../periodo';

export interface Relatorios {
  resumo: RelatorioResumo;
  vendas: RelatorioVendas;
  clientes: RelatorioClientes;
  produtos: RelatorioProdutos;
  financeiro: RelatorioFinanceiro;
}

/** The query string of a period choice: `periodo=30` or `mes=2026-02`. */
export function periodoQuery(escolha: EscolhaPeriodo): string {
  return escolha.mes ? `mes=${encodeURIComponent(escolha.mes)}` : `periodo=${escolha.periodo}`;
}

export const relatorioQueryOptions = <A extends RelatorioAba>(aba: A, escolha: EscolhaPeriodo) =>
  queryOptions({
    queryKey: queryKeys.relatorios.aba(aba, escolha),
    queryFn: ({ signal }) => api<Relatorios[A]>(`/api/relatorios/${aba}?${periodoQuery(escolha)}`, { signal }),
    // While another period loads, the tab keeps the figures it shows (dimmed) instead of blanking
    // (what react-query's keepPreviousData does, without one more export from the framework chunk).
    placeholderData: (previous) => previous,
  });

/** One tab's figures for the chosen period, from GET /api/relatorios/:aba. */
export function useRelatorio<A extends RelatorioAba>(aba: A, escolha: EscolhaPeriodo) {
  return useQuery(relatorioQueryOptions(aba, escolha));
}
