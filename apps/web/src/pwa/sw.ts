/// <reference lib="webworker" />
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

/*
 * Caderneta's service worker (issue 36, part 1; docs/decisions/033-installable-app.md): the shell and
 * every route's code are kept on the device at the first visit, so the app opens without a
 * connection. Pages are still asked of the server first (its document carries the page's preload
 * hints); only when it does not answer — offline, or nothing within a few seconds — the kept shell
 * opens instead. The API is never cached here: what the counter reads and writes offline is the
 * outbox's and IndexedDB's business, not the worker's.
 */
declare const self: ServiceWorkerGlobalScope;

/** How long a page may take before the kept shell opens instead: no tap waits on a dead connection. */
const ESPERA_DA_PAGINA_MS = 4000;

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

async function paginaOuShell(request: Request): Promise<Response> {
  const controle = new AbortController();
  const prazo = setTimeout(() => controle.abort(), ESPERA_DA_PAGINA_MS);
  try {
    return await fetch(request, { signal: controle.signal });
  } catch {
    return (await matchPrecache('/index.html')) ?? Response.error();
  } finally {
    clearTimeout(prazo);
  }
}

// Every navigation but the API's (file downloads, the webhook) and the worker's own files.
registerRoute(new NavigationRoute(({ request }) => paginaOuShell(request), { denylist: [/^\/api(\/|$|\?)/] }));

// A new version waits until the page says no sale is in progress (pwa/registrar.ts), then takes over.
self.addEventListener('message', (event) => {
  if ((event.data as { type?: string } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});
// The first install controls the open page at once, so it works offline without a reload.
clientsClaim();
