import type { Cliente } from '@caderneta/shared';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { Button } from '@/components/ui/button';
import { errorMessage, isApiError, toastError } from '@/lib/api-client';
import { useDeleteCliente } from '../api/delete-cliente';

interface DeleteClienteDialogProps {
  cliente: Cliente | null;
  onOpenChange: (open: boolean) => void;
  /** Offered when the server refuses because the customer has sales. */
  onDeactivateInstead: (cliente: Cliente) => void;
}

/** "Deletar Cliente": type the name to enable; a customer with sales is refused (spec §5). */
export function DeleteClienteDialog({ cliente, onOpenChange, onDeactivateInstead }: DeleteClienteDialogProps) {
  const { t } = useTranslation('clientes');
  const deleteCliente = useDeleteCliente();
  const nome = cliente?.nome ?? '';

  return (
    <ConfirmDeleteDialog
      open={!!cliente}
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
        if (!cliente) return;
        try {
          await deleteCliente.mutateAsync(cliente.id);
        } catch (error) {
          toastError(error, 'clientes:toast.deleteError');
          throw error;
        }
        toast.success(t('toast.deleted'), { description: t('toast.deletedDescription', { nome: cliente.nome }) });
        onOpenChange(false);
      }}
    >
      {({ failed }) =>
        failed &&
        cliente?.ativo &&
        isApiError(deleteCliente.error, 'CLIENTE_TEM_VENDAS') && (
          <Button type="button" variant="outline" className="w-fit" onClick={() => onDeactivateInstead(cliente)}>
            {t('delete.deactivateInstead')}
          </Button>
        )
      }
    </ConfirmDeleteDialog>
  );
}
