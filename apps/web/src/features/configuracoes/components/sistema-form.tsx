import { CURRENCIES, sistemaInputSchema, type Configuracoes, type SistemaInput } from '@caderneta/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BusyFieldset } from '@/components/busy-fieldset';
import { useReportDirty } from '@/components/unsaved-changes';
import { Button } from '@/components/ui/button';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { NativeSelect } from '@/components/ui/native-select';
import { Switch } from '@/components/ui/switch';
import { LANGUAGE_NAMES, SUPPORTED_LANGUAGES } from '@/lib/i18n';
import { useSalvarAba } from '../api/salvar';
import { salvarSecao, Secao } from './secao';

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
  const salvar = useSalvarAba('sistema');
  const form = useForm<SistemaInput>({ resolver: zodResolver(sistemaInputSchema), defaultValues: sistema });
  useReportDirty(form.formState.isDirty);

  // The session reloads with the new language and currency; the app follows it.
  const onSubmit = (input: SistemaInput) =>
    salvarSecao(form.setError, () => salvar.mutateAsync(input), { success: t('toast.saved'), onSaved: (saved) => form.reset(saved.sistema) });

  const busy = form.formState.isSubmitting;
  return (
    <Form {...form}>
      <form onSubmit={(event) => void form.handleSubmit(onSubmit)(event)} noValidate className="grid gap-4">
        <BusyFieldset busy={busy}>
          <FormField
            control={form.control}
            name="moeda"
            render={({ field }) => (
              <FormItem>
                <FormLabel>{t('sistema.moeda')}</FormLabel>
                <FormControl>
                  <NativeSelect {...field}>
                    {CURRENCIES.map((moeda) => (
                      <option key={moeda} value={moeda}>
                        {t(`sistema.moedas.${moeda}`)}
                      </option>
                    ))}
                  </NativeSelect>
                </FormControl>
                <FormDescription>{t('sistema.moedaHint')}</FormDescription>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="idioma"
            render={({ field }) => (
              <FormItem>
                <FormLabel>{t('sistema.idioma')}</FormLabel>
                <FormControl>
                  <NativeSelect {...field}>
                    {SUPPORTED_LANGUAGES.map((lng) => (
                      <option key={lng} value={lng} lang={lng}>
                        {LANGUAGE_NAMES[lng]}
                      </option>
                    ))}
                  </NativeSelect>
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="backupAutomatico"
            render={({ field }) => (
              <FormItem className="flex items-center justify-between gap-4">
                <div className="flex min-w-0 flex-col gap-1">
                  <FormLabel>{t('sistema.backupAutomatico')}</FormLabel>
                  <FormDescription>{t('sistema.backupAutomaticoHint')}</FormDescription>
                </div>
                <FormControl>
                  <Switch checked={field.value} onCheckedChange={field.onChange} onBlur={field.onBlur} name={field.name} ref={field.ref} />
                </FormControl>
              </FormItem>
            )}
          />
          <div>
            <Button type="submit" disabled={busy}>
              {busy ? t('saving') : t('save')}
            </Button>
          </div>
        </BusyFieldset>
      </form>
    </Form>
  );
}
