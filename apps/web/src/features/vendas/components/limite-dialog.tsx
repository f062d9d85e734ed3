import type { LimiteExcedidoDetails } from '@caderneta/shared';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useFormatters } from '@/lib/format';

interface LimiteDialogProps {
  aviso: (LimiteExcedidoDetails & { cliente: string; valorVenda: number }) | null;
  onCancel: () => void;
  onConfirm: () => void;
}

/** A fiado sale past the customer's credit limit: the available credit and an explicit confirmation. */
export function LimiteDialog({ aviso, onCancel, onConfirm }: LimiteDialogProps) {
  const { t } = useTranslation('vendas');
  const fmt = useFormatters();
  return (
    <ConfirmDialog
      open={!!aviso}
      onOpenChange={(open) => !open && onCancel()}
      title={t('nova.limite.title')}
      description={t('nova.limite.description', { cliente: aviso?.cliente ?? '' })}
      cancelLabel={t('nova.limite.cancel')}
      confirmLabel={t('nova.limite.confirm')}
      onConfirm={onConfirm}
    >
      {aviso && (
        <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2 rounded-md border p-3 text-sm">
          <dt className="text-muted-foreground">{t('nova.limite.limite')}</dt>
          <dd className="text-right tabular-nums">{fmt.money(aviso.limite)}</dd>
          <dt className="text-muted-foreground">{t('nova.limite.saldoPendente')}</dt>
          <dd className="text-right tabular-nums">{fmt.money(aviso.saldoPendente)}</dd>
          <dt className="font-medium">{t('nova.limite.disponivel')}</dt>
          <dd className="text-right font-semibold tabular-nums">{fmt.money(aviso.disponivel)}</dd>
          <dt className="text-muted-foreground">{t('nova.limite.venda')}</dt>
          <dd className="text-right font-semibold text-destructive tabular-nums">{fmt.money(aviso.valorVenda)}</dd>
        </dl>
      )}
    </ConfirmDialog>
  );
}
