import type { Notificacao, NotificacoesFiltro } from '@caderneta/shared';
import BellIcon from 'lucide-react/icons/bell';
import BellOffIcon from 'lucide-react/icons/bell-off';
import CheckCheckIcon from 'lucide-react/icons/check-check';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { EmptyState, ListLoading } from '@/components/empty-state';
import { PageHeader } from '@/components/layout/page-header';
import { LoadError, useLoadErrorToast } from '@/components/load-error';
import { Pagination } from '@/components/pagination';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { ToggleGroup, ToggleGroupItem } from '@/components/ui/toggle-group';
import { useNotificacoes } from '@/features/notificacoes/api/get-notificacoes';
import { useMarkNotificacaoLida } from '@/features/notificacoes/api/mark-notificacao-lida';
import { useMarkNotificacoesLidas } from '@/features/notificacoes/api/mark-notificacoes-lidas';
import { NotificacaoRow } from '@/features/notificacoes/components/notificacao-row';
import { toastError } from '@/lib/api-client';
import { useListParams } from '@/lib/use-list-params';

const PAGE_SIZE = 20;

/** /notificacoes: every notification, newest first, paged; mark one or all read (spec §2, §4). */
export function Component() {
  const { t } = useTranslation('notificacoes');
  const list = useListParams();
  const filtro: NotificacoesFiltro = list.params.get('filtro') === 'nao_lidas' ? 'nao_lidas' : 'todas';
  const query = useNotificacoes({ filtro, page: list.page, pageSize: PAGE_SIZE });
  const data = query.data;
  const marcarLida = useMarkNotificacaoLida();
  const marcarTodas = useMarkNotificacoesLidas();

  useLoadErrorToast(query, t('toast.loadError'));

  const pageEmpty = !!data && data.items.length === 0 && list.page > 1;
  const { setPage } = list;
  useEffect(() => {
    if (pageEmpty) setPage(1);
  }, [pageEmpty, setPage]);

  function onMarcarLida(n: Notificacao) {
    marcarLida.mutate(n.id, { onError: (error) => toastError(error, 'notificacoes:toast.markError') });
  }

  async function onMarcarTodas() {
    try {
      await marcarTodas.mutateAsync();
    } catch (error) {
      toastError(error, 'notificacoes:toast.markError');
      return;
    }
    toast.success(t('toast.allRead'));
  }

  function renderBody() {
    if (query.isPending) return <ListLoading text={t('list.loading')} />;
    if (!data) return <LoadError title={t('toast.loadError')} error={query.error} onRetry={() => void query.refetch()} />;
    if (data.items.length === 0) {
      return filtro === 'nao_lidas' ? (
        <EmptyState icon={BellOffIcon} title={t('list.emptyUnread')} description={t('list.emptyUnreadDescription')} />
      ) : (
        <EmptyState icon={BellIcon} title={t('list.empty')} description={t('list.emptyDescription')} />
      );
    }
    return (
      <ul aria-label={t('list.label')} aria-busy={query.isPlaceholderData} className="divide-y">
        {data.items.map((n) => (
          <NotificacaoRow key={n.id} notificacao={n} onMarcarLida={onMarcarLida} busy={marcarLida.isPending && marcarLida.variables === n.id} />
        ))}
      </ul>
    );
  }

  return (
    <>
      <PageHeader
        title={t('title')}
        description={t('description')}
        actions={
          <Button variant="outline" onClick={() => void onMarcarTodas()} disabled={marcarTodas.isPending || !data || data.naoLidas === 0}>
            <CheckCheckIcon aria-hidden="true" />
            {marcarTodas.isPending ? t('actions.markingAll') : t('actions.markAll')}
          </Button>
        }
      />
      <Card className="gap-0 py-0">
        <div className="flex flex-col gap-3 border-b p-4 sm:flex-row sm:items-center sm:justify-between">
          <ToggleGroup
            type="single"
            aria-label={t('filters.label')}
            value={filtro}
            onValueChange={(value) => value && list.setFilter('filtro', value === 'todas' ? null : value)}
          >
            <ToggleGroupItem value="todas">{t('filters.todas')}</ToggleGroupItem>
            <ToggleGroupItem value="nao_lidas">{t('filters.nao_lidas')}</ToggleGroupItem>
          </ToggleGroup>
          {data && data.total > 0 && (
            <p className="text-sm text-muted-foreground" aria-live="polite">
              {t('list.found', { count: data.total })}
            </p>
          )}
        </div>
        {renderBody()}
        {data && (
          <Pagination className="border-t px-4 pb-4" page={data.page} pageSize={data.pageSize} total={data.total} busy={query.isPlaceholderData} onPageChange={list.setPage} />
        )}
      </Card>
    </>
  );
}
