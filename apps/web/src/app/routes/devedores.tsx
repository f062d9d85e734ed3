import { NIVEIS_ATRASO, ORDENS_DEVEDORES, type Devedor, type NivelAtraso, type OrdemDevedores } from '@caderneta/shared';
import BellRingIcon from 'lucide-react/icons/bell-ring';
import CalendarCogIcon from 'lucide-react/icons/calendar-cog';
import HandshakeIcon from 'lucide-react/icons/handshake';
import SearchXIcon from 'lucide-react/icons/search-x';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { EmptyState, ListLoading } from '@/components/empty-state';
import { PageHeader } from '@/components/layout/page-header';
import { LoadError } from '@/components/load-error';
import { ListSearch } from '@/components/list-search';
import { Pagination } from '@/components/pagination';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { NativeSelect } from '@/components/ui/native-select';
import { useCobranca } from '@/features/devedores/api/get-cobranca';
import { useDevedores } from '@/features/devedores/api/get-devedores';
import { DetalhesDialog } from '@/features/devedores/components/detalhes-dialog';
import { DevedorCard } from '@/features/devedores/components/devedor-card';
import { DevedoresStats } from '@/features/devedores/components/devedores-stats';
import { LembretesDialog } from '@/features/devedores/components/lembretes-dialog';
import { RegraVencimentoDialog } from '@/features/devedores/components/regra-vencimento-dialog';
import { AjusteDialog } from '@/features/financeiro/components/ajuste-dialog';
import { ExtratoLista } from '@/features/financeiro/components/extrato-dialog';
import { PagamentoDialog } from '@/features/financeiro/components/pagamento-dialog';
import type { ClienteSaldo } from '@/features/financeiro/components/types';
import { toastError } from '@/lib/api-client';
import { useListParams } from '@/lib/use-list-params';

const PAGE_SIZE = 20;

const isOrdem = (value: string | null): value is OrdemDevedores => (ORDENS_DEVEDORES as readonly string[]).includes(value ?? '');
const isNivel = (value: string | null): value is NivelAtraso => (NIVEIS_ATRASO as readonly string[]).includes(value ?? '');

/**
 * /devedores (spec §2 "Debtors"): the cards, search, sort and level filter kept in the URL, the
 * debtor cards with their actions, and the collection dialogs. The ledger's dialogs (payment,
 * debit adjustment, statement) come from the financeiro feature and are composed here.
 */
