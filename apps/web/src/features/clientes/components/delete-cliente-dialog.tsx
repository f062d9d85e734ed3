import type { Cliente } from '@caderneta/shared';
import { DeleteRecordDialog } from '@/components/delete-record-dialog';
import { useDeleteCliente } from '../api/delete-cliente';

interface DeleteClienteDialogProps {
  cliente: Cliente | null;
  onOpenChange: (open: boolean) => void;
  /** Offered when the server refuses because the customer has sales. */
  onDeactivateInstead: (cliente: Cliente) => void;
}

/** "Deletar Cliente": a customer with sales is refused (CLIENTE_TEM_VENDAS). */
export function DeleteClienteDialog({ cliente, ...props }: DeleteClienteDialogProps) {
  return <DeleteRecordDialog record={cliente} namespace="clientes" mutation={useDeleteCliente()} blockedCode="CLIENTE_TEM_VENDAS" {...props} />;
}
