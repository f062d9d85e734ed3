import type { UseMutationResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { Button } from '@/components/ui/button';
import { errorMessage, isApiError, toastError } from '@/lib/api-client';

interface DeletableRecord {
  id: string;
  nome: string;
  ativo: boolean;
}

interface DeleteRecordDialogProps<T extends DeletableRecord> {
  record: T | null;
  /** The feature whose `delete.*` and `toast.delete*` texts the dialog shows. */
  namespace: 'clientes' | 'produtos';
  /** The feature's delete mutation (takes the record id). */
  mutation: UseMutationResult<unknown, Error, string>;
  /** The refusal code for a record that has sales: the dialog then offers to deactivate instead. */
  blockedCode: string;
  onOpenChange: (open: boolean) => void;
  onDeactivateInstead: (record: T) => void;
}

/**
 * "Deletar Cliente" / "Deletar Produto" (spec §5): the name must be typed to enable the button;
 * a record with sales is refused by the server, and the seller is offered to deactivate it.
 */
export function DeleteRecordDialog<T extends DeletableRecord>({
  record,
  namespace,
  mutation,
  blockedCode,
  onOpenChange,
  onDeactivateInstead,
}: DeleteRecordDialogProps<T>) {
  const { t } = useTranslation(namespace);
  const nome = record?.nome ?? '';

  return (
    <ConfirmDeleteDialog
      open={!!record}
      onOpenChange={onOpenChange}
      name={nome}
      texts={{
        title: t('delete.title'),
        description: t('delete.description', { nome }),
        inputLabel: t('delete.inputLabel'),
        mismatch: t('delete.mismatch'),
        confirm: t('delete.confirm'),
        confirming: t('delete.confirming'),
        cancel: t('delete.cancel'),
      }}
      describeError={errorMessage}
      onConfirm={async () => {
        if (!record) return;
        try {
          await mutation.mutateAsync(record.id);
        } catch (error) {
          toastError(error, `${namespace}:toast.deleteError`);
          throw error;
        }
        toast.success(t('toast.deleted'), { description: t('toast.deletedDescription', { nome: record.nome }) });
        onOpenChange(false);
      }}
    >
      {({ failed }) =>
        failed &&
        record?.ativo &&
        isApiError(mutation.error, blockedCode) && (
          <Button type="button" variant="outline" className="w-fit" onClick={() => onDeactivateInstead(record)}>
            {t('delete.deactivateInstead')}
          </Button>
        )
      }
    </ConfirmDeleteDialog>
  );
}
