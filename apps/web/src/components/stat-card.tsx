import type { LucideIcon } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';

interface StatCardProps {
  title: string;
  value: string | undefined;
  hint?: string;
  icon: LucideIcon;
  tone?: 'default' | 'success' | 'warning' | 'danger';
}

const TONES = {
  default: 'bg-primary/10 text-primary',
  success: 'bg-emerald-500/10 text-emerald-600 dark:text-emerald-400',
  warning: 'bg-amber-500/10 text-amber-600 dark:text-amber-400',
  danger: 'bg-destructive/10 text-destructive',
} as const;

/** One summary number of a page ("Total de Clientes: 42"); a skeleton while it loads. */
export function StatCard({ title, value, hint, icon: Icon, tone = 'default' }: StatCardProps) {
  return (
    <Card className="gap-2 py-4" role="group" aria-label={title}>
      <CardHeader className="grid-cols-[1fr_auto] items-center px-4">
        <CardTitle className="text-sm font-medium text-muted-foreground">{title}</CardTitle>
        <span className={cn('inline-flex size-8 items-center justify-center rounded-md', TONES[tone])}>
          <Icon className="size-4" aria-hidden="true" />
        </span>
      </CardHeader>
      <CardContent className="px-4">
        {value === undefined ? (
          <Skeleton className="h-7 w-20" />
        ) : (
          <p className="text-2xl font-bold tabular-nums">{value}</p>
        )}
        {hint && <CardDescription className="mt-1 text-xs">{hint}</CardDescription>}
      </CardContent>
    </Card>
  );
}
