import type { NovaVendaInput, VendaDetalhe } from '@caderneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { refreshAfter } from '@/lib/query-keys';
import { useSession } from '@/lib/session';
import type { ReciboProvisorio } from '@/offline/banco';
import { venderOuGuardar } from '@/offline/saida';

/** Only products and quantities travel: the server reads prices and costs itself. */
export function createVenda(input: NovaVendaInput): Promise<VendaDetalhe> {
  return api<VendaDetalhe>('/api/vendas', { method: 'POST', body: input });
}

export function useCreateVenda() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createVenda, onSuccess: () => refreshAfter(queryClient, 'createVenda') });
}

/**
 * The counter's "Finalizar Venda" (issue 36): to the server, or — no connection, no answer in
 * time — to the device's outbox (offline/saida.ts). Runs even while the browser says it is
 * offline (networkMode 'always'); the pages refresh only for a sale the server took.
 */
export function useVenderNoBalcao() {
  const queryClient = useQueryClient();
  const sellerId = useSession().user.id;
  return useMutation({
    mutationFn: ({ input, recibo }: { input: NovaVendaInput; recibo: () => ReciboProvisorio }) => venderOuGuardar(sellerId, input, recibo),
    networkMode: 'always',
    onSuccess: (resultado) => {
      if ('venda' in resultado) void refreshAfter(queryClient, 'createVenda');
    },
  });
}
