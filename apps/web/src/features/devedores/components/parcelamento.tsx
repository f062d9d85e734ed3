import {
  centsToInput,
  datasMensais,
  gerarParcelas,
  INTERVALO_PARCELAS_MAX,
  parcelamentoFormSchema,
  parseMoney,
  PARCELAS_MAX,
  PARCELAS_MIN,
  type DevedorDetalhe,
  type ParcelamentoDto,
  type ParcelamentoFormValues,
  type ParcelamentosDoCliente,
} from '@caderneta/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import CalendarRangeIcon from 'lucide-react/icons/calendar-range';
import { useEffect, useId, useMemo, useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BusyFieldset } from '@/components/busy-fieldset';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { DateField } from '@/components/date-field';
import { ListLoading } from '@/components/empty-state';
import { DateInputField, InputField } from '@/components/form-fields';
import { Button } from '@/components/ui/button';
import { Form } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { NativeSelect } from '@/components/ui/native-select';
import { errorMessage, toastError } from '@/lib/api-client';
import { translateDynamic } from '@/lib/i18n';
import { useFormatters } from '@/lib/format';
import { usePode } from '@/lib/permissoes';
import { submitForm } from '@/lib/submit-form';
import { toast } from '@/lib/toast';
import { cn } from '@/lib/utils';
import { useParcelamento, useUpdateParcelamento } from '../api/parcelamento';

/*
 * "Parcelamento" in Gerenciar dívida (issue 40, ADR 046): the customer's whole debt split into 2–24
 * instalments — monthly on a day or every N days, equal amounts with the remainder centavos on the
 * last, each date and amount editable — and the schedule in force, with "Renegociar" and "Desfazer".
 */

type Ritmo = 'mensal' | 'intervalo';

/** One schedule's instalments, each paid, partly paid or open. */
export function ListaDeParcelas({ parcelamento }: { parcelamento: ParcelamentoDto }) {
  const { t } = useTranslation('devedores');
  const fmt = useFormatters();
  const n = parcelamento.parcelas.length;
  return (
    <ol className="divide-y rounded-md border text-sm">
      {parcelamento.parcelas.map((p) => (
        <li key={p.numero} className="flex flex-wrap items-baseline justify-between gap-x-3 px-3 py-2">
          <span>{t('parcelamento.linha', { numero: p.numero, total: n, data: fmt.date(p.vencimento) })}</span>
          <span className={cn('tabular-nums', p.status === 'paga' ? 'text-emerald-700 dark:text-emerald-400' : 'font-medium')}>
            {fmt.money(p.valor)} · {p.status === 'paga' ? t('parcelamento.paga') : p.status === 'parcial' ? t('parcelamento.falta', { valor: fmt.money(p.aberto) }) : t('parcelamento.aberta')}
          </span>
        </li>
      ))}
    </ol>
  );
}

