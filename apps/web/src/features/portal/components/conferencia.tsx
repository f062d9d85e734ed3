import type { Conferencia, Contestacao, PortalCliente } from '@caderneta/shared';
import { MAX_MOTIVO_CONTESTACAO, type EntradaContestavel } from '@caderneta/shared/contestacoes';
import CheckIcon from 'lucide-react/icons/check';
import CircleAlertIcon from 'lucide-react/icons/circle-alert';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form-dialog';
import { Field } from '@/components/form-fields';
import { Button } from '@/components/ui/button';
import { CardTitulo } from '@/components/card-titulo';
import { Card, CardContent } from '@/components/ui/card';
import { FormControl } from '@/components/ui/form';
import { Textarea } from '@/components/ui/textarea';
import { toastError } from '@/lib/api-client';
import { submitForm } from '@/lib/submit-form';
import { toast } from '@/lib/toast';
import { useLastPresent } from '@/lib/use-last-present';
import { useCreateConferencia } from '../api/create-conferencia';
import { usePortalFormat } from './use-portal-format';

/** An entry of the customer's account they may answer about: a purchase, an opening balance, a payment. */
interface EntradaDaPagina {
  lancamentoId: string;
  data: string;
  conferencia: Conferencia | null;
}
/** The entry with what the buttons and the dialog call it ("Compra de 10/06/2026"). */
export type EntradaConferivel = EntradaDaPagina & { rotulo: string };

/**
 * Under an entry: "Reconheço" / "Não reconheço" (issue 38, item 5), or what the customer answered
 * and where the shop's answer stands. A "Reconheço" may still become a dispute; a dispute is
 * answered by the shop, on this page. "Não reconheço" asks the page's one dialog for the reason.
 */
export function ConferenciaDaEntrada({
  login,
  tipo,
  data,
  onNaoReconheco,
  ...props
}: {
  login: string;
  tipo: EntradaContestavel;
  entrada: EntradaDaPagina;
  data: PortalCliente;
  onNaoReconheco: (entrada: EntradaConferivel) => void;
}) {
  const { t } = useTranslation('portal');
  const f = usePortalFormat(data.moeda, data.fusoHorario);
  const entrada: EntradaConferivel = { ...props.entrada, rotulo: t(`conferencia.entrada.${tipo}`, { data: f.date(props.entrada.data) }) };
  const conferir = useCreateConferencia(login);
  const c = entrada.conferencia;

  function reconhecer() {
    conferir.mutate(
      { lancamentoId: entrada.lancamentoId, reconhece: true },
      { onSuccess: () => toast.success(t('conferencia.reconhecido')), onError: (error) => toastError(error, 'portal:conferencia.erro') },
    );
  }

  if (c && !c.reconhece) {
    return (
      <p className="mt-2 flex items-start gap-1.5 text-sm font-medium text-amber-800 dark:text-amber-300">
        <CircleAlertIcon aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        {c.aberta ? t('conferencia.aguardando', { data: f.date(c.em) }) : t('conferencia.respondida')}
      </p>
    );
  }
  return (
    <div className="mt-2 flex flex-wrap items-center gap-2">
      {c?.reconhece ? (
        <p className="flex items-center gap-1.5 text-sm text-emerald-700 dark:text-emerald-400">
          <CheckIcon aria-hidden="true" className="size-4" />
          {t('conferencia.voceReconheceu', { data: f.date(c.em) })}
        </p>
      ) : (
        <Button type="button" variant="outline" size="sm" disabled={conferir.isPending} aria-label={t('conferencia.reconhecoLabel', { entrada: entrada.rotulo })} onClick={reconhecer}>
          <CheckIcon aria-hidden="true" />
          {t('conferencia.reconheco')}
        </Button>
      )}
      <Button type="button" variant="ghost" size="sm" disabled={conferir.isPending} aria-label={t('conferencia.naoReconhecoLabel', { entrada: entrada.rotulo })} onClick={() => onNaoReconheco(entrada)}>
        {t('conferencia.naoReconheco')}
      </Button>
    </div>
  );
}

