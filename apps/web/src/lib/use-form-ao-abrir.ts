import { useEffect, useEffectEvent } from 'react';
import { type FieldValues, type UseFormProps, type UseFormReturn, useForm } from 'react-hook-form';

/**
 * A dialog's form, filled afresh with `valores()` each time the dialog opens — when `aberto` turns
 * truthy or names another record (the person, the settings just loaded) — so a dialog opened again
 * never shows what was typed and left there. Between openings it is an ordinary `useForm`.
 */
export function useFormAoAbrir<V extends FieldValues, T = V>(aberto: unknown, valores: () => V, props: UseFormProps<V, unknown, T>): UseFormReturn<V, unknown, T> {
  const form = useForm<V, unknown, T>(props);
  // Read when the dialog opens, not on every render: a new function each render must not reset what is being typed.
  const preencher = useEffectEvent(() => form.reset(valores()));
  useEffect(() => {
    if (aberto) preencher();
  }, [aberto]);
  return form;
}
