import type { Sessao } from '@caderneta/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { leaveApp } from '@/lib/leave-app';
import { refreshAfter } from '@/lib/query-keys';
import { useSession } from '@/lib/session';
import { clearBrowserStorage } from '@/lib/sign-out';

/** Signs one of the person's own devices out (204). */
export function encerrarSessao(id: string): Promise<void> {
  return api<void>(`/api/me/sessoes/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

/**
 * "Encerrar" on a device. Ending this very device's session is signing out here: as "Sair", what
 * the outbox holds goes first (or nothing ends), and after it this browser forgets the account and
 * opens the sign-in page.
 */
export function useEncerrarSessao() {
  const queryClient = useQueryClient();
  const sellerId = useSession().user.id;
  return useMutation({
    networkMode: 'always',
    mutationFn: async (sessao: Pick<Sessao, 'id' | 'atual'>) => {
      if (!sessao.atual) return encerrarSessao(sessao.id);
      // The outbox's code loads only then: the shell's first load carries none of it.
      const aparelho = await import('@/offline/sair');
      await aparelho.saidaVaziaParaSair(sellerId);
      await encerrarSessao(sessao.id);
      await aparelho.esquecerAparelho(sellerId);
    },
    onSuccess: (_, sessao) => {
      if (!sessao.atual) return refreshAfter(queryClient, 'encerrarSessao');
      clearBrowserStorage();
      // A full page load drops the signed-in app's cached queries and state.
      leaveApp('/auth');
    },
  });
}
