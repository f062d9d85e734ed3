import MenuIcon from 'lucide-react/icons/menu';
import { type ComponentType, lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { loadNamespaces } from '@/lib/i18n';
import { CANAL_DA_SAIDA } from '@/offline/nomes';
import { usePwa } from '@/pwa/estado';
import { Brand } from './brand';
import { DeferredPopup, type PopupProps } from './deferred-popup';
import { LanguageMenu } from './language-menu';
import { SidebarNav } from './sidebar-nav';
import { ThemeSwitch } from './theme-switch';
import { UserChip } from './user-chip';
import { useOnline } from '@/lib/use-online';
import { usePode } from '@/lib/permissoes';

const loadMobileNav = () => import('./mobile-nav').then((m) => m.MobileNav);
// A chunk that cannot load (the connection dropped before the service worker kept the app) is
// nothing on screen, never a broken page.
const nada = { default: () => null };
// "Nova versão disponível" loads when there is one.
const AvisoNovaVersao = lazy(() => import('@/pwa/aviso-nova-versao').then((m) => ({ default: m.AvisoNovaVersao }), () => nada));

// The counter's offline part (the outbox's strip and its sender, with IndexedDB): not in a page's
// first load (the bundle budget). It loads at once when the page opens without a connection or the
// connection drops, when something is put in the outbox (the counter, a payment: its channel), and
// otherwise a while after the page, to send what waits and refresh the device's copy.
const EstadoDaSaida = lazy(() =>
  Promise.all([import('@/offline/estado-da-saida'), loadNamespaces(['offline'])]).then(([m]) => ({ default: m.EstadoDaSaida }), () => nada),
);
const SincronizadorDoBalcao = lazy(() => import('@/offline/sincronizador').then((m) => ({ default: m.SincronizadorDoBalcao }), () => nada));
// "Sem internet" in the header, with the same part.
const SemInternet = lazy(() => import('@/pwa/sem-internet').then((m) => ({ default: m.SemInternet }), () => nada));
const ESPERA_DO_OFFLINE_MS = 10_000;

function useParteOffline() {
  const [pronto, setPronto] = useState(() => navigator.onLine === false);
  useEffect(() => {
    if (pronto) return;
    const carregar = () => setPronto(true);
    const timer = setTimeout(carregar, ESPERA_DO_OFFLINE_MS);
    const canal = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CANAL_DA_SAIDA) : null;
    if (canal) canal.onmessage = carregar;
    window.addEventListener('offline', carregar);
    return () => {
      clearTimeout(timer);
      canal?.close();
      window.removeEventListener('offline', carregar);
    };
  }, [pronto]);
  // A request that got no answer (the device may still say it is online) loads it too, for good.
  const online = useOnline();
  useEffect(() => {
    if (!online) setPronto(true);
  }, [online]);
  return pronto || !online;
}

interface AppLayoutProps {
  children: ReactNode;
  headerActions?: ReactNode;
  /** The account menu behind the user's chip ("Meus acessos"), loaded on first use. */
  loadContaMenu?: () => Promise<ComponentType<PopupProps>>;
}

/**
 * Shell of the signed-in app: fixed sidebar from md up, a left drawer below that (loaded on first use). `headerActions`
 * (e.g. the notification bell) sit in the header before the language and theme switches.
 */
export function AppLayout({ children, headerActions, loadContaMenu }: AppLayoutProps) {
  const { t } = useTranslation('layout');
  const offline = useParteOffline();
  const { novaVersao } = usePwa();
  // The language is the shop's (PATCH /api/me/preferencias): switched by who may change its settings.
  const mudaIdioma = usePode('configuracoes');

  return (
    <div className="min-h-svh bg-background">
      {/* The first Tab: straight to the page, past the menu and the header. */}
      <a
        href="#conteudo"
        className="sr-only rounded-md bg-background px-4 py-3 font-medium focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:ring-[3px] focus:ring-ring/50"
      >
        {t('pularParaConteudo')}
      </a>
      {/* Printed, a page is its content: no menu, no header (index.css). */}
      <aside className="hidden border-r border-sidebar-border bg-sidebar md:fixed md:inset-y-0 md:left-0 md:z-30 md:flex md:w-64 md:flex-col print:hidden">
        <div className="flex h-16 items-center px-6">
          <Link to="/dashboard" className="rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
            <Brand />
          </Link>
        </div>
        <SidebarNav />
      </aside>

      <div className="flex min-h-svh flex-col md:pl-64 print:pl-0">
        <header className="sticky top-0 z-20 flex h-16 print:hidden items-center gap-2 border-b bg-background/90 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/70 sm:px-6">
          <DeferredPopup
            load={loadMobileNav}
            trigger={
              <Button variant="ghost" size="icon" className="md:hidden" aria-label={t('menu.open')}>
                <MenuIcon />
              </Button>
            }
          />

          <div className="min-w-0 flex-1">
            <div className="w-fit max-w-full">
              <UserChip loadMenu={loadContaMenu} />
            </div>
          </div>
          {offline && (
            <Suspense fallback={null}>
              <SemInternet />
            </Suspense>
          )}
          {headerActions}
          {mudaIdioma && <LanguageMenu />}
          <ThemeSwitch />
        </header>
        {offline && (
          <Suspense fallback={null}>
            <EstadoDaSaida />
          </Suspense>
        )}

        <main id="conteudo" tabIndex={-1} className="flex-1 px-4 py-6 outline-none sm:px-6 lg:px-8 print:p-0">
          {children}
        </main>
      </div>
      {novaVersao && (
        <Suspense fallback={null}>
          <AvisoNovaVersao />
        </Suspense>
      )}
      {offline && (
        <Suspense fallback={null}>
          <SincronizadorDoBalcao />
        </Suspense>
      )}
    </div>
  );
}
