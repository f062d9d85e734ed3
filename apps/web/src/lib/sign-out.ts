import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { leaveApp } from '@/lib/leave-app';
import { toast } from '@/lib/toast';
import { api, isApiError } from '@/lib/api-client';
import { refreshAfter } from '@/lib/query-keys';
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
  return useMutation({
    mutationFn: signOut,
    onSuccess: () => {
      void refreshAfter(queryClient, 'signOut');
      clearBrowserStorage();
      // A full page load drops every cached query and in-memory state of the signed-in app. Any
      // unsaved change was already let go ("Descartar"): no browser "leave site?" question.
      leaveApp('/');
    },
    onError: (error) => {
      console.error(error);
      toast.error(t('signOut.error'));
    },
  });
}
