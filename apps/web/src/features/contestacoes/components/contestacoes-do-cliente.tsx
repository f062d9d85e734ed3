import { MAX_RESPOSTA_CONTESTACAO, parseMoney, resolverContestacaoFormSchema, type Contestacao, type ResolverContestacaoFormValues, type ResolverContestacaoInput } from '@caderneta/shared';
import MessageSquareWarningIcon from 'lucide-react/icons/message-square-warning';
import { useState } from 'react';
import { useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '@/components/form-dialog';
import { Field, InputField, RadioCardsField } from '@/components/form-fields';
import { LoadError } from '@/components/load-error';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormControl } from '@/components/ui/form';
import { Textarea } from '@/components/ui/textarea';
import { useFormatters } from '@/lib/format';
import { usePode } from '@/lib/permissoes';
import { submitForm } from '@/lib/submit-form';
import { useDialogForm } from '@/lib/use-dialog-form';
import { useLastPresent } from '@/lib/use-last-present';
import { useContestacoes } from '../api/get-contestacoes';
import { useResolveContestacao } from '../api/resolve-contestacao';

/**
 * "Contestações" in a customer's Detalhes (issue 38, item 5): the entries the customer said, on
 * their page, they do not recognise — open ones first, each with "Resolver" — and the answers the
 * shop gave, which the customer reads. Nothing at all for a customer who never disputed anything.
 */
export function ContestacoesDoCliente({ clienteId }: { clienteId: string }) {
  const { t } = useTranslation('devedores');
  const query = useContestacoes(clienteId);
  const [resolvendo, setResolvendo] = useState<Contestacao | null>(null);
  const resolve = usePode('editar_clientes');
  if (query.isPending) return null;
  if (!query.data) return <LoadError className="py-4" title={t('contestacoes.loadError')} error={query.error} onRetry={() => void query.refetch()} />;
  if (query.data.items.length === 0) return null;
  return (
    <section aria-labelledby={`contestacoes-${clienteId}`} className="grid gap-2">
      <h3 id={`contestacoes-${clienteId}`} className="flex items-center gap-1.5 text-sm font-semibold">
        <MessageSquareWarningIcon aria-hidden="true" className="size-4" />
        {t('contestacoes.titulo')}
      </h3>
      <ul className="grid gap-2">
        {query.data.items.map((c) => (
          <ContestacaoItem key={c.id} contestacao={c} onResolver={resolve && c.aberta ? () => setResolvendo(c) : undefined} />
        ))}
      </ul>
      <ResolverDialog contestacao={resolvendo} onOpenChange={(open) => !open && setResolvendo(null)} />
    </section>
  );
}

/** "Compra V-0012 de 10/06/2026", "Pagamento de 10/06/2026": the entry as the shop knows it. */
function useEntrada() {
  const { t } = useTranslation('devedores');
  const fmt = useFormatters();
  return (c: Contestacao) =>
    c.entrada.numeroVenda
      ? t('contestacoes.entrada.compraNumero', { numero: c.entrada.numeroVenda, data: fmt.date(c.entrada.data) })
      : t(`contestacoes.entrada.${c.entrada.tipo}`, { data: fmt.date(c.entrada.data), descricao: c.entrada.descricao ?? '' });
}

function ContestacaoItem({ contestacao: c, onResolver }: { contestacao: Contestacao; onResolver?: () => void }) {
  const { t } = useTranslation('devedores');
  const fmt = useFormatters();
  const entrada = useEntrada();
  return (
    <li className="grid gap-1.5 rounded-md border p-3 text-sm">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium [overflow-wrap:anywhere]">{entrada(c)}</span>
        <span className="font-medium tabular-nums">{fmt.money(c.entrada.valor)}</span>
      </div>
      <p className="[overflow-wrap:anywhere]">
        <span className="text-muted-foreground">{t('contestacoes.motivoDoCliente', { data: fmt.dateTime(c.em) })}</span> “{c.motivo}”
      </p>
      {c.aberta ? (
        <div className="flex flex-wrap items-center gap-2">
          <Badge variant="outline" className="border-amber-600/50 text-amber-800 dark:text-amber-300">
            {t('contestacoes.aberta')}
          </Badge>
          {onResolver && (
            <Button type="button" size="sm" onClick={onResolver} aria-label={t('contestacoes.resolverLabel', { entrada: entrada(c) })}>
              {t('contestacoes.resolver')}
            </Button>
          )}
        </div>
      ) : (
        <p className="[overflow-wrap:anywhere]">
          <span className="text-muted-foreground">{t(`contestacoes.resolucao.${c.resolucao!}`, { data: fmt.dateTime(c.resolvidaEm!) })}</span> {c.resposta}
        </p>
      )}
    </li>
  );
}

