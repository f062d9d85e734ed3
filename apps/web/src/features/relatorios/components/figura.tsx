import type { ReactNode } from 'react';
import { StatCard } from '@/components/stat-card';
import { Variacao } from './variacao';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { cn } from '@/lib/utils';

interface FiguraProps {
  title: string;
  value: string;
  hint?: string;
  /** The change against the previous period (<Variacao>), or any line under the value. */
  children?: ReactNode;
}

/**
 * One figure of a report ("Total de Vendas: R$ 1.234,56 ▲ 12%"): the app's summary card, with the
 * change and the hint under the value on phones too (they say which day or rule the figure uses).
 */
export function Figura({ title, value, hint, children }: FiguraProps) {
  return (
    <StatCard title={title} value={value}>
      {children}
      {hint && <CardDescription className="text-xs">{hint}</CardDescription>}
    </StatCard>
  );
}

interface FiguraComparadaProps<T extends number | null> {
  title: string;
  /** The figure in this period and in the previous one of the same length. */
  valores: { atual: T; anterior: T };
  /** How a value of the figure is written (money, an integer, a percentage). */
  formato: (valor: T) => string;
  hint?: string;
  emPontos?: boolean;
  neutro?: boolean;
}

/** A figure of the period with its change against the previous period under it. */
export function FiguraComparada<T extends number | null>({ title, valores, formato, hint, emPontos, neutro }: FiguraComparadaProps<T>) {
  return (
    <Figura title={title} value={formato(valores.atual)} hint={hint}>
      <Variacao {...valores} emPontos={emPontos} neutro={neutro} anteriorTexto={formato(valores.anterior)} />
    </Figura>
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
