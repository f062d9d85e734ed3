import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { initI18n } from './lib/i18n';
import { queryClient } from './lib/query-client';
import { syncAcrossTabs } from './lib/tabs-sync';
import { initTheme } from './lib/theme';
import { ouvirInstalacao } from './pwa/estado';

initTheme();
syncAcrossTabs(queryClient);
ouvirInstalacao();
// The service worker (pwa/sw.ts) a little after the page has loaded: no first load carries its
// code, and the shell's download (pwa/sw.ts) does not compete with the page's own first requests.
// Not on the customer's page (/cliente…): a shop's customer on mobile data has no use for the
// seller's app on their phone.
const paginaDoCliente = /^\/cliente(\/|$)/.test(window.location.pathname);
if (import.meta.env.PROD && 'serviceWorker' in navigator && !paginaDoCliente) {
  const registrar = () => void import('./pwa/registrar').then((m) => m.registrarServiceWorker());
  window.addEventListener('load', () => window.setTimeout(registrar, 3000), { once: true });
}

// Render only once the language is ready (instant for pt-BR, one small chunk for the others),
// so no text flashes in the wrong language.
void initI18n().then(() => {
  const root = document.getElementById('root');
  if (!root) throw new Error('#root is missing from index.html');
  createRoot(root).render(
    <StrictMode>
      <AppProviders queryClient={queryClient}>
        <RouterProvider router={createAppRouter(queryClient)} />
      </AppProviders>
    </StrictMode>,
  );
});
