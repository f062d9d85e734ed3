import {
  cobrancaClienteFormSchema,
  promessaFormSchema,
  type CobrancaClienteFormValues,
  type DevedorDetalhe,
  type PromessaFormValues,
} from '@caderneta/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import ArrowLeftIcon from 'lucide-react/icons/arrow-left';
import HandCoinsIcon from 'lucide-react/icons/hand-coins';
import PlusIcon from 'lucide-react/icons/plus';
import { useId, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { BusyFieldset } from '@/components/busy-fieldset';
import { DateInputField } from '@/components/form-fields';
import { Button } from '@/components/ui/button';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Textarea } from '@/components/ui/textarea';
import { useConfirmDiscard, useReportDirty } from '@/components/unsaved-changes';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useFormatters } from '@/lib/format';
import { usePode } from '@/lib/permissoes';
import { submitForm } from '@/lib/submit-form';
import { useUpdateCobrancaCliente } from '../api/update-cobranca-cliente';
import { useUpdatePromessa } from '../api/update-promessa';
import { ParcelamentoSecao } from './parcelamento';

interface GerenciarDividaProps {
  devedor: DevedorDetalhe;
  /**
   * The ledger's dialogs (payment subtracts, "Adicionar Saldo" adds), each with its balance
   * preview; absent for who may not use them (`registrar_pagamento`, `ajustar_saldo`).
   */
  onPagamento?: () => void;
  onAdicionarSaldo?: () => void;
  onVoltar: () => void;
}

const OBSERVACOES_MAX = 500;

const infoValues = (devedor: DevedorDetalhe): CobrancaClienteFormValues => ({
  observacoes: devedor.observacoes ?? '',
  dataVencimento: devedor.dataVencimentoPropria ?? '',
});
// A promise that has passed is shown as what happened (above the field), not typed into it.
const promessaValues = (devedor: DevedorDetalhe): PromessaFormValues => ({
  data: devedor.promessa && !devedor.promessa.quebrada ? devedor.promessa.data : '',
});

/**
 * Manage debt (spec §4): every change to the balance is a ledger entry made in the ledger's own
 * dialogs; here, the notes, the customer's own due date and a promise to pay — two forms, each
 * validated by its shared schema before anything is sent, and said saved only once the server has.
 */
