import { CURRENCIES, sistemaInputSchema, type Configuracoes, type SistemaInput } from '@caderneta/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BusyForm } from '@/components/form-card';
import { useReportDirty } from '@/components/unsaved-changes';
import { SelectField, SwitchField } from '@/components/form-fields';
import { LANGUAGE_NAMES, SUPPORTED_LANGUAGES } from '@/lib/i18n';
import { useUpdateConfiguracoes } from '../api/update-configuracoes';
import { salvarSecao, SaveButton, Secao } from './secao';

/** Sistema › Preferências: currency (formatting only), language and the automatic backup switch. */
export function SistemaSecao() {
  const { t } = useTranslation('configuracoes');
  return (
    <Secao title={t('sistema.title')} description={t('sistema.description')}>
      {(config) => <SistemaForm sistema={config.sistema} />}
    </Secao>
  );
}

function SistemaForm({ sistema }: { sistema: Configuracoes['sistema'] }) {
  const { t } = useTranslation('configuracoes');
  const salvar = useUpdateConfiguracoes('sistema');
  const form = useForm<SistemaInput>({ resolver: zodResolver(sistemaInputSchema), defaultValues: sistema });
  useReportDirty(form.formState.isDirty);

  // The session reloads with the new language and currency; the app follows it.
  const onSubmit = (input: SistemaInput) =>
    salvarSecao(form.setError, () => salvar.mutateAsync(input), { success: t('toast.saved'), onSaved: (saved) => form.reset(saved.sistema) });

  const busy = form.formState.isSubmitting;
  return (
    <BusyForm form={form} onSubmit={onSubmit} busy={busy}>
      <SelectField control={form.control} name="moeda" label={t('sistema.moeda')} description={t('sistema.moedaHint')}>
        {CURRENCIES.map((moeda) => (
          <option key={moeda} value={moeda}>
            {t(`sistema.moedas.${moeda}`)}
          </option>
        ))}
      </SelectField>
      <SelectField control={form.control} name="idioma" label={t('sistema.idioma')}>
        {SUPPORTED_LANGUAGES.map((lng) => (
          <option key={lng} value={lng} lang={lng}>
            {LANGUAGE_NAMES[lng]}
          </option>
        ))}
      </SelectField>
      <SwitchField control={form.control} name="backupAutomatico" label={t('sistema.backupAutomatico')} description={t('sistema.backupAutomaticoHint')} />
      <SaveButton busy={busy} />
    </BusyForm>
  );
}
