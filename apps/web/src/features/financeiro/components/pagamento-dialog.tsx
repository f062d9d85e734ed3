import {
  centsToInput,
  METODOS_PAGAMENTO_MANUAL,
  type PagamentoData,
  type PagamentoFormValues,
  pagamentoFormSchema,
  parseMoney,
} from '@caderneta/shared';
import { type FieldErrors, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormDialog } from '@/components/form-dialog';
import { Field, InputField } from '@/components/form-fields';
import { MoneyPreview } from '@/components/money-preview';
import { FormControl } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { errorMessage, isApiError } from '@/lib/api-client';
import { useFormatters } from '@/lib/format';
import { submitForm, toastRefused } from '@/lib/submit-form';
import { useDialogForm } from '@/lib/use-dialog-form';
import { useLastPresent } from '@/lib/use-last-present';
import { useRegistrarPagamento } from '../api/create-pagamento';
import { useChavePorAbertura } from '@/lib/idempotency-key';
import { Confirmacao } from './confirmacao';
import { resultadoTexto } from './resultado-texto';
import type { ClienteSaldo } from './types';

interface PagamentoDialogProps {
  cliente: ClienteSaldo | null;
  onOpenChange: (open: boolean) => void;
}

const empty = (): PagamentoFormValues => ({ valor: '', metodo: 'dinheiro', observacao: '' });

/**
 * "Registrar pagamento": amount typed by the rules of the interface language (shown back as it will
 * be saved), method, optional note; a line confirms the amount and the balance it leads to before
 * saving. The answer says what is still owed, the credit left, or "Débito totalmente quitado!", and
 * links to the receipt.
 */
export function PagamentoDialog({ cliente, onOpenChange }: PagamentoDialogProps) {
  const { t } = useTranslation(['financeiro', 'offline']);
  const fmt = useFormatters();
  const navigate = useNavigate();
  const registrar = useRegistrarPagamento();
  const chave = useChavePorAbertura(cliente);
  const shownCliente = useLastPresent(cliente);
  const form = useDialogForm({ schema: pagamentoFormSchema, open: !!cliente, record: cliente, values: empty });
  const valor = useWatch({ control: form.control, name: 'valor' });


  function valorInvalido() {
    toastRefused({ title: t('toast.valorInvalido'), description: t('toast.valorInvalidoDescription') });
  }

  function onSubmit(data: PagamentoData) {
    if (!cliente) return;
    const input = { valor: data.valor, metodo: data.metodo, observacao: data.observacao, chave: chave.current };
    const pagamento = { clienteId: cliente.id, clienteNome: cliente.nome, valor: data.valor, input: { ...input, chave: chave.current } };
    return submitForm(form.setError, () => registrar.mutateAsync(pagamento), {
      fields: ['valor', 'metodo', 'observacao'],
      errorTitle: 'financeiro:toast.pagamentoErro',
      // An unexpected failure says "try again"; a refusal says why. (No answer at all is not an
      // error: the payment waits on the device, useRegistrarPagamento.)
      errorDescription: (error) => (isApiError(error) && error.code !== 'INTERNAL' ? errorMessage(error) : t('toast.pagamentoErroDescription')),
      onError: (error, onFields) => {
        if (onFields && isApiError(error) && error.issues.some((i) => i.path === 'valor')) valorInvalido();
        return onFields;
      },
      success: (result) =>
        'guardado' in result
          ? // No connection: kept on the device, credited there, sent when it returns (offline/saida.ts).
            { title: t('offline:pagamento.guardado'), description: t('offline:pagamento.guardadoDescription', { valor: fmt.money(result.guardado.valor), nome: result.guardado.clienteNome }) }
          : {
              title: t('toast.pagamentoOk'),
              description: resultadoTexto(t, result.lancamento.resultado, fmt.money),
              action: { label: t('toast.verRecibo'), onClick: () => void navigate(`/recibos/${result.lancamento.lancamento.id}`) },
            },
      onSuccess: () => onOpenChange(false),
    });
  }

  function onInvalid(errors: FieldErrors<PagamentoFormValues>) {
    if (errors.valor) valorInvalido();
  }

  const cents = parseMoney(valor ?? '', fmt.locale);
  const signed = (c: number) => (c < 0 ? `−${fmt.money(-c)}` : fmt.money(c));
  return (
    <FormDialog
      open={!!cliente}
      onOpenChange={onOpenChange}
      title={t('pagamento.title')}
      description={t('pagamento.description', { nome: shownCliente?.nome ?? '' })}
      intro={cliente && <SaldoLinha cliente={cliente} />}
      form={form}
      onSubmit={onSubmit}
      onInvalid={onInvalid}
      cancelLabel={t('pagamento.cancel')}
      submitLabel={t('pagamento.submit')}
      busyLabel={t('pagamento.submitting')}
    >
      <Field control={form.control} name="valor" label={t('pagamento.valor')}>
        {(field) => (
          <>
            <div className="flex flex-wrap gap-2">
              <FormControl>
                <Input
                  inputMode="decimal"
                  autoComplete="off"
                  aria-required="true"
                  className="max-w-48 flex-1 text-right tabular-nums"
                  placeholder={t('pagamento.valorPlaceholder')}
                  {...field}
                />
              </FormControl>
              {cliente && cliente.saldoPendente > 0 && (
                <Button
                  type="button"
                  variant="outline"
                  onClick={() => form.setValue('valor', centsToInput(cliente.saldoPendente, fmt.decimalSeparator), { shouldValidate: true, shouldDirty: true })}
                >
                  {t('pagamento.quitarTudo', { valor: fmt.money(cliente.saldoPendente) })}
                </Button>
              )}
            </div>
            <MoneyPreview text={field.value} />
          </>
        )}
      </Field>
      <Field control={form.control} name="metodo" label={t('pagamento.metodo')}>
        {(field) => (
          <FormControl>
            <NativeSelect {...field}>
              {METODOS_PAGAMENTO_MANUAL.map((m) => (
                <option key={m} value={m}>
                  {t(`metodos.${m}`)}
                </option>
              ))}
            </NativeSelect>
          </FormControl>
        )}
      </Field>
      <InputField control={form.control} name="observacao" label={t('pagamento.observacao')} autoComplete="off" maxLength={200} placeholder={t('pagamento.observacaoPlaceholder')} />
      {cliente && cents !== null && cents > 0 && (
        <Confirmacao>{t('pagamento.confirmacao', { valor: fmt.money(cents), saldo: signed(cliente.saldoAtual + cents) })}</Confirmacao>
      )}
    </FormDialog>
  );
}

/** "Deve R$ 30,00" / "Crédito de R$ 5,00" / "Em dia", in the colours of the customer list. */
export function SaldoLinha({ cliente }: { cliente: ClienteSaldo }) {
  const { t } = useTranslation('financeiro');
  const fmt = useFormatters();
  if (cliente.saldoPendente > 0) {
    return <p className="text-lg font-semibold text-destructive tabular-nums">{t('saldo.deve', { valor: fmt.money(cliente.saldoPendente) })}</p>;
  }
  if (cliente.saldoAtual > 0) {
    return <p className="text-lg font-semibold text-emerald-700 tabular-nums dark:text-emerald-400">{t('saldo.credito', { valor: fmt.money(cliente.saldoAtual) })}</p>;
  }
  return <p className="text-lg font-semibold text-emerald-700 dark:text-emerald-400">{t('saldo.emDia')}</p>;
}
