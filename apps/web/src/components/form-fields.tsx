import { formatPhone, isValidPhone, normalizePhone } from '@caderneta/shared';
import type { ComponentProps, ReactNode } from 'react';
import { type Control, type ControllerRenderProps, type FieldPath, type FieldValues, useFormContext } from 'react-hook-form';
import { DateField } from '@/components/date-field';
import { MoneyPreview } from '@/components/money-preview';
import { Button } from '@/components/ui/button';
import { FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Switch } from '@/components/ui/switch';

/** A label with the red asterisk of a required field; the asterisk is for the eye only (the input carries `required`). */
export function RequiredLabel({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <span aria-hidden="true" className="text-destructive">
        *
      </span>
    </>
  );
}

interface FieldProps<V extends FieldValues, T, N extends FieldPath<V> = FieldPath<V>> {
  control: Control<V, unknown, T>;
  name: N;
  label: ReactNode;
  /** Adds the asterisk of a required field to the label. */
  asterisk?: boolean;
  /** Beside the label, at the other end of the line (a "Esqueceu a senha?" link). */
  labelAside?: ReactNode;
  /** A hint under the input. */
  description?: ReactNode;
}

/**
 * One field of a react-hook-form form: label, the control `children` renders (wrap the input in
 * `<FormControl>`), hint, and the field's message (a zod key or a server issue, translated).
 */
export function Field<V extends FieldValues, T = V, N extends FieldPath<V> = FieldPath<V>>({
  control,
  name,
  label,
  asterisk = false,
  labelAside,
  description,
  children,
}: FieldProps<V, T, N> & { children: (field: ControllerRenderProps<V, N>) => ReactNode }) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => {
        const formLabel = <FormLabel>{asterisk ? <RequiredLabel>{label}</RequiredLabel> : label}</FormLabel>;
        return (
          <FormItem>
            {labelAside ? (
              <div className="flex items-center justify-between gap-2">
                {formLabel}
                {labelAside}
              </div>
            ) : (
              formLabel
            )}
            {children(field)}
            {description && <FormDescription>{description}</FormDescription>}
            <FormMessage />
          </FormItem>
        );
      }}
    />
  );
}

type InputFieldProps<V extends FieldValues, T> = FieldProps<V, T> &
  Omit<ComponentProps<typeof Input>, 'name' | 'form' | 'value' | 'onChange' | 'onBlur'> & {
    /** Shows under the input what a money text will save ("= R$ 10,50"). */
    moneyPreview?: boolean;
    /** On leaving the field, shows the value as it will be stored (e.g. a formatted phone); null keeps it. */
    formatOnBlur?: (value: string) => string | null;
  };

/** A `Field` with a text input; the props a `Field` does not take go to the `<Input>`. */
export function InputField<V extends FieldValues, T = V>({
  control,
  name,
  label,
  asterisk,
  labelAside,
  description,
  moneyPreview = false,
  formatOnBlur,
  ...inputProps
}: InputFieldProps<V, T>) {
  return (
    <Field control={control} name={name} label={label} asterisk={asterisk} labelAside={labelAside} description={description}>
      {(field) => (
        <>
          <FormControl>
            <Input
              {...inputProps}
              {...field}
              value={field.value ?? ''}
              onBlur={() => {
                const formatted = formatOnBlur?.(String(field.value ?? ''));
                if (formatted != null) field.onChange(formatted);
                field.onBlur();
              }}
            />
          </FormControl>
          {moneyPreview && <MoneyPreview text={field.value} />}
        </>
      )}
    </Field>
  );
}

/**
 * A `Field` with a date typed as the interface language writes it. Whatever is typed goes to the
 * form as it is (a date as "YYYY-MM-DD", '' when cleared, else the text), so the form's schema
 * judges it — 31/02 is refused, never replaced by the date the field held before — and its message
 * shows as soon as a whole date is typed. The schema is `dataDigitadaSchema` (shared), or builds on it.
 */
export function DateInputField<V extends FieldValues, T = V>({
  control,
  name,
  label,
  asterisk,
  description,
  className = 'max-w-48',
}: FieldProps<V, T> & { className?: string }) {
  const { trigger } = useFormContext<V>();
  return (
    <Field control={control} name={name} label={label} asterisk={asterisk} description={description}>
      {(field) => (
        <FormControl>
          <DateField
            inForm
            value={field.value || undefined}
            className={className}
            onChange={(value) => {
              field.onChange(value ?? '');
              if (value === null || value.length === 10) void trigger(name);
            }}
          />
        </FormControl>
      )}
    </Field>
  );
}

