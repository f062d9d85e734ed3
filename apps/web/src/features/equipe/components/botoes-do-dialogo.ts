import type { TFunction } from 'i18next';

/** The dialogs of Equipe whose form sends (equipe.json `<chave>.submit` and `.submitting`). */
type DialogoDeEnvio = 'convidar' | 'criarLogin' | 'editar' | 'senha';

/** A form dialog's three buttons' words in Equipe: "Cancelar", its own action, and that action under way. */
export const botoesDoDialogo = (t: TFunction<'equipe'>, chave: DialogoDeEnvio) => ({
  cancelLabel: t('form.cancel'),
  submitLabel: t(`${chave}.submit`),
  busyLabel: t(`${chave}.submitting`),
});
