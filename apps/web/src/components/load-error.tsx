import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { errorMessage } from '@/lib/api-client';
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
