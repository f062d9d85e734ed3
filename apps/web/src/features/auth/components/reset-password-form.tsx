import { type ResetPasswordInput, resetPasswordInputSchema } from '@caderneta/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '@/components/form-fields';
import { Form } from '@/components/ui/form';
import { isApiError } from '@/lib/api-client';
import { submitForm } from '@/lib/submit-form';
import { useResetPassword } from '../api/reset-password';
import { NewPasswordFields } from './auth-fields';

interface ResetPasswordFormProps {
  token: string;
  onDone: () => void;
  /** The token was refused (expired, already used, unknown). */
  onInvalidToken: () => void;
}

export function ResetPasswordForm({ token, onDone, onInvalidToken }: ResetPasswordFormProps) {
  const { t } = useTranslation('auth');
  const resetPassword = useResetPassword();
  const form = useForm<ResetPasswordInput>({
    resolver: zodResolver(resetPasswordInputSchema),
    defaultValues: { senha: '', confirmarSenha: '' },
  });

  function onSubmit(values: ResetPasswordInput) {
    return submitForm(form.setError, () => resetPassword.mutateAsync({ token, newPassword: values.senha }), {
      fields: ['senha', 'confirmarSenha'],
      errorTitle: 'auth:resetPassword.errorTitle',
      onError: (error) => {
        if (!isApiError(error, 'INVALID_TOKEN')) return false;
        onInvalidToken();
        return true;
      },
      success: () => ({ title: t('resetPassword.successTitle'), description: t('resetPassword.successDescription') }),
      onSuccess: onDone,
    });
  }

  const busy = form.formState.isSubmitting;
  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="grid gap-4">
        <NewPasswordFields control={form.control} label={t('fields.newPassword')} confirmLabel={t('fields.confirmNewPassword')} />
        <SubmitButton busy={busy} label={t('resetPassword.submit')} busyLabel={t('resetPassword.submitting')} className="w-full" />
      </form>
    </Form>
  );
}
