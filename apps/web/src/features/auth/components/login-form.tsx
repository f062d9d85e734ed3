import { type SignInInput, signInInputSchema } from '@caderneta/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { InputField, SubmitButton } from '@/components/form-fields';
import { Checkbox } from '@/components/ui/checkbox';
import { Form, FormControl, FormField, FormItem, FormLabel } from '@/components/ui/form';
import { submitForm } from '@/lib/submit-form';
import { useSignIn } from '../api/sign-in';
import { EmailField } from './auth-fields';
import { ForgotPasswordDialog } from './forgot-password-dialog';

const FIELDS = ['email', 'senha'] as const;

interface LoginFormProps {
  /** Filled in after a successful sign-up, so the new seller only types the password. */
  prefillEmail?: string;
}

export function LoginForm({ prefillEmail }: LoginFormProps) {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const signIn = useSignIn();
  const form = useForm<SignInInput>({
    resolver: zodResolver(signInInputSchema),
    defaultValues: { email: '', senha: '', permanecerLogado: false },
  });

  useEffect(() => {
    if (!prefillEmail) return;
    form.setValue('email', prefillEmail);
    form.setFocus('senha');
  }, [prefillEmail, form]);

  function onSubmit(values: SignInInput) {
    return submitForm(form.setError, () => signIn.mutateAsync(values), {
      fields: FIELDS,
      errorTitle: 'auth:signIn.errorTitle',
      success: () => ({ title: t('signIn.successTitle'), description: t('signIn.successDescription') }),
      onSuccess: () => void navigate('/dashboard', { replace: true }),
    });
  }

  const busy = form.formState.isSubmitting;
  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="grid gap-4">
        <EmailField control={form.control} />
        <InputField
          control={form.control}
          name="senha"
          label={t('fields.password')}
          labelAside={<ForgotPasswordDialog getInitialEmail={() => form.getValues('email')} />}
          required
          type="password"
          autoComplete="current-password"
        />
        <FormField
          control={form.control}
          name="permanecerLogado"
          render={({ field }) => (
            <FormItem className="flex flex-row items-center gap-2">
              <FormControl>
                <Checkbox
                  checked={field.value}
                  onCheckedChange={(checked) => field.onChange(checked === true)}
                  onBlur={field.onBlur}
                  name={field.name}
                  ref={field.ref}
                />
              </FormControl>
              <FormLabel className="font-normal">{t('signIn.rememberMe')}</FormLabel>
            </FormItem>
          )}
        />
        <SubmitButton busy={busy} label={t('signIn.submit')} busyLabel={t('signIn.submitting')} className="w-full" />
      </form>
    </Form>
  );
}
