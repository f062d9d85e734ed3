import type { FieldPath, FieldValues, UseFormSetError } from 'react-hook-form';
import type { ExternalToast } from 'sonner';
import { toast } from '@/lib/toast';
import { applyIssuesToForm, isApiError, sessionEnded, toastError } from './api-client';
import { translateDynamic } from './i18n';

/** An error toast a form shows: a title and what to do. */
export interface FormToast {
  title: string;
  description?: string;
}

export interface SubmitFormOptions<V extends FieldValues, R> {
  /** The fields that receive the server's `issues` (by path). */
  fields?: readonly FieldPath<V>[];
  /** i18n key of the error toast's title ("clientes:toast.createError"). */
  errorTitle: string;
  /** The error toast's text; by default the translated error code. */
  errorDescription?: (error: unknown) => string;
  /**
   * Error codes that are about one field ("EMAIL_IN_USE" → the e-mail): the field shows the message
   * (a validation key) and takes the focus; the toast still says what happened.
   */
  errorFields?: Partial<Record<string, readonly [FieldPath<V>, string]>>;
  /** false: no error toast when the server's issues landed on fields (they say it there). */
  toastFieldIssues?: boolean;
  /**
   * Sees every error first (issues already on the fields): returns true when it handled it, or the
   * toast to show for it instead of the default one.
   */
  onError?: (error: unknown, onFields: boolean) => boolean | FormToast | void;
  /** The success toast: a title, or a title with sonner's options (description, action); undefined: none for this result. */
  success?: (result: R) => string | ({ title: string } & ExternalToast) | undefined;
  /** After the success toast: close the dialog, navigate, reset. */
  onSuccess?: (result: R) => void;
}

/**
 * The one way a form talks to the server: runs `send`; on failure puts the server's issues on the
 * form's fields and toasts the error (the form stays as typed, so nothing is lost); on success
 * toasts and calls `onSuccess`. Use it as the form's submit handler:
 *
 *   form.handleSubmit((input) => submitForm(form.setError, () => create.mutateAsync(input), {
 *     fields: FIELDS, errorTitle: 'clientes:toast.createError',
 *     success: () => t('toast.created'), onSuccess: () => onOpenChange(false),
 *   }))
 */
export async function submitForm<V extends FieldValues, R>(
  setError: UseFormSetError<V>,
  send: () => Promise<R>,
  { fields = [], errorFields = {}, errorTitle, errorDescription, toastFieldIssues = true, onError, success, onSuccess }: SubmitFormOptions<V, R>,
): Promise<void> {
  let result: R;
  try {
    result = await send();
  } catch (error) {
    const onFields = applyIssuesToForm(error, setError, fields);
    const campo = isApiError(error) ? errorFields[error.code] : undefined;
    if (campo) setError(campo[0], { type: 'server', message: campo[1] }, { shouldFocus: true });
    const handled = onError?.(error, onFields);
    if (handled === true) return;
    // The session ended: the sign-in dialog over the page says so (the form stays as typed).
    if (handled && !sessionEnded(error)) toastRefused(handled);
    if (handled) return;
    if (onFields && !toastFieldIssues) return;
    if (sessionEnded(error)) return;
    if (errorDescription) toast.error(translateDynamic(errorTitle, errorTitle), { description: errorDescription(error) });
    else toastError(error, errorTitle);
    return;
  }
  const message = success?.(result);
  if (typeof message === 'string') toast.success(message);
  else if (message) {
    const { title, ...options } = message;
    toast.success(title, options);
  }
  onSuccess?.(result);
}

/**
 * The one way a form says it refused what was asked before anything was sent (a required field
 * left empty, a cart with no items, more than the stock): an error toast, the title and what to do.
 */
export function toastRefused({ title, description }: FormToast): void {
  toast.error(title, description === undefined ? undefined : { description });
}