export function ParcelamentoSecao({ devedor }: { devedor: DevedorDetalhe }) {
  const { t } = useTranslation('devedores');
  const fmt = useFormatters();
  const consulta = useParcelamento(devedor.id);
  const atualizar = useUpdateParcelamento();
  const edita = usePode('editar_clientes');
  const [editando, setEditando] = useState(false);
  const [desfazendo, setDesfazendo] = useState(false);
  const tituloId = useId();

  const dados = consulta.data;
  const ativo = dados?.ativo ?? null;
  return (
    <section aria-labelledby={tituloId} className="grid gap-2">
      <h3 id={tituloId} className="text-sm font-semibold">
        {t('parcelamento.titulo')}
      </h3>
      {consulta.isPending ? (
        <ListLoading text={t('parcelamento.carregando')} />
      ) : consulta.isError ? (
        <p role="alert" className="text-sm text-destructive">
          {errorMessage(consulta.error)}
        </p>
      ) : editando ? (
        <ParcelamentoForm devedorId={devedor.id} dados={dados!} renegociar={ativo !== null} onFim={() => setEditando(false)} />
      ) : (
        <>
          {ativo ? (
            <>
              <p className="text-sm text-muted-foreground">{t('parcelamento.emVigor', { total: fmt.money(ativo.total), aberto: fmt.money(ativo.aberto), count: ativo.parcelas.length })}</p>
              <ListaDeParcelas parcelamento={ativo} />
            </>
          ) : (
            <p className="text-sm text-muted-foreground">{devedor.saldoPendente > 0 ? t('parcelamento.hint') : t('parcelamento.semDivida')}</p>
          )}
          {edita && devedor.saldoPendente > 0 && (
            <div className="grid grid-cols-1 gap-2 sm:flex sm:flex-wrap">
              <Button variant="outline" onClick={() => setEditando(true)}>
                <CalendarRangeIcon aria-hidden="true" />
                {ativo ? t('parcelamento.renegociar') : t('parcelamento.parcelar')}
              </Button>
              {ativo && (
                <Button variant="ghost" onClick={() => setDesfazendo(true)}>
                  {t('parcelamento.desfazer')}
                </Button>
              )}
            </div>
          )}
          {dados!.historico.length > 0 && (
            <details className="text-sm">
              <summary className="min-h-11 cursor-pointer py-2">{t('parcelamento.anteriores', { count: dados!.historico.length })}</summary>
              <ul className="grid gap-1">
                {dados!.historico.map((p) => (
                  <li key={p.id}>
                    {t(`parcelamento.encerrado.${p.estado === 'ativo' ? 'quitado' : p.estado}`, { data: fmt.date(p.encerradoEm ?? p.criadoEm), total: fmt.money(p.total), count: p.parcelas.length, aberto: fmt.money(p.aberto) })}
                  </li>
                ))}
              </ul>
            </details>
          )}
        </>
      )}
      <ConfirmDialog
        open={desfazendo}
        onOpenChange={setDesfazendo}
        title={t('parcelamento.desfazerTitulo')}
        description={t('parcelamento.desfazerTexto')}
        cancelLabel={t('parcelamento.voltar')}
        confirmLabel={t('parcelamento.desfazer')}
        busyLabel={t('parcelamento.salvando')}
        destructive
        onConfirm={() =>
          atualizar.mutateAsync({ id: devedor.id, input: null }).then(
            () => {
              toast.success(t('parcelamento.desfeito'));
              setDesfazendo(false);
            },
            (error: unknown) => toastError(error, 'devedores:parcelamento.erro'),
          )
        }
      />
    </section>
  );
}

/** The rows the rhythm proposes for the debt, as the form types them (`dia`: the day of the month, for `mensal`). */
function propostas(total: number, quantidade: number, primeira: string, ritmo: Ritmo, intervalo: number, dia: number, decimal: string) {
  return gerarParcelas({ total, quantidade, primeira, modo: ritmo, intervalo, dia }).map((p) => ({ vencimento: p.vencimento, valor: centsToInput(p.valor, decimal) }));
}

