import { FORMAS_PAGAMENTO, type FormaPagamento, STATUS_PAGAMENTO, type StatusPagamento, type VendaListItem } from '@caderneta/shared';
import PlusIcon from 'lucide-react/icons/plus';
import ReceiptIcon from 'lucide-react/icons/receipt';
import SearchXIcon from 'lucide-react/icons/search-x';
import XIcon from 'lucide-react/icons/x';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { DateField } from '@/components/date-field';
import { EmptyState, ListLoading } from '@/components/empty-state';
import { PageHeader } from '@/components/layout/page-header';
import { LoadError } from '@/components/load-error';
import { ListSearch } from '@/components/list-search';
import { Pagination } from '@/components/pagination';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useVendas } from '@/features/vendas/api/get-vendas';
import { CancelarVendaDialog } from '@/features/vendas/components/cancelar-venda-dialog';
import { VendaDetalheDialog } from '@/features/vendas/components/venda-detalhe-dialog';
import { VendaRow } from '@/features/vendas/components/venda-row';
import { VendasStats } from '@/features/vendas/components/vendas-stats';
import { toastError } from '@/lib/api-client';
import { useListParams } from '@/lib/use-list-params';

const PAGE_SIZE = 20;
const isDate = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);
const oneOf = <T extends string>(values: readonly T[], value: string | null) => (values as readonly string[]).includes(value ?? '') ? (value as T) : undefined;

/** /vendas: cards, working search and filters (kept in the URL), the paged list, details and cancel. */
export function Component() {
  const { t } = useTranslation('vendas');
  const list = useListParams();
  const [, setParams] = useSearchParams();
  const status = oneOf<StatusPagamento>(STATUS_PAGAMENTO, list.params.get('status'));
  const forma = oneOf<FormaPagamento>(FORMAS_PAGAMENTO, list.params.get('forma'));
  const de = isDate(list.params.get('de'));
  const ate = isDate(list.params.get('ate'));
  // Moving to the next page continues right after the last sale shown (the server's cursor), so a
  // sale recorded meanwhile does not push a row seen on this page onto the next one. A page
  // opened directly (a reload on page 3) has no cursor yet and is read by offset.
  const cursors = useRef(new Map<string, string>());
  const filtros = JSON.stringify([list.busca, status, forma, de, ate]);
  const cursor = list.page > 1 ? cursors.current.get(`${filtros}|${list.page}`) : undefined;
  const query = useVendas({ busca: list.busca, status, forma, de, ate, page: list.page, pageSize: PAGE_SIZE, cursor });
  const data = query.data;
  useEffect(() => {
    if (data?.nextCursor && !query.isPlaceholderData) cursors.current.set(`${filtros}|${data.page + 1}`, data.nextCursor);
  }, [data, filtros, query.isPlaceholderData]);
  const filtered = !!(list.busca || status || forma || de || ate);
  const ids = { status: useId(), forma: useId(), de: useId(), ate: useId() };

  const [detalhe, setDetalhe] = useState<VendaListItem | null>(null);
  const [cancelando, setCancelando] = useState<VendaListItem | null>(null);

  useEffect(() => {
    if (query.isError) toastError(query.error, 'vendas:toast.loadError');
  }, [query.isError, query.error]);

  const pageEmpty = !!data && data.items.length === 0 && list.page > 1;
  const { setPage } = list;
  useEffect(() => {
    if (pageEmpty) setPage(1);
  }, [pageEmpty, setPage]);

  function limpar() {
    list.setTyped('');
    setParams(new URLSearchParams(), { replace: true });
  }

  function renderBody() {
    if (query.isPending) return <ListLoading text={t('list.loading')} />;
    if (!data) {
      return <LoadError title={t('toast.loadError')} error={query.error} onRetry={() => void query.refetch()} />;
    }
    if (data.items.length === 0) {
      if (filtered) return <EmptyState icon={SearchXIcon} title={t('list.noResults')} description={t('list.noResultsDescription')} />;
      return (
        <EmptyState
          icon={ReceiptIcon}
          title={t('list.empty')}
          description={t('list.emptyDescription')}
          action={
            <Button asChild>
              <Link to="/vendas/nova">
                <PlusIcon aria-hidden="true" />
                {t('list.addFirst')}
              </Link>
            </Button>
          }
        />
      );
    }
    return (
      <ul aria-label={t('list.label')} aria-busy={query.isPlaceholderData} className="divide-y">
        {data.items.map((venda) => (
          <VendaRow key={venda.id} venda={venda} onDetails={setDetalhe} onCancel={setCancelando} />
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
          <Button asChild>
            <Link to="/vendas/nova">
              <PlusIcon aria-hidden="true" />
              {t('new')}
            </Link>
          </Button>
        }
      />

      <VendasStats resumo={data?.resumo} />

      <Card className="gap-0 py-0">
        <div className="grid gap-3 border-b p-4">
          <ListSearch label={t('filters.searchLabel')} placeholder={t('filters.searchPlaceholder')} value={list.typed} onChange={list.setTyped} />
          <div className="grid grid-cols-2 gap-3 lg:grid-cols-[1fr_1fr_1fr_1fr_auto] lg:items-end">
            <div className="grid gap-1.5">
              <Label htmlFor={ids.status}>{t('filters.status')}</Label>
              <NativeSelect id={ids.status} value={status ?? ''} onChange={(e) => list.setFilter('status', e.target.value || null)}>
                <option value="">{t('filters.todos')}</option>
                {STATUS_PAGAMENTO.map((s) => (
                  <option key={s} value={s}>
                    {t(`status.${s}`)}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={ids.forma}>{t('filters.forma')}</Label>
              <NativeSelect id={ids.forma} value={forma ?? ''} onChange={(e) => list.setFilter('forma', e.target.value || null)}>
                <option value="">{t('filters.todas')}</option>
                {FORMAS_PAGAMENTO.map((f) => (
                  <option key={f} value={f}>
                    {t(`forma.${f}`)}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={ids.de}>{t('filters.de')}</Label>
              <DateField id={ids.de} value={de} max={ate} onChange={(value) => list.setFilter('de', value)} />
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={ids.ate}>{t('filters.ate')}</Label>
              <DateField id={ids.ate} value={ate} min={de} onChange={(value) => list.setFilter('ate', value)} />
            </div>
            {filtered && (
              <Button variant="ghost" className="col-span-2 lg:col-span-1" onClick={limpar}>
                <XIcon aria-hidden="true" />
                {t('filters.clear')}
              </Button>
            )}
          </div>
        </div>
        {data && (
          <p className="px-4 pt-3 text-sm text-muted-foreground" aria-live="polite">
            {t('filters.found', { count: data.total })}
            {/* The cards leave cancelled sales out; the list shows them. Say so, so both add up. */}
            {data.resumo.canceladas > 0 && ` (${t('filters.canceladas', { count: data.resumo.canceladas })})`}
          </p>
        )}
        {renderBody()}
        {data && (
          <div className="border-t px-4 pb-4">
            <Pagination page={data.page} pageSize={data.pageSize} total={data.total} busy={query.isPlaceholderData} onPageChange={list.setPage} />
          </div>
        )}
      </Card>

      <VendaDetalheDialog venda={detalhe} onOpenChange={(open) => !open && setDetalhe(null)} />
      <CancelarVendaDialog venda={cancelando} onOpenChange={(open) => !open && setCancelando(null)} />
    </>
  );
}
