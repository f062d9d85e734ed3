import type { Dashboard } from '@caderneta/shared';
import MessageSquareWarningIcon from 'lucide-react/icons/message-square-warning';
import AlertTriangleIcon from 'lucide-react/icons/triangle-alert';
import UserRoundXIcon from 'lucide-react/icons/user-round-x';
import type { ComponentType, ReactNode, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { CardTitulo } from '@/components/card-titulo';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useFormatters } from '@/lib/format';
import { cn } from '@/lib/utils';

/** Customers with saldo_pendente > 0, what they owe together and how much of it is overdue; low stock as a side note. */
export function DevedoresCard({ data }: { data: Dashboard | undefined }) {
  const { t } = useTranslation('dashboard');
  const fmt = useFormatters();
  return (
    <Card role="region" aria-labelledby="devedores-title">
      <CardTitulo id="devedores-title" className="text-base" icon={<UserRoundXIcon className="size-4 text-destructive" aria-hidden="true" />}>{t('devedores.title')}</CardTitulo>
      <CardContent className="grid grid-cols-1 gap-3">
        {!data ? (
          // The four lines a shop with debtors sees, at their heights, so the button below stays put.
          <>
            <Skeleton className="h-9 w-16" />
            <Skeleton className="h-5 w-40" />
            <Skeleton className="h-6 w-48" />
            <Skeleton className="h-5 w-44" />
          </>
        ) : data.devedores > 0 ? (
          <>
            <p className="text-3xl font-bold tabular-nums">{fmt.integer(data.devedores)}</p>
            <p className="text-sm text-muted-foreground">{t('devedores.count', { count: data.devedores })}</p>
            <p className="font-semibold [overflow-wrap:anywhere] text-destructive tabular-nums">{t('devedores.total', { valor: fmt.money(data.valorDevedores) })}</p>
            {/* Who is late, as Devedores' "Dívidas Vencidas" counts them (one meaning of overdue). */}
            <p className="text-sm [overflow-wrap:anywhere] tabular-nums">
              {data.devedoresVencidos > 0
                ? t('devedores.vencido', { count: data.devedoresVencidos, valor: fmt.money(data.valorVencido) })
                : t('devedores.nenhumVencido')}
            </p>
          </>
        ) : (
          <p className="text-sm text-muted-foreground">{t('devedores.none')}</p>
        )}
        <Button asChild variant="outline" className="w-fit">
          <Link to="/devedores">{t('devedores.action')}</Link>
        </Button>
        {/* Customers who disputed an entry on their page: their collection waits for the owner (ADR 042). */}
        {data && data.contestacoesAbertas > 0 && (
          <Aviso icon={MessageSquareWarningIcon} to="/devedores" acao={t('devedores.contestacoesAction')} className="text-amber-800 dark:text-amber-300">
            {t('devedores.contestacoes', { count: data.contestacoesAbertas })}
          </Aviso>
        )}
        {data && data.estoqueBaixo > 0 && (
          <Aviso icon={AlertTriangleIcon} to="/produtos?estoque=baixo" acao={t('devedores.estoqueAction')} className="text-amber-700 dark:text-amber-400">
            {t('devedores.estoqueBaixo', { count: data.estoqueBaixo })}
          </Aviso>
        )}
      </CardContent>
    </Card>
  );
}

/** A side note under the debtors: what needs the owner, and the way to it. */
function Aviso({ icon: Icon, to, acao, className, children }: { icon: ComponentType<SVGProps<SVGSVGElement>>; to: string; acao: string; className: string; children: ReactNode }) {
  return (
    <p className={cn('flex flex-wrap items-center gap-2 border-t pt-3 text-sm', className)}>
      <Icon className="size-4" aria-hidden="true" />
      {children}
      <Link to={to} className="inline-flex min-h-11 items-center underline underline-offset-4">
        {acao}
      </Link>
    </p>
  );
}
