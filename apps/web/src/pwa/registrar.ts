import { registerSW } from 'virtual:pwa-register';
import { novaVersaoPronta } from './estado';

/**
 * Registers the service worker (pwa/sw.ts). Loaded after the page has loaded (main.tsx), so the
 * first load of any page, the login's included, carries none of it. A new version found later is
 * announced (pwa/aviso-nova-versao.tsx) and takes over only when the seller chooses to reload.
 */
export function registrarServiceWorker() {
  const atualizar = registerSW({
    immediate: true,
    onNeedRefresh() {
      novaVersaoPronta(() => atualizar(true));
    },
  });
}
