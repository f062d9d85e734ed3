import { useSyncExternalStore } from 'react';

/**
 * Whether the last request to the API got no answer at all (the fetch itself failed): the device
 * may still say it is online — on a Wi-Fi without internet, and in some browsers for a page its
 * service worker served while the connection was gone — but nothing reaches the server.
 */
let semResposta = false;
const ouvintes = new Set<() => void>();

/** The API client tells how its last request went: answered (any status) or not reached at all. */
export function avisarResposta(respondeu: boolean) {
  if (semResposta === !respondeu) return;
  semResposta = !respondeu;
  for (const avisar of ouvintes) avisar();
}

function assinarConexao(avisar: () => void) {
  // The device coming back is worth a new try: until a request fails again, it is online.
  const voltou = () => {
    semResposta = false;
    avisar();
  };
  window.addEventListener('online', voltou);
  window.addEventListener('offline', avisar);
  ouvintes.add(avisar);
  return () => {
    window.removeEventListener('online', voltou);
    window.removeEventListener('offline', avisar);
    ouvintes.delete(avisar);
  };
}

/**
 * Whether the app can reach the server, kept current ("Sem internet", the outbox's strip): the
 * device says it has a connection, and the last request was answered.
 */
export const useOnline = () => useSyncExternalStore(assinarConexao, () => navigator.onLine && !semResposta);
