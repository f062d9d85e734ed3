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

/** The row's title (`<h2>` under the page's `<h1>`: the list has no heading of its own) and the badges beside it. */
export function RecordTitle({ id, title, className, children }: { id: string; title: ReactNode; className?: string; children?: ReactNode }) {
  return (
    <div className="flex flex-wrap items-center gap-2">
      <h2 id={id} className={cn('font-semibold', className)}>
        {title}
      </h2>
      {children}
    </div>
  );
}
