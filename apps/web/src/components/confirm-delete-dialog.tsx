import { nameConfirmationMatches } from '@caderneta/shared';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

export interface ConfirmDeleteTexts {
  title: string;
  description: string;
  inputLabel: string;
  mismatch: string;
  confirm: string;
  confirming: string;
  cancel: string;
}

interface ConfirmDeleteDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The name the person must type (case and outer spaces ignored). */
  name: string;
  texts: ConfirmDeleteTexts;
  /** Deletes; a thrown error's `message` is shown under the input and the dialog stays open. */
  onConfirm: () => Promise<void>;
  /** Turns a thrown error into the sentence shown under the input. */
  describeError: (error: unknown) => string;
  /** Extra content under the error, e.g. "deactivate instead" once a delete was refused. */
  children?: (state: { failed: boolean }) => ReactNode;
}

/**
 * Spec §2: an irreversible delete is enabled only once the record's name is typed. A refusal from
 * the server stays visible under the input.
 *
 * Closing it never asks "Descartar alterações?", even with the name half typed: the name is a
 * safety catch, not something the seller would miss, and backing out of a delete is the safe way
 * out — it must stay one step. (It does not report to `useReportDirty` on purpose.)
 */
export function ConfirmDeleteDialog({
  open,
  onOpenChange,
  name,
  texts,
  onConfirm,
  describeError,
  children,
}: ConfirmDeleteDialogProps) {
  const inputId = useId();
  const [typed, setTyped] = useState('');
  const [serverError, setServerError] = useState<string | null>(null);

  useEffect(() => {
    if (open) {
      setTyped('');
      setServerError(null);
    }
  }, [open]);

  const matches = nameConfirmationMatches(typed, name);
  const mismatch = typed.trim() !== '' && !matches;
  const message = serverError ?? (mismatch ? texts.mismatch : null);

  async function confirm() {
    setServerError(null);
    try {
      await onConfirm();
    } catch (error) {
      setServerError(describeError(error));
    }
  }

  return (
    <ConfirmDialog
      open={open}
      onOpenChange={onOpenChange}
      title={texts.title}
      description={texts.description}
      cancelLabel={texts.cancel}
      confirmLabel={texts.confirm}
      busyLabel={texts.confirming}
      destructive
      confirmDisabled={!matches}
      onConfirm={confirm}
    >
      <div className="grid gap-2">
        <Label htmlFor={inputId}>{texts.inputLabel}</Label>
        <Input
          id={inputId}
          value={typed}
          autoComplete="off"
          placeholder={name}
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
        {children?.({ failed: serverError !== null })}
      </div>
    </ConfirmDialog>
  );
}
