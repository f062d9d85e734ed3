import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useSession } from '@/lib/session';
import { atualizarCatalogo, catalogoAtualizadoEm, INTERVALO_DO_CATALOGO_MS } from './catalogo';
import { assinarSaida, enviarSaida, INTERVALO_DE_ENVIO_MS, itensDaSaida } from './saida';

/** A new entry in the outbox is tried this soon. */
const TENTATIVA_LOGO_MS = 1_000;

/**
 * Keeps the counter's device copy in step while the signed-in app is open (issue 36): sends the
 * outbox when the app opens (the layout mounts this a moment after the page has loaded), when the
 * connection returns, a second after something new waits, and every INTERVALO_DE_ENVIO_MS, then
 * refreshes what the pages show; refreshes the kept customers and products when they are older
 * than INTERVALO_DO_CATALOGO_MS or something was delivered. Renders nothing.
 */

export function SincronizadorDoBalcao() {
  const sellerId = useSession().user.id;
  const queryClient = useQueryClient();

  useEffect(() => {
    let vivo = true;
    let catalogoEm = 0;
    let tentativa: ReturnType<typeof setTimeout> | undefined;
    const controle = new AbortController();

    async function catalogo(forcar: boolean) {
      if (!navigator.onLine) return;
      if (!forcar) {
        const guardado = catalogoEm || Date.parse((await catalogoAtualizadoEm(sellerId)) ?? '') || 0;
        if (Date.now() - guardado < INTERVALO_DO_CATALOGO_MS) return;
      }
      await atualizarCatalogo(sellerId, controle.signal);
      catalogoEm = Date.now();
    }

    async function sincronizar() {
      if (!vivo || !navigator.onLine) return;
      try {
        const { enviadas, recusadas } = await enviarSaida(sellerId);
        if (!vivo) return;
        if (enviadas > 0 || recusadas > 0) void queryClient.invalidateQueries();
        await catalogo(enviadas > 0);
      } catch (error) {
        // No IndexedDB, or the API gone again mid-way: the next try picks it up.
        if (vivo) console.warn('Counter sync did not finish', error);
      }
    }

    // At once (the layout mounts this a moment after the page has loaded): what waits, then the catalogue.
    void sincronizar();
    window.addEventListener('online', sincronizar);
    const intervalo = setInterval(() => void sincronizar(), INTERVALO_DE_ENVIO_MS);
    // Something just went into the outbox (an answer lost on a connection that works): a try a
    // moment later rather than at the next interval. Only when the outbox grew, so a send that
    // found no answer does not schedule itself again.
    let esperando = 0;
    const pararDeOuvir = assinarSaida(() => {
      void itensDaSaida(sellerId).then((itens) => {
        const agora = itens.filter((i) => !i.recusa).length;
        if (agora > esperando && !tentativa) tentativa = setTimeout(() => ((tentativa = undefined), void sincronizar()), TENTATIVA_LOGO_MS);
        esperando = agora;
      }, () => undefined);
    });
    return () => {
      vivo = false;
      controle.abort();
      window.removeEventListener('online', sincronizar);
      clearInterval(intervalo);
      clearTimeout(tentativa);
      pararDeOuvir();
    };
  }, [sellerId, queryClient]);

  return null;
}