function ParcelamentoForm({ devedorId, dados, renegociar, onFim }: { devedorId: string; dados: ParcelamentosDoCliente; renegociar: boolean; onFim: () => void }) {
  const { t } = useTranslation('devedores');
  const fmt = useFormatters();
  const salvar = useUpdateParcelamento();
  const total = dados.saldoPendente;
  const [quantidade, setQuantidade] = useState(3);
  const [ritmo, setRitmo] = useState<Ritmo>('mensal');
  const [intervalo, setIntervalo] = useState('30');
  // A month from today, and every month on today's day after it (a 31st stays the 31st where it can).
  const [primeira, setPrimeira] = useState(() => datasMensais(dados.hoje, 2)[1]!);
  const [dia, setDia] = useState(() => Number(dados.hoje.slice(8)));
  const dias = Math.min(INTERVALO_PARCELAS_MAX, Math.max(1, Number.parseInt(intervalo, 10) || 30));
  const ids = { quantidade: useId(), ritmo: useId(), intervalo: useId(), primeira: useId() };

  const resolver = useMemo(() => zodResolver(parcelamentoFormSchema({ total, hoje: dados.hoje, locale: fmt.locale })), [total, dados.hoje, fmt.locale]);
  const form = useForm<ParcelamentoFormValues, unknown, ReturnType<ReturnType<typeof parcelamentoFormSchema>['parse']>>({
    resolver,
    defaultValues: { modo: 'mensal', parcelas: propostas(total, quantidade, primeira, ritmo, dias, dia, fmt.decimalSeparator) },
  });
  const linhas = useFieldArray({ control: form.control, name: 'parcelas' });
  const { replace } = linhas;
  // A new rhythm proposes its rows again (what was typed in them gives way to it).
  useEffect(() => {
    replace(propostas(total, quantidade, primeira, ritmo, dias, dia, fmt.decimalSeparator));
    form.setValue('modo', ritmo);
  }, [total, quantidade, primeira, ritmo, dias, dia, fmt.decimalSeparator, replace, form]);

  const valores = useWatch({ control: form.control, name: 'parcelas' });
  const soma = (valores ?? []).reduce((s, p) => s + (parseMoney(p.valor, fmt.locale) ?? 0), 0);
  const erroGeral = form.formState.errors.parcelas?.root?.message;

  const enviar = form.handleSubmit((input) =>
    submitForm(form.setError, () => salvar.mutateAsync({ id: devedorId, input }), {
      fields: linhas.fields.flatMap((_, i) => [`parcelas.${i}.vencimento`, `parcelas.${i}.valor`] as const),
      toastFieldIssues: false,
      errorTitle: 'devedores:parcelamento.erro',
      success: () => t(renegociar ? 'parcelamento.renegociado' : 'parcelamento.salvo'),
      onSuccess: onFim,
    }),
  );

  return (
    <Form {...form}>
      <form onSubmit={(event) => void enviar(event)} noValidate className="grid gap-3">
        <BusyFieldset busy={salvar.isPending}>
          <p className="text-sm">{t(renegociar ? 'parcelamento.renegociarHint' : 'parcelamento.formHint', { total: fmt.money(total) })}</p>
          <div className="grid grid-cols-1 gap-3 sm:grid-cols-2">
            <div className="grid gap-1.5">
              <Label htmlFor={ids.quantidade}>{t('parcelamento.quantidade')}</Label>
              <NativeSelect id={ids.quantidade} value={quantidade} onChange={(e) => setQuantidade(Number(e.target.value))}>
                {Array.from({ length: PARCELAS_MAX - PARCELAS_MIN + 1 }, (_, i) => PARCELAS_MIN + i).map((n) => (
                  <option key={n} value={n}>
                    {t('parcelamento.vezes', { count: n })}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="grid gap-1.5">
              <Label htmlFor={ids.ritmo}>{t('parcelamento.ritmo')}</Label>
              <NativeSelect id={ids.ritmo} value={ritmo} onChange={(e) => setRitmo(e.target.value as Ritmo)}>
                <option value="mensal">{t('parcelamento.mensal')}</option>
                <option value="intervalo">{t('parcelamento.intervalo')}</option>
              </NativeSelect>
            </div>
            {ritmo === 'intervalo' && (
              <div className="grid gap-1.5">
                <Label htmlFor={ids.intervalo}>{t('parcelamento.dias')}</Label>
                <Input id={ids.intervalo} inputMode="numeric" className="max-w-32" value={intervalo} onChange={(e) => setIntervalo(e.target.value.replace(/\D/g, '').slice(0, 3))} />
              </div>
            )}
            <div className="grid gap-1.5">
              <Label htmlFor={ids.primeira}>{t('parcelamento.primeira')}</Label>
              <DateField
                id={ids.primeira}
                value={primeira}
                min={dados.hoje}
                className="max-w-48"
                onChange={(v) => {
                  if (!v) return;
                  setPrimeira(v);
                  setDia(Number(v.slice(8)));
                }}
              />
            </div>
          </div>

          <ol className="grid gap-2" aria-label={t('parcelamento.parcelas')}>
            {linhas.fields.map((linha, i) => (
              <li key={linha.id} className="grid grid-cols-1 gap-2 rounded-md border p-2 sm:grid-cols-2">
                <DateInputField control={form.control} name={`parcelas.${i}.vencimento`} label={t('parcelamento.vencimentoDa', { numero: i + 1 })} />
                <InputField
                  control={form.control}
                  name={`parcelas.${i}.valor`}
                  label={t('parcelamento.valorDa', { numero: i + 1 })}
                  inputMode="decimal"
                  className="max-w-40"
                  onInput={() => form.setValue('modo', 'manual')}
                />
              </li>
            ))}
          </ol>
          <p className={cn('text-sm tabular-nums', soma !== total && 'font-medium text-destructive')} aria-live="polite">
            {t('parcelamento.soma', { soma: fmt.money(soma), total: fmt.money(total) })}
          </p>
          {erroGeral && (
            <p role="alert" className="text-sm text-destructive">
              {translateDynamic(`validation:${erroGeral}`, erroGeral)}
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            <Button type="submit" disabled={salvar.isPending}>
              {salvar.isPending ? t('parcelamento.salvando') : t('parcelamento.salvar')}
            </Button>
            <Button type="button" variant="ghost" onClick={onFim}>
              {t('parcelamento.voltar')}
            </Button>
          </div>
        </BusyFieldset>
      </form>
    </Form>
  );
}
