import ChevronLeftIcon from 'lucide-react/icons/chevron-left';
import ChevronRightIcon from 'lucide-react/icons/chevron-right';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  onPageChange: (page: number) => void;
  /** While the next page loads, the buttons wait. */
  busy?: boolean;
  className?: string;
}

/** The app's sticky header plus a little air, so the list's top is not hidden under it. */
const HEADER_OFFSET = 80;

/**
 * A new page starts at the top of its list: on a phone the buttons are below the last row, and the
 * next page would otherwise open at its end. Inside a dialog the dialog scrolls; on a page, the window.
 */
function scrollToListTop(nav: HTMLElement | null) {
  if (!nav) return;
  const dialog = nav.closest('[role="dialog"]');
  if (dialog) {
    dialog.scrollTo({ top: 0 });
    return;
  }
  const list = nav.closest('[data-slot="card"]') ?? nav.parentElement ?? nav;
  const top = Math.max(0, list.getBoundingClientRect().top + window.scrollY - HEADER_OFFSET);
  if (window.scrollY > top) window.scrollTo({ top });
}

/** "Página 2 de 7" with previous/next buttons; hidden when everything fits on one page. */
export function Pagination({ page, pageSize, total, onPageChange, busy = false, className }: PaginationProps) {
  const { t } = useTranslation();
  const nav = useRef<HTMLElement>(null);
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1 && page <= 1) return null;
  const go = (target: number) => {
    onPageChange(target);
    scrollToListTop(nav.current);
  };
  return (
    <nav ref={nav} aria-label={t('pagination.label')} className={cn('flex items-center justify-between gap-2 pt-4', className)}>
      <Button
        variant="outline"
        size="sm"
        onClick={() => go(page - 1)}
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
        onClick={() => go(page + 1)}
        disabled={busy || page >= pages}
      >
        {t('pagination.next')}
        <ChevronRightIcon aria-hidden="true" />
      </Button>
    </nav>
  );
}
