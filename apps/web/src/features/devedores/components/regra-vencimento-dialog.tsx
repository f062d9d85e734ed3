import {
  DIA_VENCIMENTO_MAX,
  regraVencimentoFormSchema,
  TIPOS_REGRA_VENCIMENTO,
  vencimentoPelaRegra,
  type CobrancaConfig,
  type RegraVencimentoData,
  type RegraVencimentoFormValues,
} from '@caderneta/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ListLoading } from '@/components/empty-state';
import { FormDialog } from '@/components/form-dialog';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { DateInputField, InputField, RadioCardsField, SelectField } from '@/components/form-fields';
import { useFormatters } from '@/lib/format';
import { submitForm } from '@/lib/submit-form';
import { useFormAoAbrir } from '@/lib/use-form-ao-abrir';
import { useUpdateRegra } from '../api/update-regra';

interface RegraVencimentoDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  config: CobrancaConfig | undefined;
}

const toForm = (config: CobrancaConfig): RegraVencimentoFormValues => ({
  tipo: config.regra.tipo,
  diaVencimento: String(config.regra.diaVencimento),
  diasPrazo: String(config.regra.diasPrazo),
  dataFixa: config.regra.dataFixa ?? '',
});

const DIAS = Array.from({ length: DIA_VENCIMENTO_MAX }, (_, i) => String(i + 1));

/** "Configurar Vencimento": the seller's rule, saved on the server; the list follows it at once. */
export function RegraVencimentoDialog({ open, onOpenChange, config }: RegraVencimentoDialogProps) {
  const { t } = useTranslation('devedores');
  const fmt = useFormatters();
  const salvar = useUpdateRegra();
  const resolver = useMemo(() => zodResolver(regraVencimentoFormSchema(fmt.locale)), [fmt.locale]);
  // Filled from the settings each time it opens, and again if they arrive while it is open.
  const form = useFormAoAbrir<RegraVencimentoFormValues, RegraVencimentoData>(open && config, () => toForm(config!), {
    resolver,
    defaultValues: { tipo: 'proximo_mes', diaVencimento: '1', diasPrazo: '30', dataFixa: '' },
  });
  const valores = useWatch({ control: form.control });

  const onSubmit = (data: RegraVencimentoData) =>
    submitForm(form.setError, () => salvar.mutateAsync(data), {
      fields: ['tipo', 'diaVencimento', 'diasPrazo', 'dataFixa'],
      errorTitle: 'devedores:toast.salvarErro',
      success: () => ({ title: t('toast.regraSalva'), description: t('toast.regraSalvaDescription') }),
      onSuccess: () => onOpenChange(false),
    });

  // The rule applied to a purchase made today, as the seller fills the form in.
  const exemplo = (() => {
    if (!config) return null;
    const parsed = regraVencimentoFormSchema(fmt.locale).safeParse(valores);
    return parsed.success ? vencimentoPelaRegra(parsed.data, config.hoje) : null;
  })();
  const tipo = valores.tipo ?? 'proximo_mes';

  if (!config) {
    return (
      <Dialog open={open} onOpenChange={onOpenChange}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>{t('regra.title')}</DialogTitle>
            <DialogDescription>{t('regra.description')}</DialogDescription>
          </DialogHeader>
          <ListLoading text={t('regra.loading')} className="py-6" />
        </DialogContent>
      </Dialog>
    );
  }

  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={t('regra.title')}
      description={t('regra.description')}
      form={form}
      onSubmit={onSubmit}
      cancelLabel={t('regra.cancel')}
      submitLabel={t('regra.submit')}
      busyLabel={t('regra.submitting')}
    >
      <RadioCardsField
        control={form.control}
        name="tipo"
        legend={t('regra.tipo')}
        options={TIPOS_REGRA_VENCIMENTO.map((option) => ({ value: option, label: t(`regra.${option}`), hint: t(`regra.${option}Hint`) }))}
      />
      {tipo === 'proximo_mes' && (
        <SelectField control={form.control} name="diaVencimento" label={t('regra.diaVencimento')} className="max-w-32">
          {DIAS.map((dia) => (
            <option key={dia} value={dia}>
              {dia}
            </option>
          ))}
        </SelectField>
      )}
      {tipo === 'dias_fixos' && (
        <InputField
          control={form.control}
          name="diasPrazo"
          label={t('regra.diasPrazo')}
          description={t('regra.diasPrazoHint')}
          inputMode="numeric"
          autoComplete="off"
          maxLength={3}
          className="max-w-32 tabular-nums"
        />
      )}
      {tipo === 'data_fixa' && <DateInputField control={form.control} name="dataFixa" label={t('regra.dataFixa')} description={t('regra.dataFixaHint')} />}
      {exemplo && (
        <p className="rounded-md bg-muted px-3 py-2 text-sm" aria-live="polite">
          {t('regra.exemplo', { hoje: fmt.date(config.hoje), vencimento: fmt.date(exemplo) })}
        </p>
      )}
    </FormDialog>
  );
}
