import '@testing-library/jest-dom/vitest';
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { cleanup, configure } from '@testing-library/react';
import { toast } from 'sonner';
import { afterEach, beforeAll, vi } from 'vitest';
import { changeLanguage, initI18n, loadNamespaces, NAMESPACES } from '@/lib/i18n';
import { fecharBancos } from '@/offline/banco';

// Lazy routes load on first render; on a busy 2-core machine that takes more than the default 1 s.
configure({ asyncUtilTimeout: 5000 });

beforeAll(async () => {
  await initI18n();
  // Components are rendered alone too, without the route that would load their texts.
  await loadNamespaces(NAMESPACES);
});

afterEach(async () => {
  cleanup();
  // sonner keeps toasts in a module-level store and replays active ones to a new <Toaster>.
  toast.dismiss();
  vi.restoreAllMocks();
  await changeLanguage('pt-BR');
  window.localStorage.clear();
  window.sessionStorage.clear();
  document.documentElement.classList.remove('dark');
  // The counter's device copy and outbox (IndexedDB): each test starts without them.
  await fecharBancos();
  globalThis.indexedDB = new IDBFactory();
});
