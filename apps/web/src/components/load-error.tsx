import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { errorMessage, sessionEnded, toastApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';

interface LoadErrorProps {
  /** What could not be loaded, e.g. "Erro ao carregar clientes". */
  title: string;
  error: unknown;
  onRetry: () => void;
  className?: string;
}

/** In place of data that failed to load: what failed, why, and "Tentar novamente". */
export function LoadError({ title, error, onRetry, className }: LoadErrorProps) {
  const { t } = useTranslation('common');
  return (
    <div role="alert" className={cn('flex flex-col items-center gap-3 px-4 py-12 text-center', className)}>
      <p className="font-medium">{title}</p>
      <p className="text-sm text-muted-foreground">{errorMessage(error)}</p>
      <Button variant="outline" onClick={onRetry}>
        {t('loadError.retry')}
      </Button>
    </div>
  );
}

/**
 * The other half of a failed load: says it once in a toast, titled `title`, with why (the error's
 * text, or `description`), while the page shows a `LoadError` in place of the data. Every screen
 * whose data failed to load says it this way (`ListPage`, the dashboard, Notificações, the settings
 * tabs). `id` makes several cards that share one query say it once.
 */
export function useLoadErrorToast(
  { isError, error }: { isError: boolean; error: unknown },
  title: string,
  { id, description }: { id?: string; description?: string } = {},
) {
  useEffect(() => {
    if (!isError) return;
    if (description === undefined) toastApiError(error, title);
    else if (!sessionEnded(error)) toast.error(title, { id, description });
  }, [isError, error, title, id, description]);
}
