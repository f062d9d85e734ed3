import type { ReactNode } from 'react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { cn } from '@/lib/utils';

interface FiguraProps {
  title: string;
  value: string;
  hint?: string;
  /** The change against the previous period (<Variacao>), or any line under the value. */
  children?: ReactNode;
}

/** One figure of a report ("Total de Vendas: R$ 1.234,56 ▲ 12%"). */
export function Figura({ title, value, hint, children }: FiguraProps) {
  return (
    <Card className="min-w-0 gap-1 py-3 sm:py-4" role="group" aria-label={title}>
      <CardHeader className="px-3 sm:px-4">
        <CardTitle className="text-xs leading-tight font-medium text-muted-foreground sm:text-sm">{title}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-1 px-3 sm:px-4">
        <p className={cn('font-bold [overflow-wrap:anywhere] tabular-nums', value.length > 12 ? 'text-base sm:text-xl' : 'text-lg sm:text-2xl')}>{value}</p>
        {children}
        {hint && <CardDescription className="text-xs">{hint}</CardDescription>}
      </CardContent>
    </Card>
  );
}

/** A titled block of a tab: a card with an h2. */
export function Secao({ title, description, action, children, className }: { title: string; description?: string; action?: ReactNode; children: ReactNode; className?: string }) {
  const id = `secao-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <section aria-labelledby={id} className={cn('min-w-0', className)}>
      <Card className="h-full gap-3 py-4">
        <CardHeader className="px-4">
          <div className="flex flex-wrap items-start justify-between gap-2">
            <div className="min-w-0">
              <h2 id={id} className="text-base leading-tight font-semibold">
                {title}
              </h2>
              {description && <CardDescription className="mt-1 text-xs">{description}</CardDescription>}
            </div>
            {action}
          </div>
        </CardHeader>
        <CardContent className="min-w-0 px-4">{children}</CardContent>
      </Card>
    </section>
  );
}

/** A line in place of a block's data when there is none ("Nenhum cliente devendo."). */
export function SemDados({ children }: { children: ReactNode }) {
  return <p className="py-6 text-center text-sm text-muted-foreground">{children}</p>;
}
