import type { Cliente } from '@caderneta/shared';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useFormatters } from '@/lib/format';
import { useLastPresent } from '@/lib/use-last-present';

interface DesativarClienteDialogProps {
  cliente: Cliente | null;
  onOpenChange: (open: boolean) => void;
  /** Deactivates; the dialog waits, busy, until it answers (and closes it on success). */
  onConfirm: (cliente: Cliente) => Promise<void>;
}

/** "Desativar cliente?": what changes for the customer, what is kept, and how to undo it. */
export function DesativarClienteDialog({ cliente, onOpenChange, onConfirm }: DesativarClienteDialogProps) {
  const { t } = useTranslation('clientes');
  const fmt = useFormatters();
  // The text stays while the dialog animates closed.
  const shown = useLastPresent(cliente);
  return (
    <ConfirmDialog
      open={!!cliente}
      onOpenChange={onOpenChange}
      title={t('deactivate.title', { nome: shown?.nome ?? '' })}
      description={t('deactivate.description', { nome: shown?.nome ?? '' })}
      cancelLabel={t('deactivate.cancel')}
      confirmLabel={t('deactivate.confirm')}
      busyLabel={t('deactivate.confirming')}
      destructive
      onConfirm={() => (cliente ? onConfirm(cliente) : undefined)}
    >
      {shown && shown.saldoPendente > 0 && (
        <p className="rounded-md border border-amber-500/60 bg-amber-500/10 px-3 py-2 text-sm">{t('deactivate.devendo', { valor: fmt.money(shown.saldoPendente) })}</p>
      )}
    </ConfirmDialog>
  );
}
