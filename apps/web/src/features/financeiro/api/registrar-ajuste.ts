import type { AjusteInput, LancamentoResultado } from '@caderneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshesOfLancamento } from './invalidate';

export function registrarAjuste({ clienteId, input }: { clienteId: string; input: AjusteInput }) {
  return api<LancamentoResultado>(`/api/clientes/${clienteId}/ajustes`, { method: 'POST', body: input });
}

export function useRegistrarAjuste() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: registrarAjuste, ...refreshesOfLancamento(queryClient) });
}
