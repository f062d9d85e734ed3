import type { Pessoa } from '@caderneta/shared';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { useLastPresent } from '@/lib/use-last-present';

interface DesativarPessoaDialogProps {
  pessoa: Pessoa | null;
  onOpenChange: (open: boolean) => void;
  /** Deactivates; the dialog waits, busy, until it answers (and is closed on success). */
  onConfirm: (pessoa: Pessoa) => Promise<void>;
}

/** "Desativar Ana?": signed out at once and kept out; an invitation stops working. Undone by "Reativar". */
export function DesativarPessoaDialog({ pessoa, onOpenChange, onConfirm }: DesativarPessoaDialogProps) {
  const { t } = useTranslation('equipe');
  // The text stays while the dialog animates closed.
  const shown = useLastPresent(pessoa);
  const nome = shown?.nome ?? '';
  const convite = shown?.situacao === 'convidada' || shown?.situacao === 'convite_expirado';
  return (
    <ConfirmDialog
      open={!!pessoa}
      onOpenChange={onOpenChange}
      title={t('desativar.title', { nome })}
      description={convite ? t('desativar.descriptionConvite', { nome }) : t('desativar.description', { nome })}
      cancelLabel={t('form.cancel')}
      confirmLabel={t('desativar.confirm')}
      busyLabel={t('desativar.confirming')}
      destructive
      onConfirm={() => (pessoa ? onConfirm(pessoa) : undefined)}
    />
  );
}
