import type { Produto } from '@caderneta/shared';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ConfirmDeleteDialog } from '@/components/confirm-delete-dialog';
import { Button } from '@/components/ui/button';
import { errorMessage, isApiError, toastError } from '@/lib/api-client';
import { useDeleteProduto } from '../api/delete-produto';

interface DeleteProdutoDialogProps {
  produto: Produto | null;
  onOpenChange: (open: boolean) => void;
  /** Offered when the server refuses because the product was sold. */
  onDeactivateInstead: (produto: Produto) => void;
}

/** "Deletar Produto": type the name to enable; a product that was sold is refused (spec §5). */
export function DeleteProdutoDialog({ produto, onOpenChange, onDeactivateInstead }: DeleteProdutoDialogProps) {
  const { t } = useTranslation('produtos');
  const deleteProduto = useDeleteProduto();
  const nome = produto?.nome ?? '';

  return (
    <ConfirmDeleteDialog
      open={!!produto}
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
        if (!produto) return;
        try {
          await deleteProduto.mutateAsync(produto.id);
        } catch (error) {
          toastError(error, 'produtos:toast.deleteError');
          throw error;
        }
        toast.success(t('toast.deleted'), { description: t('toast.deletedDescription', { nome: produto.nome }) });
        onOpenChange(false);
      }}
    >
      {({ failed }) =>
        failed &&
        produto?.ativo &&
        isApiError(deleteProduto.error, 'PRODUTO_TEM_VENDAS') && (
          <Button type="button" variant="outline" className="w-fit" onClick={() => onDeactivateInstead(produto)}>
            {t('delete.deactivateInstead')}
          </Button>
        )
      }
    </ConfirmDeleteDialog>
  );
}
