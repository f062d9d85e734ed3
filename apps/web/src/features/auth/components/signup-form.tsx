import { type SignUpInput, signUpInputSchema } from '@caderneta/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { type FieldErrors, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { InputField, SubmitButton } from '@/components/form-fields';
import { Form } from '@/components/ui/form';
import { errorMessage, isApiError } from '@/lib/api-client';
import { submitForm, toastRefused } from '@/lib/submit-form';
import { useSignUp } from '../api/sign-up';
import { EmailField, NewPasswordFields } from './auth-fields';

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

  function onSubmit(values: SignUpInput) {
    return submitForm(form.setError, () => signUp.mutateAsync(values), {
      fields: FIELDS,
      errorTitle: 'auth:signUp.errorTitle',
      errorFields: { INVALID_ACCESS_CODE: ['codigoAcesso', 'invalidAccessCode'], EMAIL_IN_USE: ['email', 'emailInUse'] },
      onError: (error) => (isApiError(error, 'INVALID_ACCESS_CODE') ? { title: t('signUp.invalidCodeTitle'), description: errorMessage(error) } : undefined),
      success: () => ({ title: t('signUp.successTitle'), description: t('signUp.successDescription') }),
      onSuccess: () => {
        form.reset(EMPTY);
        onSignedUp(values.email);
      },
    });
  }

  function onInvalid(errors: FieldErrors<SignUpInput>) {
    const passwordError = [errors.senha?.message, errors.confirmarSenha?.message].find(
      (message): message is string => !!message && TOASTED_PASSWORD_ERRORS.includes(message),
    );
    if (passwordError) {
      toastRefused({ title: t('signUp.errorTitle'), description: t(`validation:${passwordError}` as 'validation:passwordsDoNotMatch') });
    }
  }

  const busy = form.formState.isSubmitting;
  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit, onInvalid)} noValidate className="grid gap-4">
        <InputField control={form.control} name="nomeCompleto" label={t('fields.fullName')} required autoComplete="name" placeholder={t('placeholders.fullName')} />
        <InputField control={form.control} name="nomeLoja" label={t('fields.storeName')} required autoComplete="organization" placeholder={t('placeholders.storeName')} />
        <InputField
          control={form.control}
          name="codigoAcesso"
          label={t('fields.accessCode')}
          description={t('signUp.accessCodeNote')}
          required
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          placeholder={t('placeholders.accessCode')}
        />
        <EmailField control={form.control} />
        <NewPasswordFields control={form.control} label={t('fields.password')} confirmLabel={t('fields.confirmPassword')} />
        <SubmitButton busy={busy} label={t('signUp.submit')} busyLabel={t('signUp.submitting')} className="w-full" />
      </form>
    </Form>
  );
}
