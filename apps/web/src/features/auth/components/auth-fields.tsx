import type { Control, FieldPath } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { InputField } from '@/components/form-fields';

/** The e-mail field of the sign-in, sign-up and forgot-password forms. */
export function EmailField<V extends { email: string }>({ control }: { control: Control<V> }) {
  const { t } = useTranslation('auth');
  return (
    <InputField
      control={control}
      name={'email' as FieldPath<V>}
      label={t('fields.email')}
      required
      type="email"
      autoComplete="email"
      inputMode="email"
      placeholder={t('placeholders.email')}
    />
  );
}

/** A new password (with the length hint) and its confirmation: sign-up and password reset. */
export function NewPasswordFields<V extends { senha: string; confirmarSenha: string }>({
  control,
  label,
  confirmLabel,
}: {
  control: Control<V>;
  label: string;
  confirmLabel: string;
}) {
  const { t } = useTranslation('auth');
  return (
    <>
      <InputField control={control} name={'senha' as FieldPath<V>} label={label} description={t('signUp.passwordHint')} required type="password" autoComplete="new-password" />
      <InputField control={control} name={'confirmarSenha' as FieldPath<V>} label={confirmLabel} required type="password" autoComplete="new-password" />
    </>
  );
}
