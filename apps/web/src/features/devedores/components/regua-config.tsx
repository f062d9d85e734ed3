import { DIAS_DA_SEMANA, parseInteger, reguaInputSchema, type CobrancaConfig, type ReguaData } from '@caderneta/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Field, InputField, SelectField, SubmitButton, SwitchField } from '@/components/form-fields';
import { ListLoading } from '@/components/empty-state';
import { LoadError } from '@/components/load-error';
import { useReportDirty } from '@/components/unsaved-changes';
import { FormCard } from '@/components/form-card';
import { FormControl } from '@/components/ui/form';
import { useFormatters } from '@/lib/format';
import { submitForm } from '@/lib/submit-form';
import { useCobranca } from '../api/get-cobranca';
import { useUpdateRegua } from '../api/update-regua';

/** The form holds the hours and the cap as typed (text); they become numbers when it is sent. */
interface Valores {
  ativa: boolean;
  dias: number[];
  inicio: string;
  fim: string;
  limiteDiario: string;
}

const FIELDS = ['ativa', 'dias', 'inicio', 'fim', 'limiteDiario'] as const;
/** The window's two hours: it opens at 00:00–23:00 and closes at 01:00–24:00. */
const JANELA = [
  ['inicio', Array.from({ length: 24 }, (_, h) => h)],
  ['fim', Array.from({ length: 24 }, (_, h) => h + 1)],
] as const;

const valoresDe = ({ regua }: CobrancaConfig): Valores => ({ ...regua, inicio: String(regua.inicio), fim: String(regua.fim), limiteDiario: String(regua.limiteDiario) });

/**
 * Configurações → Mensagens → "Régua automática" (issue 38, item 3; docs/decisions/045): whether the
 * reminders go by themselves to the customers who consented, on which weekdays and hours, and how
 * many a day at most; what the steps are and when the régua stops, in plain words.
 */
export function ReguaConfig() {
  const { t } = useTranslation('devedores');
  const query = useCobranca();
  if (query.isPending) return <ListLoading text={t('regua.loading')} />;
  if (!query.data) return <LoadError title={t('regua.loadError')} error={query.error} onRetry={() => void query.refetch()} />;
  return <Formulario config={query.data} />;
}

function Formulario({ config }: { config: CobrancaConfig }) {
  const { t } = useTranslation('devedores');
  const fmt = useFormatters();
  const salvar = useUpdateRegua();
  // The hours and the cap as numbers (the cap by the interface language's digits), then the shared rules.
  const schema = useMemo(
    () =>
      z
        .object({ ativa: z.boolean(), dias: z.array(z.number()), inicio: z.string(), fim: z.string(), limiteDiario: z.string() })
        .transform((v) => ({ ...v, inicio: Number(v.inicio), fim: Number(v.fim), limiteDiario: parseInteger(v.limiteDiario, fmt.locale) ?? Number.NaN }))
        .pipe(reguaInputSchema),
    [fmt.locale],
  );
  const form = useForm<Valores, unknown, ReguaData>({ resolver: zodResolver(schema), defaultValues: valoresDe(config) });
  useReportDirty(form.formState.isDirty);
  const busy = form.formState.isSubmitting;
  // The step before the due date is the "Lembrete antes do vencimento" set above (off: none).
  const antecedencia = config.lembreteAntecipado ? config.diasAntecedencia : 0;
  const hora = (h: number) => `${String(h).padStart(2, '0')}:00`;

  const onSubmit = (input: ReguaData) =>
    submitForm(form.setError, () => salvar.mutateAsync(input), {
      fields: FIELDS,
      errorTitle: 'devedores:regua.erroSalvar',
      success: (salvo) => (salvo.regua.ativa ? t('regua.ligada') : t('regua.salva')),
      onSuccess: (salvo) => form.reset(valoresDe(salvo)),
    });

  return (
    <FormCard title={t('regua.titulo')} description={t('regua.descricao')} form={form} onSubmit={onSubmit} busy={busy}>
      <SwitchField control={form.control} name="ativa" label={t('regua.ativa')} description={t('regua.ativaHint')} />
      <Field control={form.control} name="dias" label={t('regua.dias')} description={t('regua.diasHint')}>
        {(field) => (
          <FormControl>
            <div role="group" aria-label={t('regua.dias')} className="flex flex-wrap gap-2">
              {DIAS_DA_SEMANA.map((dia) => {
                const marcado = field.value.includes(dia);
                return (
                  <label key={dia} className="flex min-h-11 min-w-14 cursor-pointer items-center justify-center gap-2 rounded-md border px-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/10">
                    <input
                      type="checkbox"
                      className="size-4 accent-primary"
                      checked={marcado}
                      onBlur={field.onBlur}
                      onChange={() => field.onChange(marcado ? field.value.filter((d: number) => d !== dia) : [...field.value, dia].sort((a, b) => a - b))}
                    />
                    {t(`regua.semana.${dia}`)}
                  </label>
                );
              })}
            </div>
          </FormControl>
        )}
      </Field>
      <div className="grid grid-cols-2 gap-3">
        {JANELA.map(([name, horas]) => (
          <SelectField key={name} control={form.control} name={name} label={t(`regua.${name}`)}>
            {horas.map((h) => (
              <option key={h} value={String(h)}>
                {hora(h)}
              </option>
            ))}
          </SelectField>
        ))}
      </div>
      <InputField control={form.control} name="limiteDiario" label={t('regua.limiteDiario')} description={t('regua.limiteDiarioHint')} inputMode="numeric" autoComplete="off" className="max-w-32 tabular-nums" />
      <div className="grid gap-1 rounded-md border bg-muted/40 p-3 text-sm text-muted-foreground">
        <p>{t('regua.etapas', { count: antecedencia, dias: antecedencia })}</p>
        {!config.lembreteAntecipado && <p>{t('regua.semAntes')}</p>}
        <p>{t('regua.para')}</p>
        <p>{t('regua.canais')}</p>
      </div>
      <div>
        <SubmitButton busy={busy} label={t('regua.salvar')} busyLabel={t('regua.salvando')} />
      </div>
    </FormCard>
  );
}
