import type { Cliente } from '@caderneta/shared';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { toastError } from '@/lib/api-client';
import { useRegenerateLogin } from '../api/regenerate-login';

interface RegenerarLoginDialogProps {
  cliente: Cliente | null;
  onOpenChange: (open: boolean) => void;
}

/** Confirms a new login: the link the customer already has stops working. */
export function RegenerarLoginDialog({ cliente, onOpenChange }: RegenerarLoginDialogProps) {
  const { t } = useTranslation('clientes');
  const regenerar = useRegenerateLogin();

  async function confirm() {
    if (!cliente) return;
    try {
      const updated = await regenerar.mutateAsync(cliente.id);
      toast.success(t('toast.loginRegenerated'), {
        description: t('toast.loginRegeneratedDescription', { nome: updated.nome, login: updated.login ?? '' }),
      });
      onOpenChange(false);
    } catch (error) {
      toastError(error, 'clientes:toast.updateError');
    }
  }

  return (
    <ConfirmDialog
      open={!!cliente}
      onOpenChange={onOpenChange}
      title={t('regenerate.title')}
      description={t('regenerate.description', { login: cliente?.login ?? t('row.semLogin'), nome: cliente?.nome ?? '' })}
      cancelLabel={t('regenerate.cancel')}
      confirmLabel={t('regenerate.confirm')}
      busyLabel={t('regenerate.confirming')}
      onConfirm={confirm}
    />
  );
}
