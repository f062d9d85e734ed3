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

initTheme();
syncAcrossTabs(queryClient);

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