export function GerenciarDivida({ devedor, onPagamento, onAdicionarSaldo, onVoltar }: GerenciarDividaProps) {
  const { t } = useTranslation('devedores');
  const fmt = useFormatters();
  const salvar = useUpdateCobrancaCliente();
  const promessa = useUpdatePromessa();
  const devendo = devedor.saldoPendente > 0;
  const promessaTituloId = useId();
  // The notes, the due date and the promise change the customer's collection (`editar_clientes`).
  const edita = usePode('editar_clientes');

  const infoResolver = useMemo(() => zodResolver(cobrancaClienteFormSchema(devedor.compraMaisAntiga)), [devedor.compraMaisAntiga]);
  const info = useForm({ resolver: infoResolver, defaultValues: infoValues(devedor) });
  const promessaResolver = useMemo(() => zodResolver(promessaFormSchema(devedor.hoje)), [devedor.hoje]);
  const prom = useForm({ resolver: promessaResolver, defaultValues: promessaValues(devedor) });

  const ocupado = salvar.isPending || promessa.isPending;
  // Typed and not saved yet: closing the dialog or going back to the details asks first. A save
  // resets its form to what the server answered, so it no longer counts.
  useReportDirty(info.formState.isDirty || prom.formState.isDirty);
  const confirmDiscard = useConfirmDiscard();

  const salvarInformacoes = info.handleSubmit((input) =>
    submitForm(info.setError, () => salvar.mutateAsync({ id: devedor.id, input: devendo ? input : { ...input, dataVencimento: null } }), {
      fields: ['observacoes', 'dataVencimento'],
      // A refused date is said under its field.
      toastFieldIssues: false,
      errorTitle: 'devedores:toast.atualizarErro',
      // "Erro ao atualizar" with what the server said, or "Não foi possível atualizar as informações."
      errorDescription: (error) =>
        error instanceof ApiError && !['INTERNAL', 'NETWORK'].includes(error.code) ? errorMessage(error) : t('toast.atualizarErroDescription'),
      success: () => t('toast.atualizado'),
      onSuccess: (salvo) => info.reset(infoValues(salvo)),
    }),
  );

  const salvarPromessa = (data: string | null) =>
    submitForm(prom.setError, () => promessa.mutateAsync({ id: devedor.id, input: { data } }), {
      fields: ['data'],
      toastFieldIssues: false,
      errorTitle: 'devedores:toast.atualizarErro',
      success: () => (data ? t('toast.promessaSalva') : t('toast.promessaRemovida')),
      onSuccess: (salvo) => prom.reset(promessaValues(salvo)),
    });
  const registrarPromessa = prom.handleSubmit(({ data }) => salvarPromessa(data));

  const compraMaisAntiga = devedor.compraMaisAntiga;
  return (
    <div className="grid gap-5">
      <BusyFieldset busy={ocupado}>
        {(onPagamento || onAdicionarSaldo) && (
          <section className="grid gap-2">
            <h3 className="text-sm font-semibold">{t('gerenciar.lancamentos')}</h3>
            <p className="text-sm text-muted-foreground">{t('gerenciar.lancamentosHint')}</p>
            <div className="grid grid-cols-1 gap-2 sm:flex sm:flex-wrap">
              {onPagamento && (
                <Button variant="outline" onClick={onPagamento}>
                  <HandCoinsIcon aria-hidden="true" />
                  {t('gerenciar.pagamento')}
                </Button>
              )}
              {onAdicionarSaldo && (
                <Button variant="outline" onClick={onAdicionarSaldo}>
                  <PlusIcon aria-hidden="true" />
                  {t('gerenciar.adicionarSaldo')}
                </Button>
              )}
            </div>
          </section>
        )}

        <ParcelamentoSecao devedor={devedor} />

        {edita && (
          <Form {...info}>
            <form onSubmit={(event) => void salvarInformacoes(event)} noValidate className="grid gap-3">
              <FormField
                control={info.control}
                name="observacoes"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>{t('gerenciar.observacoes')}</FormLabel>
                    <FormControl>
                      <Textarea maxLength={OBSERVACOES_MAX} placeholder={t('gerenciar.observacoesPlaceholder')} {...field} value={field.value ?? ''} />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
              {devendo && !devedor.parcela && (
                <DateInputField
                  control={info.control}
                  name="dataVencimento"
                  label={t('gerenciar.vencimento')}
                  description={
                    compraMaisAntiga
                      ? `${t('gerenciar.vencimentoHint')} ${t('gerenciar.vencimentoMinimo', { data: fmt.date(compraMaisAntiga) })}`
                      : t('gerenciar.vencimentoHint')
                  }
                />
              )}
              <div>
                <Button type="submit" disabled={salvar.isPending}>
                  {salvar.isPending ? t('gerenciar.salvando') : t('gerenciar.salvar')}
                </Button>
              </div>
            </form>
          </Form>

        )}

        {edita && devendo && (
          <Form {...prom}>
            <form onSubmit={(event) => void registrarPromessa(event)} noValidate aria-labelledby={promessaTituloId} className="grid gap-2">
              <h3 id={promessaTituloId} className="text-sm font-semibold">
                {t('gerenciar.promessa')}
              </h3>
              <p className="text-sm text-muted-foreground">{t('gerenciar.promessaHint')}</p>
              {devedor.promessa?.quebrada && (
                // What happened, not a mistake in the field: the owner types a new date, or removes it.
                <p role="note" className="rounded-md border border-amber-500/60 bg-amber-500/10 px-3 py-2 text-sm">
                  {t('gerenciar.promessaQuebrada', { data: fmt.date(devedor.promessa.data) })}
                </p>
              )}
              <DateInputField control={prom.control} name="data" label={t('gerenciar.promessaData')} />
              <div className="flex flex-wrap gap-2">
                <Button type="submit" variant="outline" disabled={promessa.isPending}>
                  {promessa.isPending && promessa.variables.input.data ? t('gerenciar.salvando') : t('gerenciar.registrarPromessa')}
                </Button>
                {devedor.promessa && (
                  <Button type="button" variant="ghost" onClick={() => void salvarPromessa(null)} disabled={promessa.isPending}>
                    {promessa.isPending && !promessa.variables.input.data ? t('gerenciar.salvando') : t('gerenciar.removerPromessa')}
                  </Button>
                )}
              </div>
            </form>
          </Form>
        )}

        <div>
          <Button variant="ghost" onClick={() => confirmDiscard(onVoltar)}>
            <ArrowLeftIcon aria-hidden="true" />
            {t('detalhes.fecharGerenciar')}
          </Button>
        </div>
      </BusyFieldset>
    </div>
  );
}
