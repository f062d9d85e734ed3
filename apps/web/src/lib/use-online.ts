import { useSyncExternalStore } from 'react';

function assinarConexao(avisar: () => void) {
  window.addEventListener('online', avisar);
  window.addEventListener('offline', avisar);
  return () => {
    window.removeEventListener('online', avisar);
    window.removeEventListener('offline', avisar);
  };
}

/** Whether the device says it has a connection, kept current ("Sem internet", the outbox's strip). */
export const useOnline = () => useSyncExternalStore(assinarConexao, () => navigator.onLine);
