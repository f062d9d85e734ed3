import MenuIcon from 'lucide-react/icons/menu';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { loadNamespaces } from '@/lib/i18n';
import { AvisoNovaVersao } from '@/pwa/aviso-nova-versao';
import { SemInternet } from '@/pwa/sem-internet';
import { Brand } from './brand';
import { DeferredPopup } from './deferred-popup';
import { LanguageMenu } from './language-menu';
import { SidebarNav } from './sidebar-nav';
import { ThemeSwitch } from './theme-switch';
import { UserChip } from './user-chip';

const loadMobileNav = () => import('./mobile-nav').then((m) => m.MobileNav);

// The counter's offline part (the outbox's strip and its sender, with IndexedDB): loaded a moment
// after the page, so no first load carries it (the bundle budget), as the service worker.
const EstadoDaSaida = lazy(() =>
  Promise.all([import('@/offline/estado-da-saida'), loadNamespaces(['offline'])]).then(([m]) => ({ default: m.EstadoDaSaida })),
);
const SincronizadorDoBalcao = lazy(() => import('@/offline/sincronizador').then((m) => ({ default: m.SincronizadorDoBalcao })));
const ESPERA_DO_OFFLINE_MS = 2000;

/** True a moment after the page has loaded. */
function useDepoisDoCarregamento(ms: number) {
  const [pronto, setPronto] = useState(false);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const esperar = () => (timer = setTimeout(() => setPronto(true), ms));
    if (document.readyState === 'complete') esperar();
    else window.addEventListener('load', esperar, { once: true });
    return () => {
      window.removeEventListener('load', esperar);
      clearTimeout(timer);
    };
  }, [ms]);
  return pronto;
}

/**
 * Shell of the signed-in app: fixed sidebar from md up, a left drawer below that (loaded on first use). `headerActions`
 * (e.g. the notification bell) sit in the header before the language and theme switches.
 */
export function AppLayout({ children, headerActions }: { children: ReactNode; headerActions?: ReactNode }) {
  const { t } = useTranslation('layout');
  const offline = useDepoisDoCarregamento(ESPERA_DO_OFFLINE_MS);

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
              <UserChip />
            </div>
          </div>
          <SemInternet />
          {headerActions}
          <LanguageMenu />
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
      <AvisoNovaVersao />
      {offline && (
        <Suspense fallback={null}>
          <SincronizadorDoBalcao />
        </Suspense>
      )}
    </div>
  );
}
