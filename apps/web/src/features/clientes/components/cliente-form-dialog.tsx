import {
  type Cliente,
  type ClienteFormValues,
  type ClienteInput,
  type ClienteSemelhante,
  centsToInput,
  clienteFormSchema,
  clienteToForm,
  emptyClienteForm,
  formatMoney,
  formatPhone,
  LIMITE_CREDITO_STEP,
  normalizePhone,
  palavrasDoNome,
  parseMoney,
} from '@caderneta/shared';
import MinusIcon from 'lucide-react/icons/minus';
import PlusIcon from 'lucide-react/icons/plus';
import MessageCircleIcon from 'lucide-react/icons/message-circle';
import UserSearchIcon from 'lucide-react/icons/user-search';
import { useEffect, useId, useRef, useState } from 'react';
import { type FieldErrors, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { FormDialog, useRecordFormTexts } from '@/components/form-dialog';
import { Field, InputField, PhoneField, SwitchField } from '@/components/form-fields';
import { MoneyPreview } from '@/components/money-preview';
import { FormControl } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useFormatters } from '@/lib/format';
import { useChavePorAbertura } from '@/lib/idempotency-key';
import { submitForm, toastRefused } from '@/lib/submit-form';
import { toastError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useDialogForm } from '@/lib/use-dialog-form';
import { useCreateCliente } from '../api/create-cliente';
import { useCreateConviteAvisos } from '../api/create-convite-avisos';
import { useGetSemelhantes } from '../api/get-semelhantes';
import { useUpdateCliente } from '../api/update-cliente';
import { SugestaoDeLimite } from './como-paga';

const FIELDS = ['nome', 'telefone', 'email', 'endereco', 'limiteCredito', 'avisos'] as const;
const formValues = (cliente: Cliente | null, decimalSeparator: string): ClienteFormValues =>
  cliente ? clienteToForm(cliente, decimalSeparator) : emptyClienteForm(decimalSeparator);

interface ClienteFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The customer being edited; absent for "Novo Cliente". */
  cliente?: Cliente | null;
  /** "Abrir cliente" on a customer "Novo Cliente" found alike: the page shows that one instead. */
  onAbrirCliente?: (cliente: ClienteSemelhante) => void;
}

/** Who is being registered, as the duplicate check compares it: the name's words and the phone's digits. */
const quem = (nome: string, telefone: string) => `${palavrasDoNome(nome).join(' ')}|${normalizePhone(telefone)}`;

type Envio = { salvo: Cliente } | { semelhantes: ClienteSemelhante[]; quem: string };

