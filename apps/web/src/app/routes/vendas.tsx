import { FORMAS_PAGAMENTO, STATUS_PAGAMENTO, type VendaListItem } from '@caderneta/shared';
import { useQuery } from '@tanstack/react-query';
import ReceiptIcon from 'lucide-react/icons/receipt';
import XIcon from 'lucide-react/icons/x';
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
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
import { autoresQueryOptions } from '@/features/historico/api/get-autores';
import { useVendas, VENDAS_PAGE_SIZE } from '@/features/vendas/api/get-vendas';
import { type Atendente, AtendenteFilter } from '@/features/vendas/components/atendente-filter';
import { VendaRow } from '@/features/vendas/components/venda-row';
import { VendasStats } from '@/features/vendas/components/vendas-stats';
import { usePessoa } from '@/lib/permissoes';
import { useSession } from '@/lib/session';
import { useSaida } from '@/offline/use-saida';
import { useListParams } from '@/lib/use-list-params';
import { cn } from '@/lib/utils';

// A sale's details and its cancellation (Radix dialogs) load when first asked for.
const VendaDetalheDialog = lazy(() => import('@/features/vendas/components/venda-detalhe-dialog').then((m) => ({ default: m.VendaDetalheDialog })));
// What waits on this device to be sent (its receipts and dialogs) loads only when something does.
const VendasAguardando = lazy(() => import('@/features/vendas/components/vendas-aguardando').then((m) => ({ default: m.VendasAguardando })));
const CancelarVendaDialog = lazy(() => import('@/features/vendas/components/cancelar-venda-dialog').then((m) => ({ default: m.CancelarVendaDialog })));

const isDate = (value: string | null) => (value && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined);
/** A person's account id (the API refuses anything else). */
const isId = (value: string | null) => (value && /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value) ? value : undefined);

/** /vendas: cards, working search and filters (kept in the URL), the paged list, details and cancel. */
export function Component() {
  const { t } = useTranslation('vendas');
  const list = useListParams();
  const [, setParams] = useSearchParams();
  const status = list.optional('status', STATUS_PAGAMENTO);
  const forma = list.optional('forma', FORMAS_PAGAMENTO);
  const de = isDate(list.params.get('de'));
  const ate = isDate(list.params.get('ate'));
  const { pode } = usePessoa();
  // One person's sales ("Atendente"), for who looks after the shop's people: only they may list
  // them (GET /api/auditoria/autores needs `equipe`), and only they are offered the filter.
  const veEquipe = pode('equipe');
  const atendente = veEquipe ? isId(list.params.get('atendente')) : undefined;
  const autores = useQuery({ ...autoresQueryOptions(), enabled: veEquipe });
  const pessoas: Atendente[] = (autores.data ?? []).flatMap((a) => (a.tipo === 'pessoa' && a.id ? [{ id: a.id, nome: a.nome }] : []));
  // Moving to the next page continues right after the last sale shown (the server's cursor), so a
  // sale recorded meanwhile does not push a row seen on this page onto the next one. A page
  // opened directly (a reload on page 3) has no cursor yet and is read by offset.
  const cursors = useRef(new Map<string, string>());
  const filtros = JSON.stringify([list.busca, status, forma, atendente, de, ate]);
  const cursor = list.page > 1 ? cursors.current.get(`${filtros}|${list.page}`) : undefined;
  const query = useVendas({ busca: list.busca, status, forma, atendente, de, ate, page: list.page, pageSize: VENDAS_PAGE_SIZE, cursor });
  const data = query.data;
  useEffect(() => {
    if (data?.nextCursor && !query.isPlaceholderData) cursors.current.set(`${filtros}|${data.page + 1}`, data.nextCursor);
  }, [data, filtros, query.isPlaceholderData]);
  const filtered = !!(list.busca || status || forma || atendente || de || ate);
  const ids = { de: useId(), ate: useId() };

  const naSaida = useSaida(useSession().user.id).itens;

  const vende = pode(['vender_avista', 'vender_fiado']);
  const cancela = pode('cancelar_venda');
  const [detalhe, setDetalhe] = useState<VendaListItem | null>(null);
  const [cancelando, setCancelando] = useState<VendaListItem | null>(null);

  function limpar() {
    list.setTyped('');
    setParams(new URLSearchParams(), { replace: true });
  }

  return (
    <ListPage
      ns="vendas"
      actions={vende && <AddButton label={t('new')} to="/vendas/nova" />}
      stats={
        <>
          {naSaida.length > 0 && (
            <Suspense fallback={null}>
              <VendasAguardando itens={naSaida} />
            </Suspense>
          )}
          <VendasStats resumo={data?.resumo} />
        </>
      }
      list={list}
      toolbarLayout="stacked"
      filters={
        // On a phone Status and Forma share a line, Atendente takes the next, then the two dates.
        <div className={cn('grid grid-cols-2 gap-3 lg:items-end', veEquipe ? 'lg:grid-cols-[1fr_1fr_1fr_1fr_1fr_auto]' : 'lg:grid-cols-[1fr_1fr_1fr_1fr_auto]')}>
          <SelectFilter list={list} param="status" label={t('filters.status')} allLabel={t('filters.todos')} options={STATUS_PAGAMENTO} optionLabel={(s) => t(`status.${s}`)} />
          <SelectFilter list={list} param="forma" label={t('filters.forma')} allLabel={t('filters.todas')} options={FORMAS_PAGAMENTO} optionLabel={(f) => t(`forma.${f}`)} />
          {veEquipe && <AtendenteFilter list={list} value={atendente} pessoas={pessoas} className="col-span-2 lg:col-span-1" />}
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
      empty={<EmptyState icon={ReceiptIcon} title={t('list.empty')} description={t('list.emptyDescription')} action={vende && <AddButton label={t('list.addFirst')} to="/vendas/nova" />} />}
      renderItem={(venda) => <VendaRow venda={venda} onDetails={setDetalhe} onCancel={cancela ? setCancelando : undefined} />}
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
