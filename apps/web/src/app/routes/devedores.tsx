import { NIVEIS_ATRASO, ORDENS_DEVEDORES, type Devedor } from '@caderneta/shared';
import BellRingIcon from 'lucide-react/icons/bell-ring';
import CalendarCogIcon from 'lucide-react/icons/calendar-cog';
import HandshakeIcon from 'lucide-react/icons/handshake';
import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { EmptyState } from '@/components/empty-state';
import { SelectFilter } from '@/components/list-filters';
import { ListPage } from '@/components/list-page';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { useCobranca } from '@/features/devedores/api/get-cobranca';
import { useDevedores } from '@/features/devedores/api/get-devedores';
import { DetalhesDialog } from '@/features/devedores/components/detalhes-dialog';
import { DevedorCard } from '@/features/devedores/components/devedor-card';
import { DevedoresStats } from '@/features/devedores/components/devedores-stats';
import { LembretesDialog } from '@/features/devedores/components/lembretes-dialog';
import { RegraVencimentoDialog } from '@/features/devedores/components/regra-vencimento-dialog';
import { ComoPagaResumo } from '@/features/clientes/components/como-paga';
import { ContestacoesDoCliente } from '@/features/contestacoes/components/contestacoes-do-cliente';
import { MensagensDoCliente } from '@/features/mensagens/components/mensagens-do-cliente';
import { AjusteDialog } from '@/features/financeiro/components/ajuste-dialog';
import { ExtratoCompartilhar, ExtratoLista } from '@/features/financeiro/components/extrato-dialog';
import { PagamentoDialog } from '@/features/financeiro/components/pagamento-dialog';
import type { ClienteSaldo } from '@/features/financeiro/components/types';
import { usePessoa } from '@/lib/permissoes';
import { useListParams } from '@/lib/use-list-params';

const PAGE_SIZE = 20;

/**
 * /devedores (spec §2 "Debtors"): the cards, search, sort and level filter kept in the URL, the
 * debtor cards with their actions, and the collection dialogs. The ledger's dialogs (payment,
 * debit adjustment, statement) come from the financeiro feature and are composed here.
 */
export function Component() {
  const { t } = useTranslation('devedores');
  const list = useListParams();
  const ordem = list.choice('ordem', ORDENS_DEVEDORES);
  const nivel = list.optional('nivel', NIVEIS_ATRASO);
  const query = useDevedores({ busca: list.busca, ordem, nivel, page: list.page, pageSize: PAGE_SIZE });
  const cobranca = useCobranca();
  const data = query.data;
  const ordemId = useId();

  const [pagando, setPagando] = useState<ClienteSaldo | null>(null);
  const [adicionando, setAdicionando] = useState<ClienteSaldo | null>(null);
  // ?cliente=<id> opens that customer's Detalhes (a dispute's notification leads here).
  const [searchParams] = useSearchParams();
  const [detalhes, setDetalhes] = useState<string | null>(() => searchParams.get('cliente'));
  const [regraOpen, setRegraOpen] = useState(false);
  const [lembretesOpen, setLembretesOpen] = useState(false);

  function abrirLembretes() {
    if (data && data.resumo.dividasVencidas === 0 && !cobranca.data?.lembreteAntecipado) {
      toast.info(t('toast.nenhumVencido'), { description: t('toast.nenhumVencidoDescription') });
      return;
    }
    setLembretesOpen(true);
  }

  // Each action for who may do it (issue 37): payments, debit adjustments, the shop's due-date
  // rule (a setting) and recording reminders (the customer's collection).
  const { pode } = usePessoa();
  const paga = pode('registrar_pagamento');
  const ajusta = pode('ajustar_saldo');
  const actions = {
    ...(paga && { onPagamento: (devedor: Devedor) => setPagando(devedor) }),
    onDetalhes: (devedor: Devedor) => setDetalhes(devedor.id),
  };

  return (
    <ListPage
      ns="devedores"
      actions={
        <>
          {pode('configuracoes') && (
            <Button variant="outline" onClick={() => setRegraOpen(true)}>
              <CalendarCogIcon aria-hidden="true" />
              {t('actions.configurarVencimento')}
            </Button>
          )}
          {pode('editar_clientes') && (
            <Button onClick={abrirLembretes} disabled={!data}>
              <BellRingIcon aria-hidden="true" />
              {t('actions.lembreteVencidos')}
            </Button>
          )}
        </>
      }
      stats={<DevedoresStats resumo={data?.resumo} />}
      list={list}
      toolbarLayout="inline-wide"
      filters={
        <div className="grid gap-3 sm:grid-cols-2 lg:flex lg:items-end">
          {/* The sort always has a value (the default leaves the URL), so it is a plain select. */}
          <div className="grid gap-1.5">
            <Label htmlFor={ordemId}>{t('filters.ordemLabel')}</Label>
            <NativeSelect id={ordemId} value={ordem} onChange={(event) => list.setFilter('ordem', event.target.value === ORDENS_DEVEDORES[0] ? null : event.target.value)}>
              {ORDENS_DEVEDORES.map((o) => (
                <option key={o} value={o}>
                  {t(`ordem.${o}`)}
                </option>
              ))}
            </NativeSelect>
          </div>
          <SelectFilter list={list} param="nivel" label={t('filters.nivelLabel')} options={NIVEIS_ATRASO} optionLabel={(n) => t(`nivelNome.${n}`)} allLabel={t('filters.todosNiveis')} />
        </div>
      }
      query={query}
      filtered={!!list.busca || !!nivel}
      empty={<EmptyState icon={HandshakeIcon} title={t('list.empty')} description={t('list.emptyDescription')} />}
      renderItem={(devedor) => <DevedorCard devedor={devedor} config={cobranca.data} actions={actions} />}
    >
      <PagamentoDialog cliente={pagando} onOpenChange={(open) => !open && setPagando(null)} />
      <AjusteDialog cliente={adicionando} onOpenChange={(open) => !open && setAdicionando(null)} />
      <DetalhesDialog
        clienteId={detalhes}
        onOpenChange={(open) => !open && setDetalhes(null)}
        config={cobranca.data}
        historico={(clienteId) => (
          <div className="grid gap-2">
            <ExtratoLista clienteId={clienteId} />
            <div>
              <ExtratoCompartilhar clienteId={clienteId} />
            </div>
          </div>
        )}
        comoPaga={(clienteId) => <ComoPagaResumo clienteId={clienteId} />}
        contestacoes={(clienteId) => <ContestacoesDoCliente clienteId={clienteId} />}
        mensagens={(clienteId) => <MensagensDoCliente clienteId={clienteId} />}
        onPagamento={paga ? setPagando : undefined}
        onAdicionarSaldo={ajusta ? setAdicionando : undefined}
      />
      <RegraVencimentoDialog open={regraOpen} onOpenChange={setRegraOpen} config={cobranca.data} />
      <LembretesDialog open={lembretesOpen} onOpenChange={setLembretesOpen} config={cobranca.data} />
    </ListPage>
  );
}
