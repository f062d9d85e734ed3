import { nameConfirmationMatches } from '@caderneta/shared';
import type { UseMutationResult } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
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
 * "Deletar Cliente" / "Deletar Produto" (spec §5), the one "are you sure?" dialog with the
 * record's name to type: the delete is enabled only once the name is typed (case and outer spaces
 * ignored). A refusal from the server stays visible under the input; a record with sales is
 * refused, and the seller is offered to deactivate it.
 *
 * Closing it never asks "Descartar alterações?", even with the name half typed: the name is a
 * safety catch, not something the seller would miss, and backing out of a delete is the safe way
 * out — it must stay one step. (It does not report to `useReportDirty` on purpose.)
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
  const open = !!record;
  const inputId = useId();
  const [typed, setTyped] = useState('');
  const [serverError, setServerError] = useState<string | null>(null);

  useEffect(() => {
    if (open) {
      setTyped('');
      setServerError(null);
    }
  }, [open]);

  const matches = nameConfirmationMatches(typed, nome);
  const mismatch = typed.trim() !== '' && !matches;
  const message = serverError ?? (mismatch ? t('delete.mismatch') : null);

  async function confirm() {
    if (!record) return;
    setServerError(null);
    try {
      await mutation.mutateAsync(record.id);
    } catch (error) {
      toastError(error, `${namespace}:toast.deleteError`);
      setServerError(errorMessage(error));
      return;
    }
    toast.success(t('toast.deleted'), { description: t('toast.deletedDescription', { nome: record.nome }) });
    onOpenChange(false);
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('delete.title')}
      description={t('delete.description', { nome })}
      cancelLabel={t('delete.cancel')}
      confirmLabel={t('delete.confirm')}
      busyLabel={t('delete.confirming')}
      destructive
      confirmDisabled={!matches}
      onConfirm={confirm}
    >
      <div className="grid gap-2">
        <Label htmlFor={inputId}>{t('delete.inputLabel')}</Label>
        <Input
          id={inputId}
          value={typed}
          autoComplete="off"
          placeholder={nome}
          aria-invalid={!!message}
          aria-describedby={message ? `${inputId}-message` : undefined}
          onChange={(event) => {
            setTyped(event.target.value);
            setServerError(null);
          }}
        />
        {message && (
          <p id={`${inputId}-message`} role="alert" className="text-sm text-destructive">
            {message}
          </p>
        )}
        {serverError !== null && record?.ativo && isApiError(mutation.error, blockedCode) && (
          <Button type="button" variant="outline" className="w-fit" onClick={() => onDeactivateInstead(record)}>
            {t('delete.deactivateInstead')}
          </Button>
        )}
      </div>
    </ConfirmDialog>
  );
}
