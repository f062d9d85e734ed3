import {
  FUSOS_HORARIOS,
  formatDocumento,
  formatPhone,
  lojaInputSchema,
  utcOffsetLabel,
  type Configuracoes,
  type LojaFormValues,
  type LojaInput,
} from '@caderneta/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BusyFieldset } from '@/components/busy-fieldset';
import { useReportDirty } from '@/components/unsaved-changes';
import { InputField, PhoneField, SelectField } from '@/components/form-fields';
import { Form } from '@/components/ui/form';
import { useUpdateConfiguracoes } from '../api/update-configuracoes';
import { salvarSecao, SaveButton, Secao } from './secao';

const FIELDS = ['nomeLoja', 'telefoneLoja', 'enderecoLoja', 'documento', 'fusoHorario'] as const;

const toForm = (loja: Configuracoes['loja']): LojaFormValues => ({
  nomeLoja: loja.nomeLoja,
  telefoneLoja: formatPhone(loja.telefoneLoja),
  enderecoLoja: loja.enderecoLoja ?? '',
  documento: formatDocumento(loja.documento),
  fusoHorario: loja.fusoHorario as LojaFormValues['fusoHorario'],
});

/** Loja: store name, phone, address, CPF/CNPJ and time zone. */
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
    <Form {...form}>
      <form onSubmit={(event) => void form.handleSubmit(onSubmit)(event)} noValidate className="grid gap-4">
        <BusyFieldset busy={busy}>
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
          <SaveButton busy={busy} />
        </BusyFieldset>
      </form>
    </Form>
  );
}
