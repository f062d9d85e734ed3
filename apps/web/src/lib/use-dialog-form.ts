import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo } from 'react';
import { type FieldValues, useForm } from 'react-hook-form';
import type { z } from 'zod';
import { useFormatters } from './format';

interface DialogFormOptions<V extends FieldValues, O, R> {
  /** The shared form schema; money is read by the rules of the interface language. */
  schema: (locale: string) => z.ZodType<O, V>;
  /** Every time the dialog opens (with `record`, or a new one), the form starts again from `values`. */
  open: boolean;
  record: R;
  /** The form's values for `record` (a module-level function: it must not change between renders). */
  values: (record: R, decimalSeparator: string) => V;
}

/**
 * A dialog's react-hook-form: validated by its shared zod schema in the interface language, and
 * reset to the record's values (or empty ones) whenever the dialog opens.
 */
export function useDialogForm<V extends FieldValues, O, R>({ schema, open, record, values }: DialogFormOptions<V, O, R>) {
  const fmt = useFormatters();
  const resolver = useMemo(() => zodResolver(schema(fmt.locale)), [schema, fmt.locale]);
  const form = useForm<V, unknown, O>({ resolver, defaultValues: values(record, fmt.decimalSeparator) as never });
  useEffect(() => {
    if (open) form.reset(values(record, fmt.decimalSeparator));
  }, [open, record, form, values, fmt.decimalSeparator]);
  return form;
}
