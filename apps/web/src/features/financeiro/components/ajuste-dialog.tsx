import { type AjusteData, type AjusteFormValues, ajusteFormSchema, parseMoney } from '@caderneta/shared';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form-dialog';
import { InputField, RadioCardsField } from '@/components/form-fields';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useFormatters } from '@/lib/format';
import { submitForm } from '@/lib/submit-form';
import { useDialogForm } from '@/lib/use-dialog-form';
import { useLastPresent } from '@/lib/use-last-present';
import { useCreateAjuste } from '../api/create-ajuste';
import { useChavePorAbertura } from '@/lib/idempotency-key';
import { Confirmacao } from './confirmacao';
import { resultadoTexto } from './resultado-texto';
import type { ClienteSaldo } from './types';

interface AjusteDialogProps {
  cliente: ClienteSaldo | null;
  onOpenChange: (open: boolean) => void;
}

const empty = (): AjusteFormValues => ({ tipo: 'debito', valor: '', motivo: '' });

/** A manual credit or debit with its reason, previewing the balance it leads to. */
export function AjusteDialog({ cliente, onOpenChange }: AjusteDialogProps) {
  const { t } = useTranslation('financeiro');
  const fmt = useFormatters();
  const registrar = useCreateAjuste();
  const shownCliente = useLastPresent(cliente);
  const form = useDialogForm({ schema: ajusteFormSchema, open: !!cliente, record: cliente, values: empty });
  const [tipo, valor] = useWatch({ control: form.control, name: ['tipo', 'valor'] });
  const chave = useChavePorAbertura(cliente);


  function onSubmit(data: AjusteData) {
    if (!cliente) return;
    return submitForm(form.setError, () => registrar.mutateAsync({ clienteId: cliente.id, input: { ...data, chave: chave.current } }), {
      fields: ['tipo', 'valor', 'motivo'],
      errorTitle: 'financeiro:toast.ajusteErro',
      toastFieldIssues: false,
      // The answer may be lost after the entry was saved: the dialog's key makes a retry safe.
      errorDescription: (error) => (isApiError(error, 'NETWORK') ? t('toast.semResposta') : errorMessage(error)),
      success: (result) => ({ title: t('toast.ajusteOk'), description: resultadoTexto(t, result.resultado, fmt.money) }),
      onSuccess: () => onOpenChange(false),
    });
  }

  const cents = parseMoney(valor ?? '', fmt.locale);
  const novo = cliente && cents && cents > 0 ? cliente.saldoAtual + (tipo === 'credito' ? cents : -cents) : null;
  const signed = (c: number) => (c < 0 ? `−${fmt.money(-c)}` : fmt.money(c));

  return (
    <FormDialog
      open={!!cliente}
      onOpenChange={onOpenChange}
      title={t('ajuste.title')}
      description={t('ajuste.description', { nome: shownCliente?.nome ?? '' })}
      form={form}
      onSubmit={onSubmit}
      cancelLabel={t('ajuste.cancel')}
      submitLabel={t('ajuste.submit')}
      busyLabel={t('ajuste.submitting')}
    >
      <RadioCardsField
        control={form.control}
        name="tipo"
        legend={t('ajuste.tipo')}
        options={(['debito', 'credito'] as const).map((option) => ({ value: option, label: t(`ajuste.${option}`) }))}
      />
      <InputField
        control={form.control}
        name="valor"
        label={t('ajuste.valor')}
        inputMode="decimal"
        autoComplete="off"
        aria-required="true"
        className="max-w-48 text-right tabular-nums"
        placeholder={t('pagamento.valorPlaceholder')}
        moneyPreview
      />
      <InputField control={form.control} name="motivo" label={t('ajuste.motivo')} autoComplete="off" aria-required="true" maxLength={200} placeholder={t('ajuste.motivoPlaceholder')} />
      {cliente && novo !== null && (
        <Confirmacao>
          {t(tipo === 'credito' ? 'ajuste.confirmacaoCredito' : 'ajuste.confirmacaoDebito', { valor: fmt.money(cents ?? 0), atual: signed(cliente.saldoAtual), novo: signed(novo) })}
        </Confirmacao>
      )}
    </FormDialog>
  );
}
