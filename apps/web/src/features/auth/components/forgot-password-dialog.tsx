import { forgotPasswordInputSchema } from '@caderneta/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { FormDialog } from '@/components/form-dialog';
import { submitForm } from '@/lib/submit-form';
import { useRequestPasswordReset } from '../api/request-password-reset';
import { EmailField } from './auth-fields';

interface ForgotPasswordValues {
  email: string;
}

/** "Esqueceu a senha?": asks for the e-mail and always gives the same answer. */
interface ForgotPasswordDialogProps {
  /** Reads what the seller already typed on the login form, to start from it. */
  getInitialEmail?: () => string;
}

export function ForgotPasswordDialog({ getInitialEmail }: ForgotPasswordDialogProps) {
  const { t } = useTranslation('auth');
  const [open, setOpen] = useState(false);
  const requestReset = useRequestPasswordReset();
  const form = useForm<ForgotPasswordValues>({
    resolver: zodResolver(forgotPasswordInputSchema),
    defaultValues: { email: '' },
  });

  function onOpenChange(next: boolean) {
    if (next) form.reset({ email: getInitialEmail?.() ?? '' });
    setOpen(next);
  }

  function onSubmit({ email }: ForgotPasswordValues) {
    return submitForm(form.setError, () => requestReset.mutateAsync(email), {
      errorTitle: 'auth:forgotPassword.errorTitle',
      success: () => ({ title: t('forgotPassword.sentTitle'), description: t('forgotPassword.sentDescription') }),
      onSuccess: () => setOpen(false),
    });
  }

  function onInvalid(errors: FieldErrors<ForgotPasswordValues>) {
    if (errors.email?.message === 'required') {
      toast.error(t('forgotPassword.emailRequiredTitle'), {
        description: t('forgotPassword.emailRequiredDescription'),
      });
    }
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={
        <Button type="button" variant="link" className="h-auto p-0 text-sm font-normal">
          {t('signIn.forgotPassword')}
        </Button>
      }
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
