import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { leaveApp } from '@/lib/leave-app';
import { toast } from '@/lib/toast';
import { api, isApiError } from '@/lib/api-client';
import { translateDynamic } from '@/lib/i18n';
import { refreshAfter } from '@/lib/query-keys';
import { useSession } from '@/lib/session';
import { readStorage, STORAGE_KEYS, writeStorage } from '@/lib/storage-keys';

/** Ends every session of this seller on the server (all devices) and clears the cookie. */
export async function signOut(): Promise<void> {
  try {
    await api<unknown>('/api/me/sair', { method: 'POST' });
  } catch (error) {
    // Already signed out (expired session): the goal is reached, carry on with the local part.
    if (!(isApiError(error) && error.status === 401)) throw error;
  }
}

/** Forgets everything this browser kept for the seller, except the device's theme. */
export function clearBrowserStorage(): void {
  const theme = readStorage(STORAGE_KEYS.theme);
  try {
    window.localStorage.clear();
    window.sessionStorage.clear();
  } catch (error) {
    console.error('Could not clear browser storage', error);
  }
  if (theme) writeStorage(STORAGE_KEYS.theme, theme);
}

export function useSignOut() {
  const { t } = useTranslation('layout');
  const queryClient = useQueryClient();
  const sellerId = useSession().user.id;
  return useMutation({
    networkMode: 'always',
    mutationFn: async () => {
      // The outbox's code loads when signing out: the shell's first load carries none of it.
      const aparelho = await import('@/offline/sair');
      await aparelho.saidaVaziaParaSair(sellerId);
      await signOut();
      await aparelho.esquecerAparelho(sellerId);
    },
    onSuccess: () => {
      void refreshAfter(queryClient, 'signOut');
      clearBrowserStorage();
      // A full page load drops every cached query and in-memory state of the signed-in app. Any
      // unsaved change was already let go ("Descartar"): no browser "leave site?" question.
      leaveApp('/');
    },
    onError: (error) => {
      if (error.name === 'VendasAguardandoEnvio' && 'quantas' in error) {
        // Its texts were loaded when it was thrown (offline/sair.ts): the shell's own load carries none of them.
        toast.error(translateDynamic('offline:sair.title', ''), { description: translateDynamic('offline:sair.description', '', { count: error.quantas }) });
        return;
      }
      console.error(error);
      toast.error(t('signOut.error'));
    },
  });
}
