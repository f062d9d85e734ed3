import type { ClienteImportado, ExistentesImportacao, Importacao, ProdutoImportado } from '@caderneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAreas, type QueryArea } from '@/lib/query-keys';

export type EnvioImportacao =
  | { tipo: 'clientes'; nomeArquivo: string; existentes: ExistentesImportacao; linhas: ClienteImportado[] }
  | { tipo: 'produtos'; nomeArquivo: string; existentes: ExistentesImportacao; linhas: ProdutoImportado[] };

/**
 * What an import or its undoing moves: customers and their balances (Devedores, statements, the
 * dashboard, the reports), products, the shop's history, and the list of imports (backup area).
 */
export const AREAS_DA_IMPORTACAO: readonly QueryArea[] = ['clientes', 'produtos', 'devedores', 'dashboard', 'financeiro', 'relatorios', 'historico', 'notificacoes', 'backup'];

/** POST /api/importacoes/clientes | produtos: the rows without problems, in one request, all or nothing. */
export function importar({ tipo, ...body }: EnvioImportacao): Promise<Importacao> {
  return api<Importacao>(`/api/importacoes/${tipo}`, { method: 'POST', body });
}

export function useImportar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importar,
    onSuccess: () => invalidateAreas(queryClient, AREAS_DA_IMPORTACAO),
  });
}
