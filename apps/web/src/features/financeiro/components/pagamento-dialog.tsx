import {
  centsToInput,
  METODOS_PAGAMENTO_MANUAL,
  type PagamentoData,
  type PagamentoFormValues,
  pagamentoFormSchema,
  parseMoney,
} from '@caderneta/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useRef } from 'react';
import { type FieldErrors, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { MoneyPreview } from '@/components/money-preview';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { ApiError, applyIssuesToForm, errorMessage } from '@/lib/api-client';
import { useFormatters } from '@/lib/format';
import { useLastPresent } from '@/lib/use-last-present';
import { useRegistrarPagamento } from '../api/registrar-pagamento';
import { newIdempotencyKey } from '../uuid';
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
  const { t } = useTranslation('financeiro');
  const fmt = useFormatters();
  const navigate = useNavigate();
  const registrar = useRegistrarPagamento();
  const chave = useRef('');
  const shownCliente = useLastPresent(cliente);
  const resolver = useMemo(() => zodResolver(pagamentoFormSchema(fmt.locale)), [fmt.locale]);
  const form = useForm<PagamentoFormValues, unknown, PagamentoData>({ resolver, defaultValues: empty() });
  const valor = useWatch({ control: form.control, name: 'valor' });

  useEffect(() => {
    if (cliente) {
      form.reset(empty());
      // One key per opening: a retried request (flaky network) does not pay twice.
      chave.current = newIdempotencyKey();
    }
  }, [cliente, form]);

  function valorInvalido() {
    toast.error(t('toast.valorInvalido'), { description: t('toast.valorInvalidoDescription') });
  }

  async function onSubmit(data: PagamentoData) {
    if (!cliente) return;
    try {
      const result = await registrar.mutateAsync({
        clienteId: cliente.id,
        input: { valor: data.valor, metodo: data.metodo, observacao: data.observacao, chave: chave.current },
      });
      toast.success(t('toast.pagamentoOk'), {
        description: resultadoTexto(t, result.resultado, fmt.money),
        action: { label: t('toast.verRecibo'), onClick: () => void navigate(`/recibos/${result.lancamento.id}`) },
      });
      onOpenChange(false);
    } catch (error) {
      if (applyIssuesToForm(error, form.setError, ['valor', 'metodo', 'observacao'])) {
        if (error instanceof ApiError && error.issues.some((i) => i.path === 'valor')) valorInvalido();
        return;
      }
      const known = error instanceof ApiError && !['INTERNAL', 'NETWORK'].includes(error.code);
      toast.error(t('toast.pagamentoErro'), { description: known ? errorMessage(error) : t('toast.pagamentoErroDescription') });
    }
  }

  function onInvalid(errors: FieldErrors<PagamentoFormValues>) {
    if (errors.valor) valorInvalido();
  }

  const busy = form.formState.isSubmitting;
  const cents = parseMoney(valor ?? '', fmt.locale);
  const signed = (c: number) => (c < 0 ? `−${fmt.money(-c)}` : fmt.money(c));
  return (
    <Dialog open={!!cliente} onOpenChange={(open) => !busy && onOpenChange(open)}>
      <DialogContent className="max-h-[calc(100svh-2rem)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{t('pagamento.title')}</DialogTitle>
          <DialogDescription>{t('pagamento.description', { nome: shownCliente?.nome ?? '' })}</DialogDescription>
        </DialogHeader>
        {cliente && <SaldoLinha cliente={cliente} />}
        <Form {...form}>
          <form onSubmit={form.handleSubmit(onSubmit, onInvalid)} noValidate className="grid gap-4">
            <FormField
              control={form.control}
              name="valor"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{t('pagamento.valor')}</FormLabel>
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
                        onClick={() =>
                          form.setValue('valor', centsToInput(cliente.saldoPendente, fmt.decimalSeparator), { shouldValidate: true })
                        }
                      >
                        {t('pagamento.quitarTudo', { valor: fmt.money(cliente.saldoPendente) })}
                      </Button>
                    )}
                  </div>
                  <MoneyPreview text={field.value} />
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="metodo"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{t('pagamento.metodo')}</FormLabel>
                  <FormControl>
                    <NativeSelect {...field}>
                      {METODOS_PAGAMENTO_MANUAL.map((m) => (
                        <option key={m} value={m}>
                          {t(`metodos.${m}`)}
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
              name="observacao"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{t('pagamento.observacao')}</FormLabel>
                  <FormControl>
                    <Input autoComplete="off" maxLength={200} placeholder={t('pagamento.observacaoPlaceholder')} {...field} value={field.value ?? ''} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            {cliente && cents !== null && cents > 0 && (
              <p className="rounded-md bg-muted px-3 py-2 text-sm tabular-nums" aria-live="polite" data-testid="confirmacao">
                {t('pagamento.confirmacao', { valor: fmt.money(cents), saldo: signed(cliente.saldoAtual + cents) })}
              </p>
            )}
            <DialogFooter>
              <Button type="button" variant="outline" disabled={busy} onClick={() => onOpenChange(false)}>
                {t('pagamento.cancel')}
              </Button>
              <Button type="submit" disabled={busy}>
                {busy ? t('pagamento.submitting') : t('pagamento.submit')}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
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
