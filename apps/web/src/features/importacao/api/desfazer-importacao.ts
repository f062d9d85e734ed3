import type { Importacao } from '@caderneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { invalidateAreas } from '@/lib/query-keys';
import { AREAS_DA_IMPORTACAO } from './importar';

/** POST /api/importacoes/:id/desfazer: 409 IMPORTACAO_EM_USO once something else touched its records. */
export function desfazerImportacao(id: string): Promise<Importacao> {
  return api<Importacao>(`/api/importacoes/${id}/desfazer`, { method: 'POST' });
}

export function useDesfazerImportacao() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: desfazerImportacao,
    onSuccess: () => invalidateAreas(queryClient, AREAS_DA_IMPORTACAO),
  });
}