/** A `Field` with a native `<select>`; `children` are its `<option>`s. */
export function SelectField<V extends FieldValues, T = V>({
  control,
  name,
  label,
  asterisk,
  description,
  className,
  children,
}: FieldProps<V, T> & { className?: string; children: ReactNode }) {
  return (
    <Field control={control} name={name} label={label} asterisk={asterisk} description={description}>
      {(field) => (
        <FormControl>
          <NativeSelect className={className} {...field}>
            {children}
          </NativeSelect>
        </FormControl>
      )}
    </Field>
  );
}

/**
 * An on/off setting: the label and its hint on the left, the switch on the right (the switch is
 * named by the label and described by the hint).
 */
export function SwitchField<V extends FieldValues, T = V, N extends FieldPath<V> = FieldPath<V>>({
  control,
  name,
  label,
  description,
  className = 'flex items-center justify-between gap-4',
  textClassName = 'flex min-w-0 flex-col gap-1',
}: Omit<FieldProps<V, T, N>, 'asterisk' | 'labelAside'> & {
  /** The row's classes. */
  className?: string;
  /** The classes of the column that holds the label and the hint. */
  textClassName?: string;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={className}>
          <div className={textClassName}>
            <FormLabel>{label}</FormLabel>
            {description && <FormDescription>{description}</FormDescription>}
          </div>
          <FormControl>
            <Switch checked={field.value} onCheckedChange={field.onChange} onBlur={field.onBlur} name={field.name} ref={field.ref} />
          </FormControl>
        </FormItem>
      )}
    />
  );
}

/** A typed phone as it will be stored, "(11) 98765-4321"; null while it is not a phone yet (kept as typed). */
export function formatTypedPhone(value: string): string | null {
  const digits = normalizePhone(value);
  return isValidPhone(digits) ? formatPhone(digits) : null;
}

/**
 * An `InputField` for a Brazilian phone (a customer's, the seller's own): the phone keyboard, and on
 * leaving the field the number as it will be stored.
 */
export function PhoneField<V extends FieldValues, T = V>(props: Omit<InputFieldProps<V, T>, 'type' | 'inputMode' | 'formatOnBlur'>) {
  return <InputField type="tel" inputMode="tel" {...props} formatOnBlur={formatTypedPhone} />;
}

/** A form's submit button: says `busyLabel` and waits while the form is being sent. */
export function SubmitButton({ busy, label, busyLabel, className }: { busy: boolean; label: string; busyLabel: string; className?: string }) {
  return (
    <Button type="submit" className={className} disabled={busy}>
      {busy ? busyLabel : label}
    </Button>
  );
}

/**
 * A choice among a few options, each a bordered card with its radio (a `<fieldset>` named by
 * `legend`); with hints, each card shows its option's hint under the label.
 */
export function RadioCardsField<V extends FieldValues, T = V, N extends FieldPath<V> = FieldPath<V>>({
  control,
  name,
  legend,
  options,
}: {
  control: Control<V, unknown, T>;
  name: N;
  legend: ReactNode;
  options: ReadonlyArray<{ value: string; label: ReactNode; hint?: ReactNode }>;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <fieldset className="grid gap-2">
          <legend className="mb-2 text-sm font-medium">{legend}</legend>
          {options.map((option) => (
            <label
              key={option.value}
              className={
                option.hint === undefined
                  ? 'flex cursor-pointer items-center gap-3 rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5'
                  : 'grid min-h-11 cursor-pointer grid-cols-[auto_minmax(0,1fr)] items-start gap-x-3 rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5'
              }
            >
              <input
                type="radio"
                name={field.name}
                value={option.value}
                checked={field.value === option.value}
                onChange={() => field.onChange(option.value)}
                className={option.hint === undefined ? 'accent-primary' : 'row-span-2 mt-1 accent-primary'}
              />
              {option.hint === undefined ? (
                option.label
              ) : (
                <>
                  <span className="font-medium">{option.label}</span>
                  <span className="text-muted-foreground">{option.hint}</span>
                </>
              )}
            </label>
          ))}
        </fieldset>
      )}
    />
  );
}
