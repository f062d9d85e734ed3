import NotebookPenIcon from 'lucide-react/icons/notebook-pen';
import { useTranslation } from 'react-i18next';
import { cn } from '@/lib/utils';

export function Brand({ className }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <span className={cn('inline-flex items-center gap-2 font-semibold tracking-tight', className)}>
      <span className="inline-flex size-8 items-center justify-center rounded-lg bg-primary text-primary-foreground">
        <NotebookPenIcon className="size-4.5" aria-hidden="true" />
      </span>
      {t('appName')}
    </span>
  );
}
