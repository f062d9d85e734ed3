import { type SignUpInput, signUpInputSchema } from '@caderneta/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldErrors, useForm } from 'react-hook-form';
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
import { applyIssuesToForm, errorMessage, isApiError, toastError } from '@/lib/api-client';
import { useSignUp } from '../api/sign-up';

const FIELDS = [
  'nomeCompleto',
  'nomeLoja',
  'codigoAcesso',
  'email',
  'senha',
  'confirmarSenha',
] as const satisfies readonly (keyof SignUpInput)[];

const EMPTY: SignUpInput = {
  nomeCompleto: '',
  nomeLoja: '',
  codigoAcesso: '',
  email: '',
  senha: '',
  confirmarSenha: '',
};

/** Password problems get a toast as well as the message under the field (spec §5/§8). */
const TOASTED_PASSWORD_ERRORS = ['passwordsDoNotMatch', 'passwordTooShort', 'passwordTooLong'];

interface SignUpFormProps {
  /** Called with the new seller's e-mail after the account was created. */
  onSignedUp: (email: string) => void;
}

export function SignUpForm({ onSignedUp }: SignUpFormProps) {
  const { t } = useTranslation(['auth', 'validation']);
  const signUp = useSignUp();
  const form = useForm<SignUpInput>({
    resolver: zodResolver(signUpInputSchema),
    defaultValues: EMPTY,
  });

  async function onSubmit(values: SignUpInput) {
    try {
      await signUp.mutateAsync(values);
    } catch (error) {
      if (isApiError(error, 'INVALID_ACCESS_CODE')) {
        form.setError('codigoAcesso', { type: 'server', message: 'invalidAccessCode' });
        toast.error(t('signUp.invalidCodeTitle'), { description: errorMessage(error) });
        return;
      }
      if (isApiError(error, 'EMAIL_IN_USE')) {
        form.setError('email', { type: 'server', message: 'emailInUse' });
      }
      applyIssuesToForm(error, form.setError, FIELDS);
      toastError(error, 'auth:signUp.errorTitle');
      return;
    }
    toast.success(t('signUp.successTitle'), { description: t('signUp.successDescription') });
    form.reset(EMPTY);
    onSignedUp(values.email);
  }

  function onInvalid(errors: FieldErrors<SignUpInput>) {
    const passwordError = [errors.senha?.message, errors.confirmarSenha?.message].find(
      (message): message is string => !!message && TOASTED_PASSWORD_ERRORS.includes(message),
    );
    if (passwordError) {
      toast.error(t('signUp.errorTitle'), {
        description: t(`validation:${passwordError}` as 'validation:passwordsDoNotMatch'),
      });
    }
  }

  const busy = form.formState.isSubmitting;
  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit, onInvalid)} noValidate className="grid gap-4">
        <FormField
          control={form.control}
          name="nomeCompleto"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t('fields.fullName')}</FormLabel>
              <FormControl>
                <Input required autoComplete="name" placeholder={t('placeholders.fullName')} {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="nomeLoja"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t('fields.storeName')}</FormLabel>
              <FormControl>
                <Input required
                  autoComplete="organization"
                  placeholder={t('placeholders.storeName')}
                  {...field}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="codigoAcesso"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t('fields.accessCode')}</FormLabel>
              <FormControl>
                <Input required
                  autoComplete="off"
                  autoCapitalize="characters"
                  spellCheck={false}
                  placeholder={t('placeholders.accessCode')}
                  {...field}
                />
              </FormControl>
              <FormDescription>{t('signUp.accessCodeNote')}</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
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
              <FormLabel>{t('fields.password')}</FormLabel>
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
              <FormLabel>{t('fields.confirmPassword')}</FormLabel>
              <FormControl>
                <Input required type="password" autoComplete="new-password" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <Button type="submit" className="w-full" disabled={busy}>
          {busy ? t('signUp.submitting') : t('signUp.submit')}
        </Button>
      </form>
    </Form>
  );
}
