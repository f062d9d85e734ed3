import {
  DIGITOS_CODIGO_BALANCA,
  FORMATO_ETIQUETA_PADRAO,
  FUSOS_HORARIOS,
  formatDocumento,
  formatPhone,
  lojaInputSchema,
  utcOffsetLabel,
  type Configuracoes,
  type FormatoEtiqueta,
  type LojaFormValues,
  type LojaInput,
} from '@caderneta/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { type Control, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BusyForm } from '@/components/form-card';
import { useReportDirty } from '@/components/unsaved-changes';
import { Field, InputField, PhoneField, SelectField } from '@/components/form-fields';
import { FormControl } from '@/components/ui/form';
import { NativeSelect } from '@/components/ui/native-select';
import { useUpdateConfiguracoes } from '../api/update-configuracoes';
import { salvarSecao, SaveButton, Secao } from './secao';

const FIELDS = ['nomeLoja', 'telefoneLoja', 'enderecoLoja', 'documento', 'fusoHorario', 'etiquetaBalanca.digitosCodigo', 'etiquetaBalanca.valor'] as const;

const toForm = (loja: Configuracoes['loja']): LojaFormValues => ({
  nomeLoja: loja.nomeLoja,
  telefoneLoja: formatPhone(loja.telefoneLoja),
  enderecoLoja: loja.enderecoLoja ?? '',
  documento: formatDocumento(loja.documento),
  fusoHorario: loja.fusoHorario as LojaFormValues['fusoHorario'],
  // A server from before the setting answers without it: the scales' most common format.
  etiquetaBalanca: loja.etiquetaBalanca ?? FORMATO_ETIQUETA_PADRAO,
});

/** The label's digits as the scale prints them: "2 CCCC VVVVVVV D" (13 digits: 2, the code, the value, the check digit). */
const layoutDaEtiqueta = (digitosCodigo: number) => `2 ${'C'.repeat(digitosCodigo)} ${'V'.repeat(11 - digitosCodigo)} D`;

/** Loja: store name, phone, address, CPF/CNPJ, time zone and how the counter scale prints its labels. */
export function LojaSecao() {
  const { t } = useTranslation('configuracoes');
  return (
    <Secao title={t('loja.title')} description={t('loja.description')}>
      {(config) => <LojaForm loja={config.loja} />}
    </Secao>
  );
}

function LojaForm({ loja }: { loja: Configuracoes['loja'] }) {
  const { t } = useTranslation('configuracoes');
  const salvar = useUpdateConfiguracoes('loja');
  const form = useForm<LojaFormValues, unknown, LojaInput>({ resolver: zodResolver(lojaInputSchema), defaultValues: toForm(loja) });
  useReportDirty(form.formState.isDirty);
  const now = new Date();
  // Cities whose name changes with the language (Nova York, New York, Nueva York); the others are the same in all three.
  const cidadeDoFuso = (fuso: (typeof FUSOS_HORARIOS)[number]) => t(`loja.cidadesFuso.${fuso.id}`, { defaultValue: fuso.cidade });

  const onSubmit = (input: LojaInput) =>
    salvarSecao(form.setError, () => salvar.mutateAsync(input), { fields: FIELDS, success: t('toast.saved'), onSaved: (saved) => form.reset(toForm(saved.loja)) });

  const busy = form.formState.isSubmitting;
  return (
    <BusyForm form={form} onSubmit={onSubmit} busy={busy}>
      <InputField control={form.control} name="nomeLoja" label={t('loja.nomeLoja')} autoComplete="organization" required />
      <PhoneField control={form.control} name="telefoneLoja" label={t('loja.telefoneLoja')} autoComplete="tel" placeholder={t('loja.telefoneLojaPlaceholder')} />
      <InputField control={form.control} name="enderecoLoja" label={t('loja.enderecoLoja')} autoComplete="street-address" />
      <InputField control={form.control} name="documento" label={t('loja.documento')} description={t('loja.documentoHint')} inputMode="numeric" />
      <SelectField control={form.control} name="fusoHorario" label={t('loja.fusoHorario')} description={t('loja.fusoHint')}>
        {FUSOS_HORARIOS.map((fuso) => (
          <option key={fuso.id} value={fuso.id}>
            {`${cidadeDoFuso(fuso)} (${utcOffsetLabel(fuso.id, now)})`}
          </option>
        ))}
      </SelectField>
      <EtiquetaBalanca control={form.control} />
      <SaveButton busy={busy} />
    </BusyForm>
  );
}

/**
 * How the counter scale prints its labels (issue 35, part 5): the digits of the product's code and
 * whether the value is the price charged or the weight, with the layout they give.
 */
function EtiquetaBalanca({ control }: { control: Control<LojaFormValues, unknown, LojaInput> }) {
  const { t } = useTranslation('configuracoes');
  const formato = (useWatch({ control, name: 'etiquetaBalanca' }) as FormatoEtiqueta | undefined) ?? FORMATO_ETIQUETA_PADRAO;
  return (
    <fieldset className="grid gap-4 rounded-md border p-4">
      <legend className="px-1 text-sm font-medium">{t('loja.balancaTitle')}</legend>
      <p className="text-sm text-muted-foreground">{t('loja.balancaDescription')}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        <Field control={control} name="etiquetaBalanca.digitosCodigo" label={t('loja.balancaDigitos')}>
          {(field) => (
            <FormControl>
              <NativeSelect {...field} value={String(field.value)} onChange={(event) => field.onChange(Number(event.target.value))}>
                {DIGITOS_CODIGO_BALANCA.map((n) => (
                  <option key={n} value={n}>
                    {t('loja.balancaDigitosOpcao', { digitos: n })}
                  </option>
                ))}
              </NativeSelect>
            </FormControl>
          )}
        </Field>
        <SelectField control={control} name="etiquetaBalanca.valor" label={t('loja.balancaValor')}>
          <option value="preco">{t('loja.balancaValorPreco')}</option>
          <option value="peso">{t('loja.balancaValorPeso')}</option>
        </SelectField>
      </div>
      <div className="grid gap-1 text-sm">
        <p>
          {t('loja.balancaExemplo')}{' '}
          <code className="font-mono tracking-wider">{layoutDaEtiqueta(formato.digitosCodigo)}</code>
        </p>
        <p className="text-muted-foreground">{formato.valor === 'peso' ? t('loja.balancaLegendaPeso') : t('loja.balancaLegendaPreco')}</p>
      </div>
    </fieldset>
  );
}
