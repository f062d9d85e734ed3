import { type Cliente, formatPhone } from '@caderneta/shared';
import CalendarIcon from 'lucide-react/icons/calendar';
import EllipsisVerticalIcon from 'lucide-react/icons/ellipsis-vertical';
import HandCoinsIcon from 'lucide-react/icons/hand-coins';
import KeyRoundIcon from 'lucide-react/icons/key-round';
import ListIcon from 'lucide-react/icons/list';
import MapPinIcon from 'lucide-react/icons/map-pin';
import PencilIcon from 'lucide-react/icons/pencil';
import PhoneIcon from 'lucide-react/icons/phone';
import PowerIcon from 'lucide-react/icons/power';
import ScaleIcon from 'lucide-react/icons/scale';
import Trash2Icon from 'lucide-react/icons/trash-2';
import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { useFormatters } from '@/lib/format';
import { cn } from '@/lib/utils';

export interface ClienteRowActions {
  onEdit: (cliente: Cliente) => void;
  onDelete: (cliente: Cliente) => void;
  onToggleAtivo: (cliente: Cliente) => void;
  onRegenerateLogin: (cliente: Cliente) => void;
  /** Ledger actions, composed in by the route (the financeiro feature owns the dialogs). */
  onPagamento?: (cliente: Cliente) => void;
  onAjuste?: (cliente: Cliente) => void;
  onExtrato?: (cliente: Cliente) => void;
}

/** One customer: who, how to reach them, since when, and what they owe (spec §2). */
export function ClienteRow({ cliente, actions }: { cliente: Cliente; actions: ClienteRowActions }) {
  const { t } = useTranslation(['clientes', 'financeiro']);
  const fmt = useFormatters();
  const devedor = cliente.saldoAtual < 0;
  const titleId = `cliente-${cliente.id}-nome`;

  return (
    <li aria-labelledby={titleId} className="flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 flex-1 space-y-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <h3 id={titleId} className="truncate font-semibold">
            {cliente.nome}
          </h3>
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
        </div>
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
        <div className="ml-auto flex items-center gap-1">
          <Button variant="ghost" size="icon" aria-label={t('row.edit', { nome: cliente.nome })} onClick={() => actions.onEdit(cliente)}>
            <PencilIcon aria-hidden="true" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="text-destructive hover:text-destructive"
            aria-label={t('row.delete', { nome: cliente.nome })}
            onClick={() => actions.onDelete(cliente)}
          >
            <Trash2Icon aria-hidden="true" />
          </Button>
          <DropdownMenu>
            <DropdownMenuTrigger asChild>
              <Button variant="ghost" size="icon" aria-label={t('row.more', { nome: cliente.nome })}>
                <EllipsisVerticalIcon aria-hidden="true" />
              </Button>
            </DropdownMenuTrigger>
            <DropdownMenuContent align="end">
              {actions.onPagamento && (
                <DropdownMenuItem onSelect={() => actions.onPagamento?.(cliente)}>
                  <HandCoinsIcon aria-hidden="true" />
                  {t('financeiro:actions.pagamento')}
                </DropdownMenuItem>
              )}
              {actions.onAjuste && (
                <DropdownMenuItem onSelect={() => actions.onAjuste?.(cliente)}>
                  <ScaleIcon aria-hidden="true" />
                  {t('financeiro:actions.ajuste')}
                </DropdownMenuItem>
              )}
              {actions.onExtrato && (
                <DropdownMenuItem onSelect={() => actions.onExtrato?.(cliente)}>
                  <ListIcon aria-hidden="true" />
                  {t('financeiro:actions.extrato')}
                </DropdownMenuItem>
              )}
              <DropdownMenuItem onSelect={() => actions.onToggleAtivo(cliente)}>
                <PowerIcon aria-hidden="true" />
                {cliente.ativo ? t('row.deactivate') : t('row.reactivate')}
              </DropdownMenuItem>
              <DropdownMenuItem onSelect={() => actions.onRegenerateLogin(cliente)}>
                <KeyRoundIcon aria-hidden="true" />
                {t('row.regenerateLogin')}
              </DropdownMenuItem>
            </DropdownMenuContent>
          </DropdownMenu>
        </div>
      </div>
    </li>
  );
}
