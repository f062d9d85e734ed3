import { type ResetPasswordInput, resetPasswordInputSchema } from '@caderneta/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { applyIssuesToForm, isApiError, toastError } from '@/lib/api-client';
import { useResetPassword } from '../api/reset-password';

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

  async function onSubmit(values: ResetPasswordInput) {
    try {
      await resetPassword.mutateAsync({ token, newPassword: values.senha });
    } catch (error) {
      if (isApiError(error, 'INVALID_TOKEN')) {
        onInvalidToken();
        return;
      }
      applyIssuesToForm(error, form.setError, ['senha', 'confirmarSenha']);
      toastError(error, 'auth:resetPassword.errorTitle');
      return;
    }
    toast.success(t('resetPassword.successTitle'), {
      description: t('resetPassword.successDescription'),
    });
    onDone();
  }

  const busy = form.formState.isSubmitting;
  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="grid gap-4">
        <FormField
          control={form.control}
          name="senha"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t('fields.newPassword')}</FormLabel>
              <FormControl>
                <Input required type="password" autoComplete="new-password" {...field} />
              </FormControl>
              <FormDescription>{t('signUp.passwordHint')}</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="confirmarSenha"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t('fields.confirmNewPassword')}</FormLabel>
              <FormControl>
                <Input required type="password" autoComplete="new-password" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? t('resetPassword.submitting') : t('resetPassword.submit')}
        </Button>
      </form>
    </Form>
  );
}
