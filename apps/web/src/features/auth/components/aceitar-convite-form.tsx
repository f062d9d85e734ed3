import { type AceitarConviteInput, aceitarConviteInputSchema, type ConviteInfo } from '@caderneta/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { SubmitButton } from '@/components/form-fields';
import { Form } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { isApiError } from '@/lib/api-client';
import { submitForm } from '@/lib/submit-form';
import { useAceitarConvite } from '../api/aceitar-convite';
import { NewPasswordFields } from './auth-fields';

interface AceitarConviteFormProps {
  token: string;
  convite: ConviteInfo;
  /** The account exists: sign in with this e-mail. */
  onAceito: (email: string) => void;
  /** The link stopped working meanwhile (used, expired, cancelled). */
  onInvalido: () => void;
}

/** The invited person's password, twice; their e-mail shows (and goes to the browser's password manager with it). */
export function AceitarConviteForm({ token, convite, onAceito, onInvalido }: AceitarConviteFormProps) {
  const { t } = useTranslation('auth');
  const aceitar = useAceitarConvite();
  const emailId = useId();
  const form = useForm<AceitarConviteInput>({
    resolver: zodResolver(aceitarConviteInputSchema),
    defaultValues: { senha: '', confirmarSenha: '' },
  });

  function onSubmit(input: AceitarConviteInput) {
    return submitForm(form.setError, () => aceitar.mutateAsync({ token, input }), {
      fields: ['senha', 'confirmarSenha'],
      errorTitle: 'auth:convite.errorTitle',
      onError: (error) => {
        if (!isApiError(error, 'CONVITE_INVALIDO')) return false;
        onInvalido();
        return true;
      },
      success: () => ({ title: t('convite.successTitle'), description: t('convite.successDescription') }),
      onSuccess: ({ email }) => onAceito(email),
    });
  }

  const busy = form.formState.isSubmitting;
  return (
    <Form {...form}>
      <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="grid gap-4">
        <div className="grid gap-2">
          <Label htmlFor={emailId}>{t('fields.email')}</Label>
          <Input id={emailId} name="email" type="email" autoComplete="username" readOnly value={convite.email} className="bg-muted/40" />
        </div>
        <NewPasswordFields control={form.control} label={t('fields.password')} confirmLabel={t('fields.confirmPassword')} />
        <SubmitButton busy={busy} label={t('convite.submit')} busyLabel={t('convite.submitting')} className="w-full" />
      </form>
    </Form>
  );
}
