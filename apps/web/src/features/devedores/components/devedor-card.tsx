import { formatPhone, type CobrancaConfig, type Devedor } from '@caderneta/shared';
import EyeIcon from 'lucide-react/icons/eye';
import HandCoinsIcon from 'lucide-react/icons/hand-coins';
import LinkIcon from 'lucide-react/icons/link';
import MessageCircleIcon from 'lucide-react/icons/message-circle';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useFormatters } from '@/lib/format';
import { cn } from '@/lib/utils';
import { AtrasoBadge, NivelBadge } from './badges';
import { LembreteAberto, MarcarEnviado } from './lembrete-envio';
import { useCopiarLink, useWhatsappDoDevedor } from './use-acoes-devedor';

export interface DevedorCardActions {
  /** Absent for a person who may not register payments (`registrar_pagamento`). */
  onPagamento?: (devedor: Devedor) => void;
  onDetalhes: (devedor: Devedor) => void;
}

interface DevedorCardProps {
  devedor: Devedor;
  /** The seller's messages; WhatsApp waits for them. */
  config: CobrancaConfig | undefined;
  actions: DevedorCardActions;
}

/**
 * One debtor (spec §2): how late and how serious, what they owe, how to reach them, since when,
 * the due date, the last reminder and any promise — with WhatsApp, Link, Pagamento and Detalhes.
 */
export function DevedorCard({ devedor, config, actions }: DevedorCardProps) {
  const { t } = useTranslation('devedores');
  const fmt = useFormatters();
  const titleId = `devedor-${devedor.id}-nome`;
  const hintId = useId();
  const whatsapp = useWhatsappDoDevedor(devedor, config);
  const copiarLink = useCopiarLink();
  const quebrada = devedor.promessa?.quebrada ?? false;

  return (
    // A broken promise is marked by a red edge: a pink background took the row's red text under
    // the 4.5:1 contrast WCAG AA asks (4.36:1).
    <li aria-labelledby={titleId} className={cn('flex flex-col gap-3 p-4', quebrada && 'border-l-4 border-l-destructive pl-3')}>
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0 space-y-1.5">
          <h2 id={titleId} className="font-semibold [overflow-wrap:anywhere]">
            {devedor.nome}
          </h2>
          <div className="flex flex-wrap items-center gap-1.5">
            <AtrasoBadge devedor={devedor} />
            <NivelBadge nivel={devedor.nivel} />
            {quebrada && <Badge variant="destructive">{t('card.promessaQuebrada')}</Badge>}
            {devedor.lembradoHoje && <Badge variant="outline">{t('card.lembradoHoje')}</Badge>}
            {devedor.contestacaoAberta && (
              <Badge variant="outline" className="border-amber-600/50 text-amber-800 dark:text-amber-300">
                {t('card.contestacaoAberta')}
              </Badge>
            )}
          </div>
        </div>
        <div className="text-left sm:text-right">
          <p className="text-xs text-muted-foreground">{t('card.pendente')}</p>
          <p className="text-lg font-semibold whitespace-nowrap text-destructive tabular-nums">{fmt.money(devedor.saldoPendente)}</p>
        </div>
      </div>

      <dl className="grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-2 lg:grid-cols-3">
        <Campo termo={t('card.telefone')}>{devedor.telefone ? formatPhone(devedor.telefone) : t('card.naoInformado')}</Campo>
        <Campo termo={t('card.pendenteDesde')}>{devedor.pendenteDesde ? fmt.date(devedor.pendenteDesde) : t('card.semPendencia')}</Campo>
        <Campo termo={t('card.vendasPendentes')}>{fmt.integer(devedor.totalVendas)}</Campo>
        <Campo termo={t('card.vencimento')}>
          <span className={cn(devedor.estaVencido && 'font-medium text-destructive')}>
            {fmt.date(devedor.dataVencimento)}
            {devedor.estaVencido && ` ${t('card.vencido')}`}
          </span>
          {devedor.vencimentoProprio && <span className="text-muted-foreground"> · {devedor.parcela ? t('card.vencimentoParcela') : t('card.vencimentoProprio')}</span>}
        </Campo>
        {devedor.parcela && (
          <Campo termo={t('card.parcela')}>
            {t('card.parcelaValor', { numero: devedor.parcela.numero, de: devedor.parcela.de, valor: fmt.money(devedor.parcela.aberto) })}
          </Campo>
        )}
        <Campo termo={t('card.ultimoLembrete')}>
          {devedor.ultimoLembrete
            ? t('card.ultimoLembreteValor', { data: fmt.dateTime(devedor.ultimoLembrete.data), faixa: t(`faixa.${devedor.ultimoLembrete.faixa}`) })
            : t('card.nenhumLembrete')}
        </Campo>
        {devedor.reguaAutomatica && <Campo termo={t('card.regua')}>{t('card.reguaValor')}</Campo>}
        {devedor.ultimoAviso && (
          <Campo termo={t('card.ultimoAviso')}>
            {t('card.ultimoAvisoValor', {
              canal: t(`card.canal.${devedor.ultimoAviso.canal}`),
              status: t(`avisos.status.${devedor.ultimoAviso.status}`),
              data: fmt.dateTime(devedor.ultimoAviso.em),
            })}
          </Campo>
        )}
        {devedor.promessa && (
          <Campo termo={t('card.promessa')}>
            <span className={cn(quebrada && 'font-medium text-destructive')}>{fmt.date(devedor.promessa.data)}</span>
          </Campo>
        )}
      </dl>

      <LembreteAberto devedor={devedor} />

      <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap">
        {whatsapp.url ? (
          <Button variant="outline" asChild>
            <a href={whatsapp.url} target="_blank" rel="noopener noreferrer" aria-label={t('card.whatsappLabel', { nome: devedor.nome })} onClick={whatsapp.onOpen}>
              <MessageCircleIcon aria-hidden="true" />
              {t('card.whatsapp')}
            </a>
          </Button>
        ) : (
          <Button variant="outline" disabled aria-label={t('card.whatsappLabel', { nome: devedor.nome })} aria-describedby={config ? hintId : undefined}>
            <MessageCircleIcon aria-hidden="true" />
            {t('card.whatsapp')}
          </Button>
        )}
        <Button variant="outline" aria-label={t('card.linkLabel', { nome: devedor.nome })} onClick={() => void copiarLink(devedor)}>
          <LinkIcon aria-hidden="true" />
          {t('card.link')}
        </Button>
        {actions.onPagamento && (
          <Button variant="outline" aria-label={t('card.pagamentoLabel', { nome: devedor.nome })} onClick={() => actions.onPagamento?.(devedor)}>
            <HandCoinsIcon aria-hidden="true" />
            {t('card.pagamento')}
          </Button>
        )}
        <Button aria-label={t('card.detalhesLabel', { nome: devedor.nome })} onClick={() => actions.onDetalhes(devedor)}>
          <EyeIcon aria-hidden="true" />
          {t('card.detalhes')}
        </Button>
        <MarcarEnviado devedor={devedor} className="col-span-2 sm:col-span-1" />
      </div>
      {config && !whatsapp.url && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {devedor.contestacaoAberta ? t('card.cobrancaPausada') : t('card.whatsappSemTelefone')}
        </p>
      )}
    </li>
  );
}

function Campo({ termo, children }: { termo: string; children: ReactNode }) {
  return (
    <div className="flex min-w-0 flex-wrap gap-x-1.5">
      <dt className="text-muted-foreground">{termo}:</dt>
      <dd className="min-w-0 [overflow-wrap:anywhere] tabular-nums">{children}</dd>
    </div>
  );
}
