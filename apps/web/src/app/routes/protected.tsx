import type { Me } from '@caderneta/shared';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { AppLayout } from '@/components/layout/app-layout';
import { AppShellSkeleton } from '@/components/layout/app-shell-skeleton';
import { NotificationBell } from '@/features/notificacoes/components/notification-bell';
import { Button } from '@/components/ui/button';
import { UnsavedChangesGuard } from '@/components/unsaved-changes';
import { leaveApp } from '@/lib/leave-app';
import { useMe } from '@/lib/get-me';
import { HOME_PATH, RedirectToLogin } from '@/lib/login-redirect';
import { useLastPresent } from '@/lib/use-last-present';
import { SessionProvider } from '@/lib/session';
import { errorMessage, hostSessionDialog } from '@/lib/api-client';
import { changeLanguage, currentLanguage } from '@/lib/i18n';

// The account menu behind the user's chip ("Meus acessos"): a Radix menu, loaded on first use.
const loadContaMenu = () => import('@/features/sessoes/components/conta-menu').then((m) => m.ContaMenu);

// Loaded when a session ends under an open page, not with every page.
const SessaoExpiradaDialog = lazy(() => import('@/features/auth/components/sessao-expirada-dialog').then((m) => ({ default: m.SessaoExpiradaDialog })));

/** The first seller this page was opened for. */
function useDono(me: Me | null | undefined): string | null {
  const dono = useRef<string | null>(null);
  if (dono.current === null && me) dono.current = me.user.id;
  return dono.current;
}

/**
 * Every signed-in page: checks the session, then renders the app layout around the page.
 *
 * When the session ends under an open page (a save or a load answered 401, or another tab signed
 * out), the page stays — with any dialog and what was typed in it — and a sign-in dialog covers it;
 * signed in again, the seller saves again. Somebody else signing in over it gets a fresh app.
 */
export function Component() {
  const { t } = useTranslation();
  const me = useMe();
  const seller = useLastPresent(me.data);
  const dono = useDono(me.data);
  const outraConta = !!me.data && dono !== null && me.data.user.id !== dono;
  const idioma = me.data?.perfil.idioma;
  const signedInApp = !!seller;

  // On screen, the app brings the sign-in dialog when its session ends: that dialog tells the
  // seller, so refused loads and saves do not toast under it (lib/api-client.ts, sessionEnded).
  useEffect(() => (signedInApp ? hostSessionDialog() : undefined), [signedInApp]);

  // The seller's language lives on the server; follow it when it differs from this device's.
  useEffect(() => {
    if (idioma && idioma !== currentLanguage()) {
      changeLanguage(idioma).catch((error: unknown) => console.error(error));
    }
  }, [idioma]);

  // Another seller's page and cached data must not show under this session: start the app again.
  useEffect(() => {
    // (What the other seller typed is not this one's to keep: no "leave site?" question.)
    if (outraConta) leaveApp(HOME_PATH);
  }, [outraConta]);

  if (me.isPending || outraConta) return <AppShellSkeleton />;
  if (!seller && me.isError) {
    return (
      <main
        role="alert"
        className="flex min-h-svh flex-col items-center justify-center gap-4 px-4 text-center"
      >
        <h1 className="text-xl font-semibold">{t('sessionError.title')}</h1>
        <p className="text-muted-foreground">{errorMessage(me.error)}</p>
        <Button onClick={() => void me.refetch()}>{t('sessionError.retry')}</Button>
      </main>
    );
  }
  if (!seller) return <RedirectToLogin />;

  return (
    <SessionProvider me={me.data ?? seller}>
      {/* Leaving a page (or closing the browser tab) with a form not saved asks first. */}
      <UnsavedChangesGuard>
        <AppLayout headerActions={<NotificationBell />} loadContaMenu={loadContaMenu}>
          <Outlet />
        </AppLayout>
      </UnsavedChangesGuard>
      {!me.data && (
        <Suspense fallback={null}>
          <SessaoExpiradaDialog email={seller.user.email} />
        </Suspense>
      )}
    </SessionProvider>
  );
}