export function Component() {
  const { t } = useTranslation('devedores');
  const list = useListParams();
  const ordemParam = list.params.get('ordem');
  const nivelParam = list.params.get('nivel');
  const ordem: OrdemDevedores = isOrdem(ordemParam) ? ordemParam : 'maior_divida';
  const nivel = isNivel(nivelParam) ? nivelParam : undefined;
  const query = useDevedores({ busca: list.busca, ordem, nivel, page: list.page, pageSize: PAGE_SIZE });
  const cobranca = useCobranca();
  const data = query.data;
  const ordemId = useId();
  const nivelId = useId();

  const [pagando, setPagando] = useState<ClienteSaldo | null>(null);
  const [adicionando, setAdicionando] = useState<ClienteSaldo | null>(null);
  const [detalhes, setDetalhes] = useState<string | null>(null);
  const [regraOpen, setRegraOpen] = useState(false);
  const [lembretesOpen, setLembretesOpen] = useState(false);

  useEffect(() => {
    if (query.isError) toastError(query.error, 'devedores:list.loadError');
  }, [query.isError, query.error]);

  // A page past the end (the last debtor of the last page paid up): back to the first.
  const pageEmpty = !!data && data.items.length === 0 && list.page > 1;
  const { setPage } = list;
  useEffect(() => {
    if (pageEmpty) setPage(1);
  }, [pageEmpty, setPage]);

  function abrirLembretes() {
    if (data && data.resumo.dividasVencidas === 0 && !cobranca.data?.lembreteAntecipado) {
      toast.info(t('toast.nenhumVencido'), { description: t('toast.nenhumVencidoDescription') });
      return;
    }
    setLembretesOpen(true);
  }

  const actions = {
    onPagamento: (devedor: Devedor) => setPagando(devedor),
    onDetalhes: (devedor: Devedor) => setDetalhes(devedor.id),
  };

  function renderBody() {
    if (query.isPending) return <ListLoading text={t('list.loading')} />;
    if (!data) return <LoadError title={t('list.loadError')} error={query.error} onRetry={() => void query.refetch()} />;
    if (data.items.length === 0) {
      if (list.busca || nivel) return <EmptyState icon={SearchXIcon} title={t('list.noResults')} description={t('list.noResultsDescription')} />;
      return <EmptyState icon={HandshakeIcon} title={t('list.empty')} description={t('list.emptyDescription')} />;
    }
    return (
      <ul aria-label={t('list.label')} aria-busy={query.isPlaceholderData} className="divide-y">
        {data.items.map((devedor) => (
          <DevedorCard key={devedor.id} devedor={devedor} config={cobranca.data} actions={actions} />
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
          <div className="flex flex-wrap gap-2">
            <Button variant="outline" onClick={() => setRegraOpen(true)}>
              <CalendarCogIcon aria-hidden="true" />
              {t('actions.configurarVencimento')}
            </Button>
            <Button onClick={abrirLembretes} disabled={!data}>
              <BellRingIcon aria-hidden="true" />
              {t('actions.lembreteVencidos')}
            </Button>
          </div>
        }
      />

      <DevedoresStats resumo={data?.resumo} />

      <Card className="gap-0 py-0">
        <div className="grid gap-3 border-b p-4 sm:grid-cols-[minmax(0,1fr)_auto_auto] sm:items-end">
          <ListSearch label={t('filters.searchLabel')} placeholder={t('filters.searchPlaceholder')} value={list.typed} onChange={list.setTyped} />
          <div className="grid gap-1">
            <label htmlFor={ordemId} className="text-sm font-medium">
              {t('filters.ordemLabel')}
            </label>
            <NativeSelect id={ordemId} value={ordem} onChange={(event) => list.setFilter('ordem', event.target.value === 'maior_divida' ? null : event.target.value)}>
              {ORDENS_DEVEDORES.map((o) => (
                <option key={o} value={o}>
                  {t(`ordem.${o}`)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-1">
            <label htmlFor={nivelId} className="text-sm font-medium">
              {t('filters.nivelLabel')}
            </label>
            <NativeSelect id={nivelId} value={nivel ?? ''} onChange={(event) => list.setFilter('nivel', event.target.value || null)}>
              <option value="">{t('filters.todosNiveis')}</option>
              {NIVEIS_ATRASO.map((n) => (
                <option key={n} value={n}>
                  {t(`nivelNome.${n}`)}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
        {data && (data.total > 0 || list.busca || nivel) && (
          <p className="px-4 pt-3 text-sm text-muted-foreground" aria-live="polite">
            {t('filters.found', { count: data.total })}
          </p>
        )}
        {renderBody()}
        {data && (
          <Pagination className="border-t px-4 pb-4" page={data.page} pageSize={data.pageSize} total={data.total} busy={query.isPlaceholderData} onPageChange={list.setPage} />
        )}
      </Card>

      <PagamentoDialog cliente={pagando} onOpenChange={(open) => !open && setPagando(null)} />
      <AjusteDialog cliente={adicionando} onOpenChange={(open) => !open && setAdicionando(null)} />
      <DetalhesDialog
        clienteId={detalhes}
        onOpenChange={(open) => !open && setDetalhes(null)}
        config={cobranca.data}
        historico={(clienteId) => <ExtratoLista clienteId={clienteId} />}
        onPagamento={setPagando}
        onAdicionarSaldo={setAdicionando}
      />
      <RegraVencimentoDialog open={regraOpen} onOpenChange={setRegraOpen} config={cobranca.data} />
      <LembretesDialog open={lembretesOpen} onOpenChange={setLembretesOpen} config={cobranca.data} />
    </>
  );
}
