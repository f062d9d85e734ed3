import type { VendaListItem } from '@caderneta/shared';
import BanIcon from 'lucide-react/icons/ban';
import CalendarIcon from 'lucide-react/icons/calendar';
import EyeIcon from 'lucide-react/icons/eye';
import MessageSquareIcon from 'lucide-react/icons/message-square';
import UserIcon from 'lucide-react/icons/user';
import UserRoundCheckIcon from 'lucide-react/icons/user-round-check';
import { useTranslation } from 'react-i18next';
import { RecordRow, RecordTitle } from '@/components/record-row';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useFormatters } from '@/lib/format';
import { cn } from '@/lib/utils';
import { useTextoDoAlerta } from '../alertas';
import { StatusBadge } from './status-badge';

interface VendaRowProps {
  venda: VendaListItem;
  onDetails: (venda: VendaListItem) => void;
  /** Absent for a person who may not cancel sales (`cancelar_venda`): no cancel button. */
  onCancel?: (venda: VendaListItem) => void;
}

/**
 * One sale (spec §2 "Sales list"): number, status, customer, date, note, total and payment form;
 * under the total, what its discounts took off ("Desconto R$ 1,55") when it had any; who of the shop
 * made it ("Atendido por Ana") when known.
 */
export function VendaRow({ venda, onDetails, onCancel }: VendaRowProps) {
  const { t } = useTranslation(['vendas', 'offline']);
  const fmt = useFormatters();
  const textoDoAlerta = useTextoDoAlerta();
  const titleId = `venda-${venda.id}`;
  const cancelada = venda.statusPagamento === 'cancelado';
  const restante = venda.statusPagamento === 'pendente' ? venda.valorTotal - venda.valorPago : 0;

  return (
    <RecordRow titleId={titleId} className="sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0 flex-1 space-y-1.5">
        <RecordTitle id={titleId} title={venda.numeroVenda} className="font-mono">
          <StatusBadge status={venda.statusPagamento} />
          {venda.limiteExcedidoConfirmado && <Badge variant="outline">{t('row.limiteConfirmado')}</Badge>}
          {venda.feitaOffline && <Badge variant="outline">{t('offline:alertas.feitaOffline')}</Badge>}
          {venda.alertas.map((alerta) => (
            <Badge key={alerta.tipo === 'estoque' ? alerta.produtoId : alerta.tipo} variant="outline" className="border-amber-600 text-amber-900 dark:text-amber-100">
              {textoDoAlerta(alerta)}
            </Badge>
          ))}
        </RecordTitle>
        <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
          <span className="flex items-center gap-1.5">
            <UserIcon className="size-3.5" aria-hidden="true" />
            {venda.clienteNome ?? t('row.semCliente')}
          </span>
          <span className="flex items-center gap-1.5">
            <CalendarIcon className="size-3.5" aria-hidden="true" />
            <time dateTime={venda.dataVenda}>{fmt.dateTime(venda.dataVenda)}</time>
          </span>
          {venda.atendente && (
            <span className="flex min-w-0 items-center gap-1.5">
              <UserRoundCheckIcon className="size-3.5 shrink-0" aria-hidden="true" />
              <span className="truncate">{t('row.atendente', { nome: venda.atendente })}</span>
            </span>
          )}
          {venda.observacoes && (
            <span className="flex min-w-0 items-center gap-1.5">
              <MessageSquareIcon className="size-3.5 shrink-0" aria-hidden="true" />
              <span className="truncate">{venda.observacoes}</span>
            </span>
          )}
        </div>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 sm:flex-nowrap sm:justify-end">
        <div className="text-left sm:text-right">
          <p className={cn('text-lg font-semibold whitespace-nowrap tabular-nums', cancelada && 'text-muted-foreground line-through')}>{fmt.money(venda.valorTotal)}</p>
          <p className="text-xs text-muted-foreground">{venda.formaPagamento === 'fiado' ? t('forma.fiado') : t('forma.vista')}</p>
          {venda.descontoTotal > 0 && <p className="text-xs text-muted-foreground tabular-nums">{t('row.desconto', { valor: fmt.money(venda.descontoTotal) })}</p>}
          {restante > 0 && restante < venda.valorTotal && (
            <p className="text-xs text-amber-700 dark:text-amber-400">{t('row.restante', { valor: fmt.money(restante) })}</p>
          )}
        </div>
        <div className="ml-auto flex items-center gap-1">
          <Button variant="ghost" size="icon" aria-label={t('row.details', { numero: venda.numeroVenda })} onClick={() => onDetails(venda)}>
            <EyeIcon aria-hidden="true" />
          </Button>
          {!cancelada && onCancel && (
            <Button
              variant="ghost"
              size="icon"
              className="text-destructive hover:text-destructive"
              aria-label={t('row.cancel', { numero: venda.numeroVenda })}
              onClick={() => onCancel(venda)}
            >
              <BanIcon aria-hidden="true" />
            </Button>
          )}
        </div>
      </div>
    </RecordRow>
  );
}
