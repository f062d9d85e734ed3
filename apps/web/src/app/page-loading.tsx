import LoaderCircleIcon from 'lucide-react/icons/loader-circle';
import { useTranslation } from 'react-i18next';

/** Shown while a route's code is downloading on the first page load. */
export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div role="status" className="flex min-h-svh items-center justify-center bg-background">
      <LoaderCircleIcon className="size-6 animate-spin text-muted-foreground" aria-hidden="true" />
      <span className="sr-only">{t('loading')}</span>
    </div>
  );
}
