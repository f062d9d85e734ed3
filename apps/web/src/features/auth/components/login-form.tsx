import { type SignInInput, signInInputSchema } from '@caderneta/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Checkbox } from '@/components/ui/checkbox';
import {
  Form,
  FormControl,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { applyIssuesToForm, toastError } from '@/lib/api-client';
import { useSignIn } from '../api/sign-in';
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

  async function onSubmit(values: SignInInput) {
    try {
      await signIn.mutateAsync(values);
    } catch (error) {
      applyIssuesToForm(error, form.setError, FIELDS);
      toastError(error, 'auth:signIn.errorTitle');
      return;
    }
    toast.success(t('signIn.successTitle'), { description: t('signIn.successDescription') });
    navigate('/dashboard', { replace: true });
  }

  const busy = form.formState.isSubmitting;
  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="grid gap-4">
        <FormField
          control={form.control}
          name="email"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t('fields.email')}</FormLabel>
              <FormControl>
                <Input required
                  type="email"
                  autoComplete="email"
                  inputMode="email"
                  placeholder={t('placeholders.email')}
                  {...field}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="senha"
          render={({ field }) => (
            <FormItem>
              <div className="flex items-center justify-between gap-2">
                <FormLabel>{t('fields.password')}</FormLabel>
                <ForgotPasswordDialog getInitialEmail={() => form.getValues('email')} />
              </div>
              <FormControl>
                <Input required type="password" autoComplete="current-password" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
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
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? t('signIn.submitting') : t('signIn.submit')}
        </Button>
      </form>
    </Form>
  );
}
