import ArrowRightIcon from 'lucide-react/icons/arrow-right';
import CirclePlusIcon from 'lucide-react/icons/circle-plus';
import PackageIcon from 'lucide-react/icons/package';
import ShoppingCartIcon from 'lucide-react/icons/shopping-cart';
import UsersIcon from 'lucide-react/icons/users';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/layout/page-header';
import { LoadError, useLoadErrorToast } from '@/components/load-error';
import { Button } from '@/components/ui/button';
import { Card, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { usePode } from '@/lib/permissoes';
import { useSession } from '@/lib/session';
import { useDashboard } from '@/features/dashboard/api/get-dashboard';
import { AtividadeRecente } from '@/features/dashboard/components/atividade-recente';
import { DashboardStats } from '@/features/dashboard/components/dashboard-stats';
import { DevedoresCard } from '@/features/dashboard/components/devedores-card';
import { displayName } from '@/lib/user-identity';

const SHORTCUTS = [
  { key: 'clientes', to: '/clientes', icon: UsersIcon },
  { key: 'produtos', to: '/produtos', icon: PackageIcon },
  { key: 'vendas', to: '/vendas', icon: ShoppingCartIcon },
] as const;

export function Component() {
  const { t } = useTranslation(['dashboard', 'layout']);
  const { user } = useSession();
  const name = displayName(user, t('layout:user.fallbackName'));
  const dashboard = useDashboard();
  const vende = usePode(['vender_avista', 'vender_fiado']);

  useLoadErrorToast(dashboard, t('loadError'));

  return (
    <>
      <PageHeader
        title={t('greeting', { name })}
        description={t('welcome')}
        documentTitle={t('title')}
      />

      {dashboard.isError && !dashboard.data ? (
        <Card className="mb-6 py-0">
          <LoadError title={t('loadError')} error={dashboard.error} onRetry={() => void dashboard.refetch()} />
        </Card>
      ) : (
        <>
          <DashboardStats data={dashboard.data} />

          <div className="mb-6 grid grid-cols-1 gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)]">
            <DevedoresCard data={dashboard.data} />
            <AtividadeRecente atividades={dashboard.data?.atividades} />
          </div>
        </>
      )}

      <section aria-labelledby="shortcuts-title">
        <h2 id="shortcuts-title" className="sr-only">
          {t('shortcutsTitle')}
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {SHORTCUTS.map(({ key, to, icon: Icon }) => (
            <li key={key}>
              <Link
                to={to}
                className="group block h-full rounded-xl outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
              >
                <Card className="h-full transition-colors group-hover:border-primary/50 group-hover:bg-accent/40">
                  <CardHeader>
                    <span className="mb-2 inline-flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
                      <Icon className="size-5" aria-hidden="true" />
                    </span>
                    <CardTitle className="flex items-center justify-between gap-2">
                      {t(`shortcuts.${key}.title`)}
                      <ArrowRightIcon
                        className="size-4 text-muted-foreground transition-transform group-hover:translate-x-0.5"
                        aria-hidden="true"
                      />
                    </CardTitle>
                    <CardDescription>{t(`shortcuts.${key}.description`)}</CardDescription>
                  </CardHeader>
                </Card>
              </Link>
            </li>
          ))}
        </ul>
      </section>

      {vende && (
        <Card className="mt-6 border-primary/30 bg-primary/5">
          <CardHeader className="gap-4 sm:grid-cols-[1fr_auto] sm:items-center">
            <div className="grid gap-1.5">
              <CardTitle>
                <h2 className="text-lg">{t('readyToSell.title')}</h2>
              </CardTitle>
              <CardDescription>{t('readyToSell.description')}</CardDescription>
            </div>
            <Button asChild size="lg" className="w-full sm:w-auto">
              <Link to="/vendas/nova">
                <CirclePlusIcon aria-hidden="true" />
                {t('readyToSell.action')}
              </Link>
            </Button>
          </CardHeader>
        </Card>
      )}
    </>
  );
}
