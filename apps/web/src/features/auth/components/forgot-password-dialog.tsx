import { forgotPasswordInputSchema } from '@caderneta/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form-dialog';
import { submitForm, toastRefused } from '@/lib/submit-form';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { EmailField } from './auth-fields';

interface ForgotPasswordValues {
  email: string;
}

/**
 * "Esqueceu a senha?": asks for the e-mail and always gives the same answer. Controlled by the
 * page that opens it (the login form loads this module only when the link is first used).
 */
interface ForgotPasswordDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** What the seller already typed on the login form, to start from it. */
  initialEmail?: string;
}

export function ForgotPasswordDialog({ open, onOpenChange, initialEmail = '' }: ForgotPasswordDialogProps) {
  const { t } = useTranslation('auth');
  const requestReset = useRequestPasswordReset();
  const form = useForm<ForgotPasswordValues>({
    resolver: zodResolver(forgotPasswordInputSchema),
    defaultValues: { email: initialEmail },
  });
  const { reset } = form;
  useEffect(() => {
    if (open) reset({ email: initialEmail });
  }, [open, initialEmail, reset]);

  function onSubmit({ email }: ForgotPasswordValues) {
    return submitForm(form.setError, () => requestReset.mutateAsync(email), {
      errorTitle: 'auth:forgotPassword.errorTitle',
      success: () => ({ title: t('forgotPassword.sentTitle'), description: t('forgotPassword.sentDescription') }),
      onSuccess: () => onOpenChange(false),
    });
  }

  function onInvalid(errors: FieldErrors<ForgotPasswordValues>) {
    if (errors.email?.message === 'required') {
      toastRefused({ title: t('forgotPassword.emailRequiredTitle'), description: t('forgotPassword.emailRequiredDescription') });
    }
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('forgotPassword.title')}
      description={t('forgotPassword.description')}
      form={form}
      onSubmit={onSubmit}
      onInvalid={onInvalid}
      cancelLabel={t('forgotPassword.cancel')}
      submitLabel={t('forgotPassword.submit')}
      busyLabel={t('forgotPassword.submitting')}
    >
      <EmailField control={form.control} />
    </FormDialog>
  );
}