/** "Novo Cliente" / "Editar Cliente" (spec §2, §5, §8). */
export function ClienteFormDialog({ open, onOpenChange, cliente, onAbrirCliente }: ClienteFormDialogProps) {
  const { t } = useTranslation('clientes');
  const fmt = useFormatters();
  const createCliente = useCreateCliente();
  const updateCliente = useUpdateCliente();
  const buscarSemelhantes = useGetSemelhantes();
  const editing = !!cliente;
  const texts = useRecordFormTexts('clientes', editing);
  const form = useDialogForm({ schema: clienteFormSchema, open, record: cliente ?? null, values: formValues });
  // The new customer's id, chosen once per opening: a retry after a lost answer creates no second customer.
  const novoId = useChavePorAbertura(open && !cliente);

  // Customers alike the one typed (same phone, near-identical name), found by the server before a
  // new one is registered; and the person the seller said "Criar mesmo assim" for.
  const [aviso, setAviso] = useState<{ semelhantes: ClienteSemelhante[]; quem: string } | null>(null);
  const mesmoAssim = useRef<string | null>(null);
  const [nome, telefone, email, avisos] = useWatch({ control: form.control, name: ['nome', 'telefone', 'email', 'avisos'] });
  const avisoAtual = aviso && aviso.quem === quem(nome ?? '', telefone ?? '') ? aviso : null;
  useEffect(() => {
    if (!open) {
      setAviso(null);
      mesmoAssim.current = null;
    }
  }, [open]);

  async function enviar(input: ClienteInput): Promise<Envio> {
    if (cliente) return { salvo: await updateCliente.mutateAsync({ id: cliente.id, input }) };
    const pessoa = quem(input.nome, input.telefone);
    if (mesmoAssim.current !== pessoa) {
      const { items } = await buscarSemelhantes({ nome: input.nome, telefone: input.telefone });
      if (items.length) return { semelhantes: items, quem: pessoa };
    }
    return { salvo: await createCliente.mutateAsync({ ...input, id: novoId.current }) };
  }

  function onSubmit(input: ClienteInput) {
    return submitForm(form.setError, () => enviar(input), {
      fields: FIELDS,
      errorTitle: cliente ? 'clientes:toast.updateError' : 'clientes:toast.createError',
      success: (envio) =>
        !('salvo' in envio)
          ? undefined
          : cliente
            ? t('toast.updated')
            : { title: t('toast.created'), description: envio.salvo.login ? t('toast.createdDescription', { login: envio.salvo.login }) : undefined },
      onSuccess: (envio) => {
        if ('salvo' in envio) onOpenChange(false);
        else setAviso(envio);
      },
    });
  }

  function criarMesmoAssim() {
    if (!avisoAtual) return;
    mesmoAssim.current = avisoAtual.quem;
    void form.handleSubmit(onSubmit, onInvalid)();
  }

  function onInvalid(errors: FieldErrors<ClienteFormValues>) {
    if (errors.nome?.message === 'required' || errors.telefone?.message === 'required') {
      toastRefused({ title: t('toast.requiredTitle'), description: t('toast.requiredDescription') });
    }
  }

  function definirLimite(cents: number) {
    form.setValue('limiteCredito', centsToInput(cents, fmt.decimalSeparator), { shouldDirty: true, shouldValidate: true });
  }

  function stepLimit(direction: 1 | -1) {
    const current = parseMoney(form.getValues('limiteCredito'), fmt.locale) ?? 0;
    definirLimite(Math.max(0, current + direction * LIMITE_CREDITO_STEP));
  }

  const step = formatMoney(LIMITE_CREDITO_STEP, fmt.currency);

  return (
    <FormDialog open={open} onOpenChange={onOpenChange} form={form} onSubmit={onSubmit} onInvalid={onInvalid} {...texts}>
      <InputField control={form.control} name="nome" label={t('form.nome')} asterisk required autoComplete="off" placeholder={t('form.placeholders.nome')} />
      <PhoneField control={form.control} name="telefone" label={t('form.telefone')} asterisk required autoComplete="off" placeholder={t('form.placeholders.telefone')} />
      <InputField control={form.control} name="email" label={t('form.email')} type="email" inputMode="email" autoComplete="off" placeholder={t('form.placeholders.email')} />
      <InputField control={form.control} name="endereco" label={t('form.endereco')} autoComplete="off" placeholder={t('form.placeholders.endereco')} />
      <Field control={form.control} name="limiteCredito" label={t('form.limite')} description={t('form.limiteHint')}>
        {(field) => (
          <>
            <div className="flex gap-2">
              <Button type="button" variant="outline" size="icon" onClick={() => stepLimit(-1)} aria-label={t('form.limiteDecrease', { value: step })}>
                <MinusIcon aria-hidden="true" />
              </Button>
              <FormControl>
                <Input inputMode="decimal" autoComplete="off" className="text-right tabular-nums" {...field} />
              </FormControl>
              <Button type="button" variant="outline" size="icon" onClick={() => stepLimit(1)} aria-label={t('form.limiteIncrease', { value: step })}>
                <PlusIcon aria-hidden="true" />
              </Button>
            </div>
            <MoneyPreview text={field.value} />
          </>
        )}
      </Field>
      {cliente && <SugestaoDeLimite clienteId={cliente.id} onUsar={definirLimite} />}
      <div className="grid gap-2 rounded-md border p-3">
        <SwitchField control={form.control} name="avisos" label={t('form.avisos')} description={t('form.avisosHint')} />
        {cliente?.avisos && <ConsentimentoRegistrado avisos={cliente.avisos} />}
        {cliente && !cliente.avisos?.ativos && cliente.avisos?.paradosPor !== 'cliente' && <PedirAutorizacao clienteId={cliente.id} />}
        {avisos && !email?.trim() && <p className="text-sm text-amber-700 dark:text-amber-400">{t('form.avisosSemEmail')}</p>}
      </div>
      {avisoAtual && (
        <Semelhantes
          semelhantes={avisoAtual.semelhantes}
          busy={form.formState.isSubmitting}
          onAbrir={(semelhante) => onAbrirCliente?.(semelhante)}
          onCriarMesmoAssim={criarMesmoAssim}
        />
      )}
    </FormDialog>
  );
}

