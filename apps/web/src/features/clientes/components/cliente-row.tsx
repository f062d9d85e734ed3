import { type Cliente, formatPhone } from '@caderneta/shared';
import CalendarIcon from 'lucide-react/icons/calendar';
import HandCoinsIcon from 'lucide-react/icons/hand-coins';
import KeyRoundIcon from 'lucide-react/icons/key-round';
import ListIcon from 'lucide-react/icons/list';
import MapPinIcon from 'lucide-react/icons/map-pin';
import PhoneIcon from 'lucide-react/icons/phone';
import PowerIcon from 'lucide-react/icons/power';
import ScaleIcon from 'lucide-react/icons/scale';
import ShoppingCartIcon from 'lucide-react/icons/shopping-cart';
import { useTranslation } from 'react-i18next';
import { RecordRow, RecordTitle } from '@/components/record-row';
import { Badge } from '@/components/ui/badge';
import { RowActions, RowMenuItem } from '@/components/row-actions';
import { useFormatters } from '@/lib/format';
import { cn } from '@/lib/utils';

/** What the row offers; the route leaves out what the person may not do (issue 37). */
export interface ClienteRowActions {
  /** Changing the customer (`editar_clientes`). */
  onEdit?: (cliente: Cliente) => void;
  onDelete?: (cliente: Cliente) => void;
  onToggleAtivo?: (cliente: Cliente) => void;
  onRegenerateLogin?: (cliente: Cliente) => void;
  /** Ledger actions, composed in by the route (the financeiro feature owns the dialogs). */
  onPagamento?: (cliente: Cliente) => void;
  onAjuste?: (cliente: Cliente) => void;
  onExtrato?: (cliente: Cliente) => void;
  /** "Venda rápida": a fiado amount with no products (the vendas feature owns the dialog); active customers only. */
  onVendaRapida?: (cliente: Cliente) => void;
}

/** One customer: who, how to reach them, since when, and what they owe (spec §2). */
export function ClienteRow({ cliente, actions }: { cliente: Cliente; actions: ClienteRowActions }) {
  const { t } = useTranslation(['clientes', 'financeiro', 'vendas']);
  const fmt = useFormatters();
  const devedor = cliente.saldoAtual < 0;
  const titleId = `cliente-${cliente.id}-nome`;

  return (
    <RecordRow titleId={titleId} className="sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 flex-1 space-y-1.5">
        <RecordTitle id={titleId} title={cliente.nome} className="truncate">
          {cliente.login ? (
            <Badge variant="outline" title={t('row.loginLabel')} className="font-mono">
              @{cliente.login}
            </Badge>
          ) : (
            <Badge variant="outline" className="text-muted-foreground">
              {t('row.semLogin')}
            </Badge>
          )}
          {/* One state per row: an inactive customer is "Inativo", not also "Ativo" (the amount shows any debt). */}
          {!cliente.ativo ? (
            <Badge variant="secondary">{t('row.inativo')}</Badge>
          ) : devedor ? (
            <Badge variant="destructive">{t('row.devedor')}</Badge>
          ) : (
            <Badge className="bg-emerald-700 text-white">{t('row.ativo')}</Badge>
          )}
        </RecordTitle>
        <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <dl className="flex min-w-0 flex-wrap gap-x-4 gap-y-1">
            <div className="flex items-center gap-1.5">
              <dt>
                <PhoneIcon className="size-3.5" aria-hidden="true" />
                <span className="sr-only">{t('row.phone')}</span>
              </dt>
              <dd className="tabular-nums">{formatPhone(cliente.telefone)}</dd>
            </div>
            {cliente.endereco && (
              <div className="flex min-w-0 items-center gap-1.5">
                <dt>
                  <MapPinIcon className="size-3.5" aria-hidden="true" />
                  <span className="sr-only">{t('row.address')}</span>
                </dt>
                <dd className="truncate">{cliente.endereco}</dd>
              </div>
            )}
          </dl>
          {/* A sentence, not a term and its value: outside the <dl>, which holds only dt/dd pairs. */}
          <p className="flex items-center gap-1.5">
            <CalendarIcon className="size-3.5" aria-hidden="true" />
            <span>{t('row.createdAt', { date: fmt.date(cliente.createdAt) })}</span>
          </p>
        </div>
      </div>

      {/* On a narrow phone the buttons move under the amount rather than cut it. */}
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 sm:flex-nowrap sm:justify-end">
        <div className="text-left sm:text-right">
          <p className="text-xs text-muted-foreground">{t('row.pending')}</p>
          <p
            className={cn(
              'text-lg font-semibold whitespace-nowrap tabular-nums',
              cliente.saldoPendente > 0 ? 'text-destructive' : 'text-emerald-700 dark:text-emerald-400',
            )}
          >
            {fmt.money(cliente.saldoPendente)}
          </p>
          {cliente.saldoAtual > 0 && (
            <p className="text-sm font-medium text-emerald-700 tabular-nums dark:text-emerald-400">
              {t('row.credito', { value: fmt.money(cliente.saldoAtual) })}
            </p>
          )}
          <p className="text-xs text-muted-foreground">{t('row.limit', { value: fmt.money(cliente.limiteCredito) })}</p>
        </div>
        <RowActions
          className="ml-auto"
          labels={{ edit: t('row.edit', { nome: cliente.nome }), delete: t('row.delete', { nome: cliente.nome }), more: t('row.more', { nome: cliente.nome }) }}
          onEdit={actions.onEdit && (() => actions.onEdit?.(cliente))}
          onDelete={actions.onDelete && (() => actions.onDelete?.(cliente))}
        >
          {actions.onVendaRapida && cliente.ativo && (
            <RowMenuItem icon={ShoppingCartIcon} label={t('vendas:vendaRapida.acao')} onSelect={() => actions.onVendaRapida?.(cliente)} />
          )}
          {actions.onPagamento && <RowMenuItem icon={HandCoinsIcon} label={t('financeiro:actions.pagamento')} onSelect={() => actions.onPagamento?.(cliente)} />}
          {actions.onAjuste && <RowMenuItem icon={ScaleIcon} label={t('financeiro:actions.ajuste')} onSelect={() => actions.onAjuste?.(cliente)} />}
          {actions.onExtrato && <RowMenuItem icon={ListIcon} label={t('financeiro:actions.extrato')} onSelect={() => actions.onExtrato?.(cliente)} />}
          {actions.onToggleAtivo && (
            <RowMenuItem icon={PowerIcon} label={cliente.ativo ? t('row.deactivate') : t('row.reactivate')} onSelect={() => actions.onToggleAtivo?.(cliente)} />
          )}
          {actions.onRegenerateLogin && <RowMenuItem icon={KeyRoundIcon} label={t('row.regenerateLogin')} onSelect={() => actions.onRegenerateLogin?.(cliente)} />}
        </RowActions>
      </div>
    </RecordRow>
  );
}
