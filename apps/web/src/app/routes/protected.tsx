import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet } from 'react-router';
import { AppLayout } from '@/components/layout/app-layout';
import { AppShellSkeleton } from '@/components/layout/app-shell-skeleton';
import { NotificationBell } from '@/features/notificacoes/components/notification-bell';
import { Button } from '@/components/ui/button';
import { useMe } from '@/lib/get-me';
import { RedirectToLogin } from '@/lib/login-redirect';
import { SessionProvider } from '@/lib/session';
import { errorMessage } from '@/lib/api-client';
import { changeLanguage, currentLanguage } from '@/lib/i18n';

/** Every signed-in page: checks the session, then renders the app layout around the page. */
export function Component() {
  const { t } = useTranslation();
  const me = useMe();
  const idioma = me.data?.perfil.idioma;

  // The seller's language lives on the server; follow it when it differs from this device's.
  useEffect(() => {
    if (idioma && idioma !== currentLanguage()) {
      changeLanguage(idioma).catch((error: unknown) => console.error(error));
    }
  }, [idioma]);

  if (me.isPending) return <AppShellSkeleton />;
  if (me.isError) {
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
  if (!me.data) return <RedirectToLogin />;

  return (
    <SessionProvider me={me.data}>
      <AppLayout headerActions={<NotificationBell />}>
        <Outlet />
      </AppLayout>
    </SessionProvider>
  );
}
