import type { Importacao } from '@caderneta/shared';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { toastApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useDesfazerImportacao } from '../api/desfazer-importacao';

/**
 * "Desfazer esta importação?": what undoing does, then the request. Refused (something else
 * touched those records since, or it was undone already): the server's reason in a toast, and
 * the dialog stays so the person reads it over what they were looking at.
 */
export function DesfazerDialog({
  importacao,
  onOpenChange,
  onDesfeita,
}: {
  importacao: Importacao | null;
  onOpenChange: (open: boolean) => void;
  onDesfeita?: (importacao: Importacao) => void;
}) {
  const { t } = useTranslation('importacao');
  const desfazer = useDesfazerImportacao();

  async function confirmar(alvo: Importacao) {
    try {
      const desfeita = await desfazer.mutateAsync(alvo.id);
      onOpenChange(false);
      toast.success(t('toast.desfeita'), { description: t('toast.desfeitaDescricao') });
      onDesfeita?.(desfeita);
    } catch (error) {
      toastApiError(error, t('toast.erroDesfazer'));
    }
  }

  return (
    <ConfirmDialog
      open={importacao !== null}
      onOpenChange={onOpenChange}
      title={t('desfazer.titulo')}
      description={importacao ? t(`desfazer.descricao.${importacao.tipo}`) : ''}
      cancelLabel={t('desfazer.cancelar')}
      confirmLabel={t('desfazer.confirmar')}
      busyLabel={t('desfazer.desfazendo')}
      destructive
      onConfirm={() => (importacao ? confirmar(importacao) : undefined)}
    >
      {importacao && <p className="text-sm break-all text-muted-foreground">{importacao.nomeArquivo}</p>}
    </ConfirmDialog>
  );
}
