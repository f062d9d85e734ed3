import type { Pessoa } from '@caderneta/shared';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { toastError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useLastPresent } from '@/lib/use-last-present';
import { useEncerrarSessoesPessoa } from '../api/encerrar-sessoes';

/** "Encerrar sessões": the person is signed out of every device and signs in again with the password. */
export function EncerrarSessoesDialog({ pessoa, onOpenChange }: { pessoa: Pessoa | null; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('equipe');
  const encerrar = useEncerrarSessoesPessoa();
  const shown = useLastPresent(pessoa);
  const nome = shown?.nome ?? '';

  async function confirm() {
    if (!pessoa) return;
    try {
      const { encerradas } = await encerrar.mutateAsync(pessoa.id);
      toast.success(t('sessoes.success', { count: encerradas }), { description: t('sessoes.successDescription', { nome: pessoa.nome }) });
      onOpenChange(false);
    } catch (error) {
      toastError(error, 'equipe:sessoes.error');
    }
  }

  return (
    <ConfirmDialog
      open={!!pessoa}
      onOpenChange={onOpenChange}
      title={t('sessoes.title', { nome })}
      description={t('sessoes.description', { nome })}
      cancelLabel={t('form.cancel')}
      confirmLabel={t('sessoes.confirm')}
      busyLabel={t('sessoes.confirming')}
      onConfirm={confirm}
    />
  );
}