/** "Não reconheço": the reason, which the shop reads in its notification and on the customer's card (one per page). */
export function NaoReconhecoDialog({ login, entrada, onOpenChange }: { login: string; entrada: EntradaConferivel | null; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('portal');
  const conferir = useCreateConferencia(login);
  // While the dialog closes, it keeps naming the entry it was about.
  const mostrada = useLastPresent(entrada);
  // Checked here as the shared schema does (conferenciaInputSchema), without zod on this page.
  const form = useForm<{ motivo: string }>({ defaultValues: { motivo: '' } });
  // Empty each time it opens (not when the page behind it is refreshed while the customer types).
  const aberto = entrada?.lancamentoId;
  useEffect(() => {
    if (aberto) form.reset({ motivo: '' });
  }, [aberto, form]);

  function onSubmit(values: { motivo: string }) {
    if (!entrada) return;
    const motivo = values.motivo.trim();
    if (!motivo) return form.setError('motivo', { message: 'motivoContestacaoObrigatorio' });
    return submitForm(form.setError, () => conferir.mutateAsync({ lancamentoId: entrada.lancamentoId, reconhece: false, motivo }), {
      fields: ['motivo'],
      errorTitle: 'portal:conferencia.erro',
      toastFieldIssues: false,
      success: () => ({ title: t('conferencia.contestado'), description: t('conferencia.contestadoDescricao') }),
      onSuccess: () => onOpenChange(false),
    });
  }

  return (
    <FormDialog
      open={!!entrada}
      onOpenChange={onOpenChange}
      title={t('conferencia.dialogoTitulo')}
      description={t('conferencia.dialogoDescricao', { entrada: mostrada?.rotulo ?? '' })}
      form={form}
      onSubmit={onSubmit}
      cancelLabel={t('conferencia.cancelar')}
      submitLabel={t('conferencia.enviar')}
      busyLabel={t('conferencia.enviando')}
    >
      <Field control={form.control} name="motivo" label={t('conferencia.motivo')} asterisk>
        {(field) => (
          <FormControl>
            <Textarea {...field} maxLength={MAX_MOTIVO_CONTESTACAO} aria-required="true" placeholder={t('conferencia.motivoPlaceholder')} />
          </FormControl>
        )}
      </Field>
    </FormDialog>
  );
}

/** "Lançamentos contestados": what the customer disputed and the shop's answers (the history stays). */
export function SuasContestacoes({ data }: { data: PortalCliente }) {
  const { t } = useTranslation('portal');
  if (data.contestacoes.length === 0) return null;
  return (
    <Card>
      <CardTitulo>{t('conferencia.titulo')}</CardTitulo>
      <CardContent>
        <ul className="flex flex-col divide-y">
          {data.contestacoes.map((c) => (
            <ContestacaoItem key={c.id} contestacao={c} data={data} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

function ContestacaoItem({ contestacao: c, data }: { contestacao: Contestacao; data: PortalCliente }) {
  const { t } = useTranslation('portal');
  const f = usePortalFormat(data.moeda, data.fusoHorario);
  return (
    <li className="grid gap-1 py-3 text-sm">
      <p className="flex flex-wrap justify-between gap-x-3 font-medium">
        <span>{t(`conferencia.entrada.${c.entrada.tipo}`, { data: f.date(c.entrada.data) })}</span>
        <span className="tabular-nums">{f.money(c.entrada.valor)}</span>
      </p>
      <p className="text-muted-foreground [overflow-wrap:anywhere]">{t('conferencia.seuMotivo', { motivo: c.motivo ?? '', data: f.date(c.em) })}</p>
      {c.aberta ? (
        <p className="font-medium text-amber-800 dark:text-amber-300">{t('conferencia.aguardandoLoja')}</p>
      ) : (
        <div className="rounded-md border bg-muted/40 p-2">
          <p className="font-medium">{t(`conferencia.resolucao.${c.resolucao!}`, { data: f.date(c.resolvidaEm!) })}</p>
          <p className="whitespace-pre-wrap [overflow-wrap:anywhere]">{c.resposta}</p>
        </div>
      )}
    </li>
  );
}
