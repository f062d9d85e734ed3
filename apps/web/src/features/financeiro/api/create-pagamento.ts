import { useMutation, useQueryClient } from '@tanstack/react-query';
import { refreshAfter, refreshAfterNoAnswer } from '@/lib/query-keys';
import { useSession } from '@/lib/session';
import { pagarOuGuardar } from '@/offline/saida';

/**
 * "Registrar pagamento" (issue 36): to the server, or — no connection, no answer in time — to the
 * device's outbox, sent once when the connection returns (offline/saida.ts). Runs even while the
 * browser says it is offline (networkMode 'always').
 */
export function useRegistrarPagamento() {
  const queryClient = useQueryClient();
  const sellerId = useSession().user.id;
  return useMutation({
    mutationFn: (pagamento: Parameters<typeof pagarOuGuardar>[1]) => pagarOuGuardar(sellerId, pagamento),
    networkMode: 'always',
    onSuccess: (resultado) => {
      if ('lancamento' in resultado) void refreshAfter(queryClient, 'createPagamento');
    },
    onError: (error) => refreshAfterNoAnswer(queryClient, 'createPagamento', error),
  });
}
