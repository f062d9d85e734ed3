import { type ReactNode, useState } from 'react';
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { BusyFieldset } from '@/components/busy-fieldset';
import { Button } from '@/components/ui/button';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  /** What the person should see before deciding (figures, an input), between text and buttons. */
  children?: ReactNode;
  cancelLabel: string;
  /** Without it (and `onConfirm`), a notice: the figures and only the way back (`cancelLabel`). */
  confirmLabel?: string;
  /** The confirm button's text while `onConfirm`'s promise runs ("Cancelando..."); needed when it returns one. */
  busyLabel?: string;
  destructive?: boolean;
  /** Keeps the confirm button off (e.g. until a name is typed). */
  confirmDisabled?: boolean;
  /**
   * Runs on "confirm" (the button, or Enter in an input of `children`). Returns nothing: the
   * dialog closes at once. Returns a promise: the dialog stays open and busy (buttons off, cannot
   * be dismissed) until it settles; close it on success with `onOpenChange(false)`, and on failure
   * leave it open (after a toast, say) so the person can try again.
   */
  onConfirm?: () => void | Promise<unknown>;
}

/** The one "are you sure?" dialog: a title, what happens, cancel, and confirm (or, without a confirm, the notice that it cannot be done). */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  children,
  cancelLabel,
  confirmLabel,
  busyLabel,
  destructive = false,
  confirmDisabled = false,
  onConfirm,
}: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);

  async function confirm() {
    if (busy || confirmDisabled || !onConfirm) return;
    const pending = onConfirm();
    if (!pending) {
      onOpenChange(false);
      return;
    }
    setBusy(true);
    try {
      await pending;
    } finally {
      setBusy(false);
    }
  }

  return (
    <AlertDialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <AlertDialogContent>
        <form
          className="grid gap-4"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            // The dialog is portalled, but React bubbles its submit to a form the dialog sits in
            // (the new-sale form): stop it here.
            event.stopPropagation();
            void confirm();
          }}
        >
          <AlertDialogHeader>
            <AlertDialogTitle>{title}</AlertDialogTitle>
            <AlertDialogDescription>{description}</AlertDialogDescription>
          </AlertDialogHeader>
          <BusyFieldset busy={busy}>
            {children}
            <AlertDialogFooter>
              <AlertDialogCancel type="button">{cancelLabel}</AlertDialogCancel>
              {onConfirm && (
                <Button type="submit" variant={destructive ? 'destructive' : 'default'} disabled={busy || confirmDisabled}>
                  {busy && busyLabel ? busyLabel : confirmLabel}
                </Button>
              )}
            </AlertDialogFooter>
          </BusyFieldset>
        </form>
      </AlertDialogContent>
    </AlertDialog>
  );
}
