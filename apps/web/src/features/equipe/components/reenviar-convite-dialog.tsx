import type { Pessoa } from '@caderneta/shared';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { toastError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useLastPresent } from '@/lib/use-last-present';
import type { ConviteCriado } from '../api/convite-criado';
import { useReenviarConvite } from '../api/reenviar-convite';

interface ReenviarConviteDialogProps {
  pessoa: Pessoa | null;
  onOpenChange: (open: boolean) => void;
  /** The new link, for the page to show with "Copiar link". */
  onReenviado: (convite: ConviteCriado) => void;
}

/** "Reenviar convite": a new link, e-mailed again; the old one stops working. */
export function ReenviarConviteDialog({ pessoa, onOpenChange, onReenviado }: ReenviarConviteDialogProps) {
  const { t } = useTranslation('equipe');
  const reenviar = useReenviarConvite();
  const shown = useLastPresent(pessoa);

  async function confirm() {
    if (!pessoa) return;
    try {
      const convite = await reenviar.mutateAsync(pessoa.id);
      if (convite.emailEnviado) toast.success(t('convidar.success', { nome: convite.pessoa.nome }), { description: t('convidar.successDescription', { email: convite.pessoa.email ?? '' }) });
      else toast.success(t('convidar.criado', { nome: convite.pessoa.nome }), { description: t('convidar.semEmailDescription') });
      onOpenChange(false);
      onReenviado(convite);
    } catch (error) {
      toastError(error, 'equipe:reenviar.error');
    }
  }

  return (
    <ConfirmDialog
      open={!!pessoa}
      onOpenChange={onOpenChange}
      title={t('reenviar.title', { nome: shown?.nome ?? '' })}
      description={t('reenviar.description', { email: shown?.email ?? '' })}
      cancelLabel={t('form.cancel')}
      confirmLabel={t('reenviar.confirm')}
      busyLabel={t('reenviar.confirming')}
      onConfirm={confirm}
    />
  );
}
