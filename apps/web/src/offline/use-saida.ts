import { useEffect, useState } from 'react';
import type { ItemDaSaida } from './banco';
import { assinarSaida, ultimoEnvio, itensDaSaida } from './saida';

export interface EstadoDaSaida {
  /** Read from the device at least once. */
  carregado: boolean;
  /** Everything in the outbox, in the order it goes: sales and payments. */
  itens: ItemDaSaida[];
  /** Waiting to go (not refused): sales and payments. */
  vendas: number;
  pagamentos: number;
  aguardando: number;
  recusadas: number;
  ultimoEnvio: string | null;
}

/** The seller's outbox as it is now, re-read whenever it changes in this tab or another. */
export function useSaida(sellerId: string): EstadoDaSaida {
  const [estado, setEstado] = useState<EstadoDaSaida>({ carregado: false, itens: [], vendas: 0, pagamentos: 0, aguardando: 0, recusadas: 0, ultimoEnvio: null });
  useEffect(() => {
    let vivo = true;
    const ler = () =>
      void Promise.all([itensDaSaida(sellerId), ultimoEnvio(sellerId)])
        .then(([itens, ultimo]) => {
          if (!vivo) return;
          const esperando = itens.filter((i) => !i.recusa);
          const vendas = esperando.filter((i) => i.tipo === 'venda').length;
          setEstado({ carregado: true, itens, vendas, pagamentos: esperando.length - vendas, aguardando: esperando.length, recusadas: itens.length - esperando.length, ultimoEnvio: ultimo });
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
