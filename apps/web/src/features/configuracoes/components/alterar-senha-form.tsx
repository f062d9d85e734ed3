import { alterarSenhaInputSchema, type AlterarSenhaInput } from '@caderneta/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import type { ReactNode } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormCard } from '@/components/form-card';
import { useReportDirty } from '@/components/unsaved-changes';
import { InputField, SubmitButton } from '@/components/form-fields';
import { submitForm, toastRefused } from '@/lib/submit-form';
import { useChangePassword } from '../api/change-password';

const EMPTY: AlterarSenhaInput = { senhaAtual: '', novaSenha: '', confirmarSenha: '' };

/**
 * Perfil › Alterar senha (spec §5): current password, new one (6+), confirmation. `esqueci` is the
 * "Esqueci minha senha" dialog, composed by the page.
 */
export function AlterarSenhaForm({ esqueci }: { esqueci?: ReactNode }) {
  const { t } = useTranslation('configuracoes');
  const alterar = useChangePassword();
  const form = useForm<AlterarSenhaInput>({ resolver: zodResolver(alterarSenhaInputSchema), defaultValues: EMPTY });
  useReportDirty(form.formState.isDirty);

  const onSubmit = (input: AlterarSenhaInput) =>
    submitForm(form.setError, () => alterar.mutateAsync(input), {
      errorTitle: 'configuracoes:senha.errorTitle',
      errorFields: { SENHA_ATUAL_INCORRETA: ['senhaAtual', 'senhaAtualIncorreta'] },
      success: () => ({ title: t('senha.successTitle'), description: t('senha.successDescription') }),
      onSuccess: () => form.reset(EMPTY),
    });

  // The spec's toasts for each rule, on top of the messages under the fields.
  function onInvalid(errors: FieldErrors<AlterarSenhaInput>) {
    const messages = Object.values(errors).map((e) => e?.message);
    if (messages.includes('senhaCamposObrigatorios')) toastRefused({ title: t('senha.camposObrigatoriosTitle'), description: t('senha.camposObrigatorios') });
    else if (messages.includes('senhaMuitoCurta')) toastRefused({ title: t('senha.curtaTitle'), description: t('senha.curta') });
    else if (messages.includes('senhasNaoConferem')) toastRefused({ title: t('senha.naoConferemTitle'), description: t('senha.naoConferem') });
  }

  const busy = form.formState.isSubmitting;
  const campo = (name: keyof AlterarSenhaInput, label: string, autoComplete: string, hint?: string) => (
    <InputField control={form.control} name={name} label={label} description={hint} type="password" autoComplete={autoComplete} required />
  );
  return (
    <FormCard title={t('senha.title')} description={t('senha.description')} form={form} onSubmit={onSubmit} onInvalid={onInvalid} busy={busy}>
      {campo('senhaAtual', t('senha.atual'), 'current-password')}
      {campo('novaSenha', t('senha.nova'), 'new-password', t('senha.hint'))}
      {campo('confirmarSenha', t('senha.confirmar'), 'new-password')}
      <div className="flex flex-wrap items-center gap-4">
        <SubmitButton busy={busy} label={t('senha.submit')} busyLabel={t('senha.submitting')} />
        {esqueci}
      </div>
    </FormCard>
  );
}
