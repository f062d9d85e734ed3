import type { ReactNode } from 'react';
import type { FieldValues, SubmitErrorHandler, SubmitHandler, UseFormReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BusyFieldset } from '@/components/busy-fieldset';
import { SubmitButton } from '@/components/form-fields';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { Form } from '@/components/ui/form';
import type { AppResources } from '@/lib/i18n';
import { cn } from '@/lib/utils';

interface FormDialogProps<V extends FieldValues, T> {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  form: UseFormReturn<V, unknown, T>;
  /** Usually `(values) => submitForm(form, …)` (lib/submit-form.ts). */
  onSubmit: SubmitHandler<T>;
  /** Client-side validation failed (e.g. a toast naming the first invalid field). */
  onInvalid?: SubmitErrorHandler<V>;
  cancelLabel: string;
  submitLabel: string;
  busyLabel: string;
  /** Between the description and the fields (e.g. the customer's balance). */
  intro?: ReactNode;
  /** The button that opens the dialog, when the dialog brings its own. */
  trigger?: ReactNode;
  /** Width of the dialog (`sm:max-w-xl`). */
  className?: string;
  /** The fields (and any preview lines between them). */
  children: ReactNode;
}

/**
 * A dialog that is a form: title, description, fields, Cancel and a submit button that says what
 * it is doing. While the form is being sent every field and button inside waits, and neither the X,
 * Escape nor a click outside closes the dialog (the seller sees how the save ended). Once something
 * was typed, Cancel, the X, Escape or a tap outside ask "Descartar alterações?" first; the close
 * after a successful save (`onOpenChange(false)` from the submit handler) does not.
 */
export function FormDialog<V extends FieldValues, T>({
  open,
  onOpenChange,
  title,
  description,
  form,
  onSubmit,
  onInvalid,
  cancelLabel,
  submitLabel,
  busyLabel,
  intro,
  trigger,
  className,
  children,
}: FormDialogProps<V, T>) {
  const busy = form.formState.isSubmitting;
  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)} dirty={form.formState.isDirty}>
      {trigger && <DialogTrigger asChild>{trigger}</DialogTrigger>}
      <DialogContent busy={busy} className={cn('max-h-[calc(100svh-2rem)] overflow-y-auto', className)}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {intro}
        <Form {...form}>
          <form
            // Portalled out of any form around the dialog's trigger (the login form), but React
            // still bubbles the submit to it through the component tree: stop it here.
            onSubmit={(event) => {
              event.stopPropagation();
              void form.handleSubmit(onSubmit, onInvalid)(event);
            }}
            noValidate
            className="grid gap-4"
          >
            <BusyFieldset busy={busy}>
              {children}
              <DialogFooter>
                <DialogClose asChild>
                  <Button type="button" variant="outline">
                    {cancelLabel}
                  </Button>
                </DialogClose>
                <SubmitButton busy={busy} label={submitLabel} busyLabel={busyLabel} />
              </DialogFooter>
            </BusyFieldset>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}

type Resources = AppResources;
interface RecordFormKeys {
  form: { newTitle: string; editTitle: string; newDescription: string; editDescription: string; cancel: string; create: string; save: string; saving: string };
}
/** The namespaces with the texts of a "new / edit" form (clientes, produtos). */
type RecordFormNamespace = { [N in keyof Resources]: Resources[N] extends RecordFormKeys ? N : never }[keyof Resources];

/** Title, description and buttons of a "Novo … / Editar …" dialog, from the feature's `form.*` keys. */
export function useRecordFormTexts(ns: RecordFormNamespace, editing: boolean) {
  const { t } = useTranslation(ns);
  return {
    title: editing ? t('form.editTitle') : t('form.newTitle'),
    description: editing ? t('form.editDescription') : t('form.newDescription'),
    cancelLabel: t('form.cancel'),
    submitLabel: editing ? t('form.save') : t('form.create'),
    busyLabel: t('form.saving'),
  };
}
