import type { VendaListItem } from '@caderneta/shared';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { toastError } from '@/lib/api-client';
import { useFormatters } from '@/lib/format';
import { useLastPresent } from '@/lib/use-last-present';
import { useCancelVenda } from '../api/cancel-venda';

interface CancelarVendaDialogProps {
  venda: VendaListItem | null;
  onOpenChange: (open: boolean) => void;
}

/** Confirmation, then one server transaction: stock back, ledger reversed, sale kept as cancelled. */
export function CancelarVendaDialog({ venda, onOpenChange }: CancelarVendaDialogProps) {
  const { t } = useTranslation('vendas');
  const fmt = useFormatters();
  const cancel = useCancelVenda();
  const shownVenda = useLastPresent(venda);

  async function confirmar() {
    if (!venda) return;
    try {
      await cancel.mutateAsync(venda.id);
    } catch (error) {
      toastError(error, 'vendas:cancel.error');
      return;
    }
    toast.success(t('cancel.success'), { description: t('cancel.successDescription', { numero: venda.numeroVenda }) });
    onOpenChange(false);
  }

  return (
    <ConfirmDialog
      open={!!venda}
      onOpenChange={onOpenChange}
      title={t('cancel.title', { numero: shownVenda?.numeroVenda ?? '' })}
      description={
        <>
          {t('cancel.description')}
          {shownVenda?.formaPagamento === 'fiado' && shownVenda.clienteNome && (
            <> {t('cancel.descriptionFiado', { valor: fmt.money(shownVenda.valorTotal), cliente: shownVenda.clienteNome })}</>
          )}
        </>
      }
      cancelLabel={t('cancel.keep')}
      confirmLabel={t('cancel.confirm')}
      busyLabel={t('cancel.cancelling')}
      destructive
      onConfirm={confirmar}
    />
  );
}
