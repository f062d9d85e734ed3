import { Label as LabelPrimitive, Slot as SlotPrimitive } from 'radix-ui';
import * as React from 'react';
import {
  Controller,
  type ControllerProps,
  type FieldPath,
  type FieldValues,
  FormProvider,
  useFormContext,
  useFormState,
} from 'react-hook-form';
import { Label } from '@/components/ui/label';
import { useValidationMessage } from '@/lib/validation-message';
import { cn } from '@/lib/utils';

const Form = FormProvider;

type FormFieldContextValue<
  TFieldValues extends FieldValues = FieldValues,
  TName extends FieldPath<TFieldValues> = FieldPath<TFieldValues>,
> = { name: TName };

const FormFieldContext = React.createContext<FormFieldContextValue | null>(null);

function FormField<
  TFieldValues extends FieldValues = FieldValues,
  TName extends FieldPath<TFieldValues> = FieldPath<TFieldValues>,
  // Forms whose schema transforms values (money typed as text → centavos) have output types.
  TTransformedValues = TFieldValues,
>(props: ControllerProps<TFieldValues, TName, TTransformedValues>) {
  return (
    <FormFieldContext.Provider value={{ name: props.name }}>
      <Controller {...props} />
    </FormFieldContext.Provider>
  );
}

/** The parts under a control that describe it; the control names only those on the page. */
type FormItemPart = 'description' | 'message';
type FormItemContextValue = {
  id: string;
  present: Record<FormItemPart, boolean>;
  setPresent: (part: FormItemPart, shown: boolean) => void;
};
const FormItemContext = React.createContext<FormItemContextValue | null>(null);

/** Tells the item that `part` is on the page while `shown`, so the control's `aria-describedby` never names an id that is not there. */
function useFormItemPart(part: FormItemPart, shown: boolean) {
  const setPresent = React.useContext(FormItemContext)?.setPresent;
  React.useLayoutEffect(() => {
    if (!setPresent || !shown) return;
    setPresent(part, true);
    return () => setPresent(part, false);
  }, [setPresent, part, shown]);
}

function useFormField() {
  const fieldContext = React.useContext(FormFieldContext);
  const itemContext = React.useContext(FormItemContext);
  const { getFieldState } = useFormContext();
  const formState = useFormState({ name: fieldContext?.name });
  if (!fieldContext || !itemContext) {
    throw new Error('useFormField must be used inside <FormField> and <FormItem>');
  }
  const fieldState = getFieldState(fieldContext.name, formState);
  const { id, present } = itemContext;
  const formDescriptionId = `${id}-form-item-description`;
  const formMessageId = `${id}-form-item-message`;
  return {
    id,
    name: fieldContext.name,
    formItemId: `${id}-form-item`,
    formDescriptionId,
    formMessageId,
    /** The ids of the hint and the message that are on the page, for the control's `aria-describedby`. */
    describedBy: [present.description && formDescriptionId, present.message && formMessageId].filter(Boolean).join(' ') || undefined,
    ...fieldState,
  };
}

function FormItem({ className, ...props }: React.ComponentProps<'div'>) {
  const id = React.useId();
  const [present, setPresentState] = React.useState<Record<FormItemPart, boolean>>({ description: false, message: false });
  const setPresent = React.useCallback(
    (part: FormItemPart, shown: boolean) => setPresentState((was) => (was[part] === shown ? was : { ...was, [part]: shown })),
    [],
  );
  const value = React.useMemo(() => ({ id, present, setPresent }), [id, present, setPresent]);
  return (
    <FormItemContext.Provider value={value}>
      <div data-slot="form-item" className={cn('grid gap-2', className)} {...props} />
    </FormItemContext.Provider>
  );
}

function FormLabel({ className, ...props }: React.ComponentProps<typeof LabelPrimitive.Root>) {
  const { error, formItemId } = useFormField();
  return (
    <Label
      data-slot="form-label"
      data-error={!!error}
      className={cn('data-[error=true]:text-destructive', className)}
      htmlFor={formItemId}
      {...props}
    />
  );
}

function FormControl(props: React.ComponentProps<typeof SlotPrimitive.Slot>) {
  const { error, formItemId, describedBy } = useFormField();
  return (
    <SlotPrimitive.Slot
      data-slot="form-control"
      id={formItemId}
      aria-describedby={describedBy}
      aria-invalid={!!error}
      {...props}
    />
  );
}

function FormDescription({ className, ...props }: React.ComponentProps<'p'>) {
  const { formDescriptionId } = useFormField();
  useFormItemPart('description', true);
  return (
    <p
      data-slot="form-description"
      id={formDescriptionId}
      className={cn('text-sm text-muted-foreground', className)}
      {...props}
    />
  );
}

function FormMessage({ className, children, ...props }: React.ComponentProps<'p'>) {
  const { error, formMessageId } = useFormField();
  const toMessage = useValidationMessage();
  const body = error ? toMessage(error) : children;
  useFormItemPart('message', !!body);
  if (!body) return null;
  return (
    <p
      data-slot="form-message"
      id={formMessageId}
      role={error ? 'alert' : undefined}
      className={cn('text-sm text-destructive', className)}
      {...props}
    >
      {body}
    </p>
  );
}

export { useValidationMessage };
export { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage, useFormField };
