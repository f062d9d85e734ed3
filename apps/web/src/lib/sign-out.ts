import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { leaveApp } from '@/lib/leave-app';
import { toast } from '@/lib/toast';
import { api, isApiError } from '@/lib/api-client';
import { loadNamespaces } from '@/lib/i18n';
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

/** Signing out with sales still on the device, not yet on the server: refused, or they would be lost. */
export class VendasAguardandoEnvio extends Error {
  constructor(readonly quantas: number) {
    super(`${quantas} sales wait in the outbox`);
  }
}

/**
 * Sends what the outbox holds; throws VendasAguardandoEnvio if anything is left (no connection, or
 * a sale the server refused that the seller has not dealt with). A device without IndexedDB keeps nothing.
 */
async function saidaVazia(sellerId: string): Promise<void> {
  // Loaded when signing out: the shell's first load carries none of IndexedDB's code.
  const { enviarSaida, itensDaSaida } = await import('@/offline/saida');
  const antes = await itensDaSaida(sellerId).catch(() => []);
  if (antes.length === 0) return;
  await enviarSaida(sellerId).catch(() => undefined);
  const depois = await itensDaSaida(sellerId);
  if (depois.length === 0) return;
  await loadNamespaces(['offline']);
  throw new VendasAguardandoEnvio(depois.length);
}

export function useSignOut() {
  const { t } = useTranslation(['layout', 'offline']);
  const queryClient = useQueryClient();
  const sellerId = useSession().user.id;
  return useMutation({
    networkMode: 'always',
    mutationFn: async () => {
      await saidaVazia(sellerId);
      await signOut();
      // The device's copy of the customers and products goes with the session (issue 36).
      const { apagarBanco } = await import('@/offline/banco');
      await apagarBanco(sellerId).catch((error: unknown) => console.error('Could not delete the counter data', error));
    },
    onSuccess: () => {
      void refreshAfter(queryClient, 'signOut');
      clearBrowserStorage();
      // A full page load drops every cached query and in-memory state of the signed-in app. Any
      // unsaved change was already let go ("Descartar"): no browser "leave site?" question.
      leaveApp('/');
    },
    onError: (error) => {
      if (error instanceof VendasAguardandoEnvio) {
        toast.error(t('offline:sair.title'), { description: t('offline:sair.description', { count: error.quantas }) });
        return;
      }
      console.error(error);
      toast.error(t('signOut.error'));
    },
  });
}
