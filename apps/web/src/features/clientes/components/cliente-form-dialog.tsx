import {
  type Cliente,
  type ClienteFormValues,
  type ClienteInput,
  centsToInput,
  clienteFormSchema,
  clienteToForm,
  emptyClienteForm,
  formatMoney,
  LIMITE_CREDITO_STEP,
  parseMoney,
} from '@caderneta/shared';
import MinusIcon from 'lucide-react/icons/minus';
import PlusIcon from 'lucide-react/icons/plus';
import type { FieldErrors } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { FormDialog, useRecordFormTexts } from '@/components/form-dialog';
import { Field, InputField, PhoneField } from '@/components/form-fields';
import { MoneyPreview } from '@/components/money-preview';
import { FormControl } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { useFormatters } from '@/lib/format';
import { useChavePorAbertura } from '@/lib/idempotency-key';
import { submitForm } from '@/lib/submit-form';
import { useDialogForm } from '@/lib/use-dialog-form';
import { useCreateCliente } from '../api/create-cliente';
import { useUpdateCliente } from '../api/update-cliente';

const FIELDS = ['nome', 'telefone', 'email', 'endereco', 'limiteCredito'] as const;
const formValues = (cliente: Cliente | null, decimalSeparator: string): ClienteFormValues =>
  cliente ? clienteToForm(cliente, decimalSeparator) : emptyClienteForm(decimalSeparator);

interface ClienteFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The customer being edited; absent for "Novo Cliente". */
  cliente?: Cliente | null;
}

/** "Novo Cliente" / "Editar Cliente" (spec §2, §5, §8). */
export function ClienteFormDialog({ open, onOpenChange, cliente }: ClienteFormDialogProps) {
  const { t } = useTranslation('clientes');
  const fmt = useFormatters();
  const createCliente = useCreateCliente();
  const updateCliente = useUpdateCliente();
  const editing = !!cliente;
  const texts = useRecordFormTexts('clientes', editing);
  const form = useDialogForm({ schema: clienteFormSchema, open, record: cliente ?? null, values: formValues });
  // The new customer's id, chosen once per opening: a retry after a lost answer creates no second customer.
  const novoId = useChavePorAbertura(open && !cliente);

  function onSubmit(input: ClienteInput) {
    return submitForm(form.setError, () => (cliente ? updateCliente.mutateAsync({ id: cliente.id, input }) : createCliente.mutateAsync({ ...input, id: novoId.current })), {
      fields: FIELDS,
      errorTitle: cliente ? 'clientes:toast.updateError' : 'clientes:toast.createError',
      success: (salvo) =>
        cliente
          ? t('toast.updated')
          : { title: t('toast.created'), description: salvo.login ? t('toast.createdDescription', { login: salvo.login }) : undefined },
      onSuccess: () => onOpenChange(false),
    });
  }

  function onInvalid(errors: FieldErrors<ClienteFormValues>) {
    if (errors.nome?.message === 'required' || errors.telefone?.message === 'required') {
      toast.error(t('toast.requiredTitle'), { description: t('toast.requiredDescription') });
    }
  }

  function stepLimit(direction: 1 | -1) {
    const current = parseMoney(form.getValues('limiteCredito'), fmt.locale) ?? 0;
    const next = Math.max(0, current + direction * LIMITE_CREDITO_STEP);
    form.setValue('limiteCredito', centsToInput(next, fmt.decimalSeparator), { shouldDirty: true, shouldValidate: true });
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
    </FormDialog>
  );
}
