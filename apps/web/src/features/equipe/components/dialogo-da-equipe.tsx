import type { ComponentProps, ReactNode } from 'react';
import type { FieldPath, FieldValues, UseFormReturn } from 'react-hook-form';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form-dialog';
import { InputField } from '@/components/form-fields';
import { submitForm, type SubmitFormOptions } from '@/lib/submit-form';

/** The dialogs of Equipe whose form sends (equipe.json `<chave>.submit`, `.submitting` and `.error`). */
type DialogoDeEnvio = 'convidar' | 'criarLogin' | 'editar' | 'senha';

type FormDialogProps<V extends FieldValues, T> = ComponentProps<typeof FormDialog<V, T>>;

/**
 * A form dialog of Equipe: "Cancelar", its own action and that action under way in its words;
 * `largo` for the dialogs with the access fields.
 */
export function DialogoDaEquipe<V extends FieldValues, T>({
  chave,
  largo = false,
  ...props
}: { chave: DialogoDeEnvio; largo?: boolean } & Omit<FormDialogProps<V, T>, 'cancelLabel' | 'submitLabel' | 'busyLabel' | 'className'>) {
  const { t } = useTranslation('equipe');
  return <FormDialog {...props} cancelLabel={t('form.cancel')} submitLabel={t(`${chave}.submit`)} busyLabel={t(`${chave}.submitting`)} className={largo ? 'sm:max-w-xl' : undefined} />;
}

/** Sends an Equipe dialog's form (lib/submit-form.ts): its error toast says `<chave>.error`. */
export function enviarDaEquipe<V extends FieldValues, R>(
  form: UseFormReturn<V, unknown, unknown>,
  chave: DialogoDeEnvio,
  send: () => Promise<R>,
  options: Omit<SubmitFormOptions<V, R>, 'errorTitle'> & { fields: readonly FieldPath<V>[] },
) {
  return submitForm(form.setError, send, { ...options, errorTitle: `equipe:${chave}.error` });
}

/** The person's name, as the invitation and the login without e-mail ask it. */
export function CampoNome() {
  const { t } = useTranslation('equipe');
  const { control } = useFormContext<{ nome: string }>();
  return <InputField control={control} name="nome" label={t('form.nome')} asterisk required autoComplete="off" placeholder={t('form.placeholders.nome')} />;
}

/** A password the owner sets and hands over, typed twice (a new login, or a reset). */
export function CamposDeSenha({ rotulos }: { rotulos: { senha: ReactNode; confirmar: ReactNode } }) {
  const { t } = useTranslation('equipe');
  const { control } = useFormContext<{ senha: string; confirmarSenha: string }>();
  return (
    <>
      <InputField control={control} name="senha" label={rotulos.senha} description={t('form.senhaHint')} asterisk required type="password" autoComplete="new-password" />
      <InputField control={control} name="confirmarSenha" label={rotulos.confirmar} asterisk required type="password" autoComplete="new-password" />
    </>
  );
}
