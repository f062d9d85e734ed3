import type { Cliente } from '@caderneta/shared';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { toastError } from '@/lib/api-client';
import { useRegenerarLogin } from '../api/regenerar-login';

interface RegenerarLoginDialogProps {
  cliente: Cliente | null;
  onOpenChange: (open: boolean) => void;
}

/** Confirms a new login: the link the customer already has stops working. */
export function RegenerarLoginDialog({ cliente, onOpenChange }: RegenerarLoginDialogProps) {
  const { t } = useTranslation('clientes');
  const regenerar = useRegenerarLogin();
  const busy = regenerar.isPending;

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
    <AlertDialog open={!!cliente} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t('regenerate.title')}</AlertDialogTitle>
          <AlertDialogDescription>
            {t('regenerate.description', { login: cliente?.login ?? t('row.semLogin'), nome: cliente?.nome ?? '' })}
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel disabled={busy}>{t('regenerate.cancel')}</AlertDialogCancel>
          <Button onClick={() => void confirm()} disabled={busy}>
            {busy ? t('regenerate.confirming') : t('regenerate.confirm')}
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
