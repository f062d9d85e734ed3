import type { ComponentType, ReactNode, SVGProps } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

export interface StatCardProps {
  title: string;
  value: string | undefined;
  hint?: string;
  icon?: ComponentType<SVGProps<SVGSVGElement>>;
  tone?: 'default' | 'success' | 'warning' | 'danger';
  /** Lines under the value that show on phones too (a report's change against the previous period). */
  children?: ReactNode;
}

const TONES = {
  default: 'bg-primary/10 text-primary',
  success: 'bg-emerald-500/10 text-emerald-700 dark:text-emerald-400',
  warning: 'bg-amber-500/10 text-amber-700 dark:text-amber-400',
  danger: 'bg-destructive/10 text-destructive',
} as const;

/** One summary number of a page ("Total de Clientes: 42"); a skeleton while it loads. */
export function StatCard({ title, value, hint, icon: Icon, tone = 'default', children }: StatCardProps) {
  return (
    <Card className="min-w-0 gap-2 py-3 sm:py-4" role="group" aria-label={title}>
      <CardHeader className="grid-cols-[1fr_auto] items-center px-3 sm:px-4">
        <CardTitle className="text-xs leading-tight font-medium text-muted-foreground sm:text-sm">{title}</CardTitle>
        {Icon && (
          <span className={cn('hidden size-8 items-center justify-center rounded-md sm:inline-flex', TONES[tone])}>
            <Icon className="size-4" aria-hidden="true" />
          </span>
        )}
      </CardHeader>
      <CardContent className="px-3 sm:px-4">
        {value === undefined ? (
          // The height of the value's line (text-lg, sm:text-2xl), so nothing moves when it arrives.
          <Skeleton className="h-7 w-20 sm:h-8" />
        ) : (
          // Large amounts wrap (smaller) instead of being cut: "R$ 1.238.37…" would misinform.
          <p className={cn('font-bold [overflow-wrap:anywhere] tabular-nums', value.length > 12 ? 'text-base sm:text-xl' : 'text-lg sm:text-2xl')}>{value}</p>
        )}
        {children && <div className="mt-1 grid gap-1">{children}</div>}
        {hint && <CardDescription className="mt-1 hidden text-xs sm:block">{hint}</CardDescription>}
      </CardContent>
    </Card>
  );
}

/**
 * A page's row of summary cards (the stats slot of a list page). With `label` the row is a named
 * region (`<section>`); `className` sets its grid columns.
 */
export function StatCards({ cards, label, className }: { cards: StatCardProps[]; label?: string; className: string }) {
  const Row = label ? 'section' : 'div';
  return (
    <Row aria-label={label} className={cn('mb-6 grid', className)}>
      {cards.map((card) => (
        <StatCard key={card.title} {...card} />
      ))}
    </Row>
  );
}