const vazio = (): ResolverContestacaoFormValues => ({ acao: 'respondida', resposta: '', valorCorreto: '' });

/**
 * "Resolver contestação": cancel the purchase (with the answer as its reason), correct the amount
 * with a credit of the difference, or only answer — the answer is what the customer reads on their
 * page. Each way for who may do it (cancelling a sale, posting a credit).
 */
function ResolverDialog({ contestacao, onOpenChange }: { contestacao: Contestacao | null; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('devedores');
  const fmt = useFormatters();
  const resolver = useResolveContestacao();
  const entrada = useEntrada();
  const cancela = usePode('cancelar_venda');
  const ajusta = usePode('ajustar_saldo');
  const form = useDialogForm({ schema: resolverContestacaoFormSchema, open: !!contestacao, record: contestacao, values: vazio });
  const [acao, valorCorreto] = useWatch({ control: form.control, name: ['acao', 'valorCorreto'] });
  // While the dialog closes, it keeps showing the dispute it was about.
  const c = useLastPresent(contestacao);
  const compra = c?.entrada.tipo === 'compra' && !c.entrada.cancelada;
  const opcoes = [
    { value: 'respondida', label: t('contestacoes.acoes.respondida'), hint: t('contestacoes.acoes.respondidaHint') },
    ...(compra && cancela ? [{ value: 'cancelada', label: t('contestacoes.acoes.cancelada'), hint: t('contestacoes.acoes.canceladaHint') }] : []),
    ...(ajusta && !(c?.entrada.cancelada ?? false) ? [{ value: 'corrigida', label: t('contestacoes.acoes.corrigida'), hint: t('contestacoes.acoes.corrigidaHint') }] : []),
  ];

  function onSubmit(input: ResolverContestacaoInput) {
    if (!contestacao) return;
    return submitForm(form.setError, () => resolver.mutateAsync({ id: contestacao.id, input }), {
      fields: ['acao', 'resposta', 'valorCorreto'],
      errorTitle: 'devedores:contestacoes.erro',
      toastFieldIssues: false,
      success: () => ({ title: t('contestacoes.resolvida'), description: t('contestacoes.resolvidaDescricao') }),
      onSuccess: () => onOpenChange(false),
    });
  }

  // What the correction credits: less than a debit was, more than a payment was.
  const correto = acao === 'corrigida' ? parseMoney(valorCorreto ?? '', fmt.locale) : null;
  const credito = c && correto !== null ? (c.entrada.tipo === 'pagamento' ? correto - c.entrada.valor : c.entrada.valor - correto) : null;

  return (
    <FormDialog
      open={!!contestacao}
      onOpenChange={onOpenChange}
      title={t('contestacoes.dialogoTitulo')}
      description={c ? t('contestacoes.dialogoDescricao', { entrada: entrada(c), valor: fmt.money(c.entrada.valor), motivo: c.motivo ?? '' }) : ''}
      form={form}
      onSubmit={onSubmit}
      cancelLabel={t('contestacoes.cancelar')}
      submitLabel={t('contestacoes.confirmar')}
      busyLabel={t('contestacoes.confirmando')}
    >
      <RadioCardsField control={form.control} name="acao" legend={t('contestacoes.comoResolver')} options={opcoes} />
      {acao === 'corrigida' && (
        <InputField
          control={form.control}
          name="valorCorreto"
          label={t(c?.entrada.tipo === 'pagamento' ? 'contestacoes.valorCorretoPagamento' : 'contestacoes.valorCorreto')}
          inputMode="decimal"
          autoComplete="off"
          aria-required="true"
          className="max-w-48 text-right tabular-nums"
          moneyPreview
          description={credito !== null && credito > 0 ? t('contestacoes.credito', { valor: fmt.money(credito) }) : undefined}
        />
      )}
      <Field control={form.control} name="resposta" label={t('contestacoes.resposta')} asterisk description={t('contestacoes.respostaHint')}>
        {(field) => (
          <FormControl>
            <Textarea {...field} maxLength={MAX_RESPOSTA_CONTESTACAO} aria-required="true" />
          </FormControl>
        )}
      </Field>
    </FormDialog>
  );
}
