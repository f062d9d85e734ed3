import { ATIVIDADES_RECENTES, type Atividade } from '@caderneta/shared';
import HandCoinsIcon from 'lucide-react/icons/hand-coins';
import ShoppingCartIcon from 'lucide-react/icons/shopping-cart';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { CardTitulo } from '@/components/card-titulo';
import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useFormatters } from '@/lib/format';
import { cn } from '@/lib/utils';

/** The latest sales and payments, newest first. */
export function AtividadeRecente({ atividades }: { atividades: Atividade[] | undefined }) {
  const { t } = useTranslation('dashboard');
  const fmt = useFormatters();
  return (
    <Card role="region" aria-labelledby="atividade-title">
      <CardTitulo id="atividade-title" className="text-base">{t('atividade.title')}</CardTitulo>
      <CardContent className="grid grid-cols-1 gap-3">
        {!atividades ? (
          // A shop's usual list: that many rows at a row's height, so the page below stays put.
          <ul className="divide-y" aria-hidden="true">
            {Array.from({ length: ATIVIDADES_RECENTES }, (_, i) => (
              <li key={i} className="flex items-center gap-3 py-2.5">
                <Skeleton className="size-8 shrink-0" />
                <div className="grid flex-1 gap-0.5">
                  <Skeleton className="h-5 w-32" />
                  <Skeleton className="h-4 w-48 max-w-full" />
                </div>
                <Skeleton className="h-5 w-16 shrink-0" />
              </li>
            ))}
          </ul>
        ) : atividades.length === 0 ? (
          <div className="py-4 text-center">
            <p className="font-medium">{t('atividade.empty')}</p>
            <p className="text-sm text-muted-foreground">{t('atividade.emptyDescription')}</p>
          </div>
        ) : (
          <ul aria-label={t('atividade.label')} className="divide-y">
            {atividades.map((a) => {
              const venda = a.tipo === 'venda';
              const Icon = venda ? ShoppingCartIcon : HandCoinsIcon;
              return (
                <li key={`${a.tipo}-${a.id}`} className="flex items-center gap-3 py-2.5">
                  <span
                    className={cn(
                      'inline-flex size-8 shrink-0 items-center justify-center rounded-md',
                      venda ? 'bg-primary/10 text-primary' : 'bg-emerald-500/10 text-emerald-700 dark:text-emerald-400',
                    )}
                  >
                    <Icon className="size-4" aria-hidden="true" />
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
                      {venda ? t('atividade.venda', { numero: a.numeroVenda }) : t('atividade.pagamento')}
                      {venda && (
                        <Badge variant={a.statusPagamento === 'cancelado' ? 'secondary' : 'outline'}>
                          {a.statusPagamento === 'cancelado'
                            ? t('atividade.cancelada')
                            : a.formaPagamento === 'fiado'
                              ? t('atividade.forma.fiado')
                              : t('atividade.forma.vista')}
                        </Badge>
                      )}
                      {!venda && a.metodo && <Badge variant="outline">{t(`atividade.metodos.${a.metodo}`)}</Badge>}
                    </p>
                    <p className="truncate text-xs text-muted-foreground">
                      {a.clienteNome ?? t('atividade.semCliente')} · {fmt.dateTime(a.data)}
                    </p>
                  </div>
                  <p
                    className={cn(
                      'shrink-0 text-right text-sm font-semibold tabular-nums',
                      !venda && 'text-emerald-700 dark:text-emerald-400',
                      venda && a.statusPagamento === 'cancelado' && 'text-muted-foreground line-through',
                    )}
                  >
                    {venda ? fmt.money(a.valor) : `+${fmt.money(a.valor)}`}
                  </p>
                </li>
              );
            })}
          </ul>
        )}
        <Link to="/vendas" className="inline-flex min-h-11 w-fit items-center text-sm text-primary underline-offset-4 hover:underline">
          {t('atividade.verTodas')}
        </Link>
      </CardContent>
    </Card>
  );
}
