import { type AjusteData, type AjusteFormValues, ajusteFormSchema, parseMoney } from '@caderneta/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { MoneyPreview } from '@/components/money-preview';
import { Input } from '@/components/ui/input';
import { applyIssuesToForm, toastError } from '@/lib/api-client';
import { useFormatters } from '@/lib/format';
import { useLastPresent } from '@/lib/use-last-present';
import { cn } from '@/lib/utils';
import { useRegistrarAjuste } from '../api/registrar-ajuste';
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
  const registrar = useRegistrarAjuste();
  const shownCliente = useLastPresent(cliente);
  const resolver = useMemo(() => zodResolver(ajusteFormSchema(fmt.locale)), [fmt.locale]);
  const form = useForm<AjusteFormValues, unknown, AjusteData>({ resolver, defaultValues: empty() });
  const [tipo, valor] = useWatch({ control: form.control, name: ['tipo', 'valor'] });

  useEffect(() => {
    if (cliente) form.reset(empty());
  }, [cliente, form]);

  async function onSubmit(data: AjusteData) {
    if (!cliente) return;
    try {
      const result = await registrar.mutateAsync({ clienteId: cliente.id, input: data });
      toast.success(t('toast.ajusteOk'), { description: resultadoTexto(t, result.resultado, fmt.money) });
      onOpenChange(false);
    } catch (error) {
      if (!applyIssuesToForm(error, form.setError, ['tipo', 'valor', 'motivo'])) toastError(error, 'financeiro:toast.ajusteErro');
    }
  }

  const cents = parseMoney(valor ?? '', fmt.locale);
  const novo = cliente && cents && cents > 0 ? cliente.saldoAtual + (tipo === 'credito' ? cents : -cents) : null;
  const busy = form.formState.isSubmitting;
  const signed = (c: number) => (c < 0 ? `−${fmt.money(-c)}` : fmt.money(c));

  return (
    <Dialog open={!!cliente} onOpenChange={(open) => !busy && onOpenChange(open)}>
      <DialogContent className="max-h-[calc(100svh-2rem)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{t('ajuste.title')}</DialogTitle>
          <DialogDescription>{t('ajuste.description', { nome: shownCliente?.nome ?? '' })}</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={form.handleSubmit(onSubmit)} noValidate className="grid gap-4">
            <FormField
              control={form.control}
              name="tipo"
              render={({ field }) => (
                <fieldset className="grid gap-2">
                  <legend className="mb-2 text-sm font-medium">{t('ajuste.tipo')}</legend>
                  {(['debito', 'credito'] as const).map((option) => (
                    <label
                      key={option}
                      className={cn(
                        'flex cursor-pointer items-center gap-3 rounded-md border px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-primary/5',
                      )}
                    >
                      <input
                        type="radio"
                        name={field.name}
                        value={option}
                        checked={field.value === option}
                        onChange={() => field.onChange(option)}
                        className="accent-primary"
                      />
                      {t(`ajuste.${option}`)}
                    </label>
                  ))}
                </fieldset>
              )}
            />
            <FormField
              control={form.control}
              name="valor"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{t('ajuste.valor')}</FormLabel>
                  <FormControl>
                    <Input inputMode="decimal" autoComplete="off" aria-required="true" className="max-w-48 text-right tabular-nums" placeholder={t('pagamento.valorPlaceholder')} {...field} />
                  </FormControl>
                  <MoneyPreview text={field.value} />
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="motivo"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{t('ajuste.motivo')}</FormLabel>
                  <FormControl>
                    <Input autoComplete="off" aria-required="true" maxLength={200} placeholder={t('ajuste.motivoPlaceholder')} {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            {cliente && novo !== null && (
              <p className="rounded-md bg-muted px-3 py-2 text-sm tabular-nums" aria-live="polite" data-testid="confirmacao">
                {t(tipo === 'credito' ? 'ajuste.confirmacaoCredito' : 'ajuste.confirmacaoDebito', { valor: fmt.money(cents ?? 0), atual: signed(cliente.saldoAtual), novo: signed(novo) })}
              </p>
            )}
            <DialogFooter>
              <Button type="button" variant="outline" disabled={busy} onClick={() => onOpenChange(false)}>
                {t('ajuste.cancel')}
              </Button>
              <Button type="submit" disabled={busy}>
                {busy ? t('ajuste.submitting') : t('ajuste.submit')}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
