import type { Produto } from '@caderneta/shared';
import { DeleteRecordDialog } from '@/components/delete-record-dialog';
import { useDeleteProduto } from '../api/delete-produto';

interface DeleteProdutoDialogProps {
  produto: Produto | null;
  onOpenChange: (open: boolean) => void;
  /** Offered when the server refuses because the product was sold. */
  onDeactivateInstead: (produto: Produto) => void;
}

/** "Deletar Produto": a product that was sold is refused (PRODUTO_TEM_VENDAS). */
export function DeleteProdutoDialog({ produto, ...props }: DeleteProdutoDialogProps) {
  return <DeleteRecordDialog record={produto} namespace="produtos" mutation={useDeleteProduto()} blockedCode="PRODUTO_TEM_VENDAS" {...props} />;
}
