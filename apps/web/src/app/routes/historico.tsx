import HistoryIcon from 'lucide-react/icons/history';
import { useTranslation } from 'react-i18next';
import { EmptyState, ListLoading } from '@/components/empty-state';
import { PageHeader } from '@/components/layout/page-header';
import { LoadError, useLoadErrorToast } from '@/components/load-error';
import { ExigePermissao } from '@/components/sem-permissao';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { useAuditoria } from '@/features/historico/api/get-auditoria';
import { ExportarHistorico } from '@/features/historico/components/exportar-historico';
import { HistoricoFiltros } from '@/features/historico/components/historico-filtros';
import { HistoricoRow } from '@/features/historico/components/historico-row';
import { filtrosDaUrl } from '@/features/historico/filtros';
import { useTextoHistorico } from '@/features/historico/texto';
import { toastError } from '@/lib/api-client';
import { useListParams } from '@/lib/use-list-params';

/** /historico: for who looks after the shop's people (`equipe`, as GET /api/auditoria). */
export function Component() {
  return (
    <ExigePermissao permissao="equipe" pagina="historico">
      <Historico />
    </ExigePermissao>
  );
}

/**
 * Every change of the shop, newest first — who, when, what, before → after — with
 * "Carregar mais" (keyset pages), filters kept in the URL, one record's history (`?clienteId=`,
 * `?registro=&registroId=`) and the CSV of all that matches (ADR 037).
 */
function Historico() {
  const { t } = useTranslation('historico');
  const list = useListParams();
  const filtros = filtrosDaUrl(list.params);
  const query = useAuditoria(filtros);
  const texto = useTextoHistorico();
  const items = query.data?.pages.flatMap((pagina) => pagina.items) ?? [];
  const filtrado = Object.values(filtros).some((valor) => valor !== undefined);

  // A page that failed to load says so; "Carregar mais" that failed says it on its own.
  useLoadErrorToast({ isError: query.isError && !query.isFetchNextPageError, error: query.error }, t('toast.loadError'));

  async function carregarMais() {
    const resultado = await query.fetchNextPage();
    if (resultado.isFetchNextPageError) toastError(resultado.error, 'historico:toast.loadMoreError');
  }

  function renderBody() {
    if (query.isPending) return <ListLoading text={t('list.loading')} />;
    if (!query.data) return <LoadError title={t('toast.loadError')} error={query.error} onRetry={() => void query.refetch()} />;
    if (items.length === 0) {
      return <EmptyState icon={HistoryIcon} title={t('list.empty')} description={filtrado ? t('list.emptyFiltered') : t('list.emptyDescription')} />;
    }
    return (
      <ul aria-label={t('list.label')} aria-busy={query.isPlaceholderData} className="divide-y">
        {items.map((item) => (
          <HistoricoRow key={item.id} item={item} texto={texto} />
        ))}
      </ul>
    );
  }

  return (
    <>
      <PageHeader title={t('title')} description={t('description')} actions={<ExportarHistorico filtros={filtros} />} />
      <Card className="gap-0 py-0">
        <HistoricoFiltros list={list} filtros={filtros} items={items} texto={texto} />
        {renderBody()}
        {query.hasNextPage && !query.isPlaceholderData && (
          <div className="border-t p-4">
            <Button variant="outline" className="w-full sm:w-auto" disabled={query.isFetchingNextPage} onClick={() => void carregarMais()}>
              {query.isFetchingNextPage ? t('list.loadingMore') : t('list.loadMore')}
            </Button>
          </div>
        )}
      </Card>
    </>
  );
}
