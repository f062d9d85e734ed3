import { useEffect, useState, useSyncExternalStore } from 'react';
import type { VendaNaSaida } from './banco';
import { assinarSaida, ultimoEnvio, vendasNaSaida } from './saida';

function assinarConexao(avisar: () => void) {
  window.addEventListener('online', avisar);
  window.addEventListener('offline', avisar);
  return () => {
    window.removeEventListener('online', avisar);
    window.removeEventListener('offline', avisar);
  };
}

/** Whether the device says it has a connection, kept current. */
export const useOnline = () => useSyncExternalStore(assinarConexao, () => navigator.onLine);

export interface EstadoDaSaida {
  /** Read from the device at least once. */
  carregado: boolean;
  vendas: VendaNaSaida[];
  aguardando: number;
  recusadas: number;
  ultimoEnvio: string | null;
}

/** The seller's outbox as it is now, re-read whenever it changes in this tab or another. */
export function useSaida(sellerId: string): EstadoDaSaida {
  const [estado, setEstado] = useState<EstadoDaSaida>({ carregado: false, vendas: [], aguardando: 0, recusadas: 0, ultimoEnvio: null });
  useEffect(() => {
    let vivo = true;
    const ler = () =>
      void Promise.all([vendasNaSaida(sellerId), ultimoEnvio(sellerId)])
        .then(([vendas, ultimo]) => {
          if (!vivo) return;
          const recusadas = vendas.filter((v) => v.recusa).length;
          setEstado({ carregado: true, vendas, aguardando: vendas.length - recusadas, recusadas, ultimoEnvio: ultimo });
        })
        // No IndexedDB (a private window that refuses it): nothing waits on this device.
        .catch(() => vivo && setEstado((e) => ({ ...e, carregado: true })));
    ler();
    const parar = assinarSaida(ler);
    return () => {
      vivo = false;
      parar();
    };
  }, [sellerId]);
  return estado;
}
