import ChevronLeftIcon from 'lucide-react/icons/chevron-left';
import ChevronRightIcon from 'lucide-react/icons/chevron-right';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';

interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  /** While the next page loads, the buttons wait. */
  busy?: boolean;
}

/** "Página 2 de 7" with previous/next buttons; hidden when everything fits on one page. */
export function Pagination({ page, pageSize, total, onPageChange, busy = false }: PaginationProps) {
  const { t } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1 && page <= 1) return null;
  return (
    <nav aria-label={t('pagination.label')} className="flex items-center justify-between gap-2 pt-4">
      <Button
        variant="outline"
        size="sm"
        onClick={() => onPageChange(page - 1)}
        disabled={busy || page <= 1}
      >
        <ChevronLeftIcon aria-hidden="true" />
        {t('pagination.previous')}
      </Button>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {t('pagination.page', { page, pages })}
      </p>
      <Button
        variant="outline"
        size="sm"
        onClick={() => onPageChange(page + 1)}
        disabled={busy || page >= pages}
      >
        {t('pagination.next')}
        <ChevronRightIcon aria-hidden="true" />
      </Button>
    </nav>
  );
}
