import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/**
 * One row of a list page: an `<li>` named by its title (`aria-labelledby`), stacked on a phone and
 * side by side from `className`'s breakpoint on.
 */
export function RecordRow({ titleId, className, children }: { titleId: string; className: string; children: ReactNode }) {
  return (
    <li aria-labelledby={titleId} className={cn('flex flex-col gap-3 p-4', className)}>
      {children}
    </li>
  );
}

/** The row's title (`<h3>`, the row's name) and the badges beside it. */
export function RecordTitle({ id, title, className, children }: { id: string; title: ReactNode; className?: string; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <h3 id={id} className={cn('font-semibold', className)}>
        {title}
      </h3>
      {children}
    </div>
  );
}
