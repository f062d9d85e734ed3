import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { Button } from '@/components/ui/button';

/** Last resort for a render error or a route chunk that failed to load (e.g. after a deploy). */
export function RouteError() {
  const error = useRouteError();
  const { t } = useTranslation();
  console.error(error);
  return (
    <main
      role="alert"
      className="flex min-h-svh flex-col items-center justify-center gap-4 bg-background px-4 text-center"
    >
      <h1 className="text-2xl font-bold">{t('routeError.title')}</h1>
      <p className="max-w-md text-muted-foreground">{t('routeError.description')}</p>
      <Button onClick={() => window.location.reload()}>{t('routeError.reload')}</Button>
    </main>
  );
}
