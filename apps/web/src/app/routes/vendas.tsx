import { FORMAS_PAGAMENTO, STATUS_PAGAMENTO, type VendaListItem } from '@caderneta/shared';
import ReceiptIcon from 'lucide-react/icons/receipt';
import XIcon from 'lucide-react/icons/x';
import { lazy, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DateField } from '@/components/date-field';
import { AddButton } from '@/components/add-button';
import { EmptyState } from '@/components/empty-state';
import { SelectFilter } from '@/components/list-filters';
import { ListPage } from '@/components/list-page';
import { OpenedOnce } from '@/components/opened-once';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { useVendas, VENDAS_PAGE_SIZE } from '@/features/vendas/api/get-vendas';
import { VendaRow } from '@/features/vendas/components/venda-row';
import { VendasAguardando } from '@/features/vendas/components/vendas-aguardando';
import { VendasStats } from '@/features/vendas/components/vendas-stats';
import { useListParams } from '@/lib/use-list-params';

// A sale's details and its cancellation (Radix dialogs) load when first asked for.
const VendaDetalheDialog = lazy(() => import('@/features/vendas/components/venda-detalhe-dialog').then((m) => ({ default: m.VendaDetalheDialog })));
const CancelarVendaDialog = lazy(() => import('@/features/vendas/components/cancelar-venda-dialog').then((m) => ({ default: m.CancelarVendaDialog })));

const isDate = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);

/** /vendas: cards, working search and filters (kept in the URL), the paged list, details and cancel. */
export function Component() {
  const { t } = useTranslation('vendas');
  const list = useListParams();
  const [, setParams] = useSearchParams();
  const status = list.optional('status', STATUS_PAGAMENTO);
  const forma = list.optional('forma', FORMAS_PAGAMENTO);
  const de = isDate(list.params.get('de'));
  const ate = isDate(list.params.get('ate'));
  // Moving to the next page continues right after the last sale shown (the server's cursor), so a
  // sale recorded meanwhile does not push a row seen on this page onto the next one. A page
  // opened directly (a reload on page 3) has no cursor yet and is read by offset.
  const cursors = useRef(new Map<string, string>());
  const filtros = JSON.stringify([list.busca, status, forma, de, ate]);
  const cursor = list.page > 1 ? cursors.current.get(`${filtros}|${list.page}`) : undefined;
  const query = useVendas({ busca: list.busca, status, forma, de, ate, page: list.page, pageSize: VENDAS_PAGE_SIZE, cursor });
  const data = query.data;
  useEffect(() => {
    if (data?.nextCursor && !query.isPlaceholderData) cursors.current.set(`${filtros}|${data.page + 1}`, data.nextCursor);
  }, [data, filtros, query.isPlaceholderData]);
  const filtered = !!(list.busca || status || forma || de || ate);
  const ids = { de: useId(), ate: useId() };

  const [detalhe, setDetalhe] = useState<VendaListItem | null>(null);
  const [cancelando, setCancelando] = useState<VendaListItem | null>(null);

  function limpar() {
    list.setTyped('');
    setParams(new URLSearchParams(), { replace: true });
  }

  return (
    <ListPage
      ns="vendas"
      actions={<AddButton label={t('new')} to="/vendas/nova" />}
      stats={
        <>
          <VendasAguardando />
          <VendasStats resumo={data?.resumo} />
        </>
      }
      list={list}
      toolbarLayout="stacked"
      filters={
        <div className="grid grid-cols-2 gap-3 lg:grid-cols-[1fr_1fr_1fr_1fr_auto] lg:items-end">
          <SelectFilter list={list} param="status" label={t('filters.status')} allLabel={t('filters.todos')} options={STATUS_PAGAMENTO} optionLabel={(s) => t(`status.${s}`)} />
          <SelectFilter list={list} param="forma" label={t('filters.forma')} allLabel={t('filters.todas')} options={FORMAS_PAGAMENTO} optionLabel={(f) => t(`forma.${f}`)} />
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
      }
      query={query}
      found={
        data && (
          <>
            {t('filters.found', { count: data.total })}
            {/* The cards leave cancelled sales out; the list shows them. Say so, so both add up. */}
            {data.resumo.canceladas > 0 && ` (${t('filters.canceladas', { count: data.resumo.canceladas })})`}
          </>
        )
      }
      filtered={filtered}
      empty={<EmptyState icon={ReceiptIcon} title={t('list.empty')} description={t('list.emptyDescription')} action={<AddButton label={t('list.addFirst')} to="/vendas/nova" />} />}
      renderItem={(venda) => <VendaRow venda={venda} onDetails={setDetalhe} onCancel={setCancelando} />}
    >
      <OpenedOnce open={!!detalhe}>
        <VendaDetalheDialog venda={detalhe} onOpenChange={(open) => !open && setDetalhe(null)} />
      </OpenedOnce>
      <OpenedOnce open={!!cancelando}>
        <CancelarVendaDialog venda={cancelando} onOpenChange={(open) => !open && setCancelando(null)} />
      </OpenedOnce>
    </ListPage>
  );
}