/**
 * "Pedir autorização pelo WhatsApp": the shop's number sends the customer the invitation template;
 * their reply SIM records the consent. Not offered to a customer who said PARAR.
 */
function PedirAutorizacao({ clienteId }: { clienteId: string }) {
  const { t } = useTranslation('clientes');
  const convidar = useCreateConviteAvisos();
  return (
    <div className="grid gap-1">
      <Button
        type="button"
        variant="outline"
        className="justify-self-start"
        disabled={convidar.isPending}
        onClick={() =>
          convidar.mutate(clienteId, {
            onSuccess: () => toast.success(t('form.conviteEnviado'), { description: t('form.conviteEnviadoDescricao') }),
            onError: (error) => toastError(error, 'clientes:form.conviteErro'),
          })
        }
      >
        <MessageCircleIcon aria-hidden="true" />
        {convidar.isPending ? t('form.convidando') : t('form.convidar')}
      </Button>
      <p className="text-sm text-muted-foreground">{t('form.convidarHint')}</p>
    </div>
  );
}

/** What the shop has on record of the customer's consent: given when and how, stopped when and by whom. */
function ConsentimentoRegistrado({ avisos }: { avisos: NonNullable<Cliente['avisos']> }) {
  const { t } = useTranslation('clientes');
  const fmt = useFormatters();
  return (
    <p className="text-sm text-muted-foreground">
      {avisos.ativos
        ? t(`form.avisosAutorizados.${avisos.como}`, { date: fmt.date(avisos.autorizadosEm) })
        : t(`form.avisosParados.${avisos.paradosPor ?? 'loja'}`, { date: fmt.date(avisos.paradosEm ?? avisos.autorizadosEm) })}
    </p>
  );
}

/**
 * "Já existe um cliente parecido": who, why (the same phone, a near-identical name), what they owe,
 * and the two ways on — open that customer, or register this one anyway.
 */
function Semelhantes({
  semelhantes,
  busy,
  onAbrir,
  onCriarMesmoAssim,
}: {
  semelhantes: ClienteSemelhante[];
  busy: boolean;
  onAbrir: (cliente: ClienteSemelhante) => void;
  onCriarMesmoAssim: () => void;
}) {
  const { t } = useTranslation('clientes');
  const fmt = useFormatters();
  const titleId = useId();
  const ref = useRef<HTMLElement>(null);
  // Below the fields, on a phone it would appear out of sight. (Braces: a browser's scrollIntoView
  // may answer a promise, which React would take for the effect's cleanup.)
  useEffect(() => {
    void ref.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  return (
    <section ref={ref} role="alert" aria-labelledby={titleId} className="grid gap-3 rounded-md border border-amber-500/60 bg-amber-500/10 p-3 text-sm">
      <div className="flex items-start gap-2">
        <UserSearchIcon className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
        <div className="grid gap-1">
          <h3 id={titleId} className="font-semibold">
            {t('semelhantes.title', { count: semelhantes.length })}
          </h3>
          <p>{t('semelhantes.description')}</p>
        </div>
      </div>
      <ul className="grid gap-2">
        {semelhantes.map((semelhante) => (
          <li key={semelhante.id} className="grid gap-2 rounded-md border bg-background p-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-center">
            <div className="min-w-0">
              <p className="font-medium [overflow-wrap:anywhere]">
                {semelhante.nome}
                {!semelhante.ativo && <span className="font-normal text-muted-foreground"> · {t('row.inativo')}</span>}
              </p>
              <p className="text-muted-foreground tabular-nums">
                {formatPhone(semelhante.telefone)}
                {semelhante.login && ` · @${semelhante.login}`}
              </p>
              <p className="text-muted-foreground">
                {semelhante.motivos.map((motivo) => t(`semelhantes.motivo.${motivo}`)).join(' · ')} ·{' '}
                {semelhante.saldoAtual > 0
                  ? t('row.credito', { value: fmt.money(semelhante.saldoAtual) })
                  : t('semelhantes.pendente', { value: fmt.money(semelhante.saldoPendente) })}
              </p>
            </div>
            <Button type="button" variant="outline" disabled={busy} aria-label={t('semelhantes.abrirLabel', { nome: semelhante.nome })} onClick={() => onAbrir(semelhante)}>
              {t('semelhantes.abrir')}
            </Button>
          </li>
        ))}
      </ul>
      <Button type="button" variant="secondary" disabled={busy} onClick={onCriarMesmoAssim}>
        {t('semelhantes.criarMesmoAssim')}
      </Button>
    </section>
  );
}
