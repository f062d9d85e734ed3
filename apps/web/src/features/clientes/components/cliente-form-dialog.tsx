import {
  type Cliente,
  type ClienteFormValues,
  type ClienteInput,
  centsToInput,
  clienteFormSchema,
  clienteToForm,
  emptyClienteForm,
  formatMoney,
  formatPhone,
  isValidPhone,
  LIMITE_CREDITO_STEP,
  normalizePhone,
  parseMoney,
} from '@caderneta/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import MinusIcon from 'lucide-react/icons/minus';
import PlusIcon from 'lucide-react/icons/plus';
import { useEffect, useMemo } from 'react';
import { type FieldErrors, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '@/components/ui/form';
import { MoneyPreview } from '@/components/money-preview';
import { Input } from '@/components/ui/input';
import { applyIssuesToForm, toastError } from '@/lib/api-client';
import { useFormatters } from '@/lib/format';
import { useCreateCliente } from '../api/create-cliente';
import { useUpdateCliente } from '../api/update-cliente';

const FIELDS = ['nome', 'telefone', 'email', 'endereco', 'limiteCredito'] as const;

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
  const resolver = useMemo(() => zodResolver(clienteFormSchema(fmt.locale)), [fmt.locale]);
  const form = useForm<ClienteFormValues, unknown, ClienteInput>({
    resolver,
    defaultValues: emptyClienteForm(fmt.decimalSeparator),
  });

  useEffect(() => {
    if (open) {
      form.reset(cliente ? clienteToForm(cliente, fmt.decimalSeparator) : emptyClienteForm(fmt.decimalSeparator));
    }
  }, [open, cliente, form, fmt.decimalSeparator]);

  async function onSubmit(input: ClienteInput) {
    try {
      if (cliente) {
        await updateCliente.mutateAsync({ id: cliente.id, input });
        toast.success(t('toast.updated'));
      } else {
        const created = await createCliente.mutateAsync(input);
        toast.success(t('toast.created'), {
          description: created.login ? t('toast.createdDescription', { login: created.login }) : undefined,
        });
      }
    } catch (error) {
      applyIssuesToForm(error, form.setError, FIELDS);
      toastError(error, cliente ? 'clientes:toast.updateError' : 'clientes:toast.createError');
      return;
    }
    onOpenChange(false);
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

  const busy = form.formState.isSubmitting;
  // The asterisk is for the eye; the inputs carry `required` for assistive technology.
  const required = (label: string) => (
    <>
      {label}
      <span aria-hidden="true" className="text-destructive">
        *
      </span>
    </>
  );
  const step = formatMoney(LIMITE_CREDITO_STEP, fmt.currency);

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent className="max-h-[calc(100svh-2rem)] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>{editing ? t('form.editTitle') : t('form.newTitle')}</DialogTitle>
          <DialogDescription>{editing ? t('form.editDescription') : t('form.newDescription')}</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={form.handleSubmit(onSubmit, onInvalid)} noValidate className="grid gap-4">
            <FormField
              control={form.control}
              name="nome"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{required(t('form.nome'))}</FormLabel>
                  <FormControl>
                    <Input autoComplete="off" required placeholder={t('form.placeholders.nome')} {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="telefone"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{required(t('form.telefone'))}</FormLabel>
                  <FormControl>
                    <Input
                      type="tel"
                      inputMode="tel"
                      autoComplete="off"
                      required
                      placeholder={t('form.placeholders.telefone')}
                      {...field}
                      onBlur={() => {
                        // Show what will be stored: "(11) 98765-4321".
                        const digits = normalizePhone(field.value);
                        if (isValidPhone(digits)) field.onChange(formatPhone(digits));
                        field.onBlur();
                      }}
                    />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="email"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{t('form.email')}</FormLabel>
                  <FormControl>
                    <Input
                      type="email"
                      inputMode="email"
                      autoComplete="off"
                      placeholder={t('form.placeholders.email')}
                      {...field}
                      value={field.value ?? ''}
                    />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="endereco"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{t('form.endereco')}</FormLabel>
                  <FormControl>
                    <Input autoComplete="off" placeholder={t('form.placeholders.endereco')} {...field} value={field.value ?? ''} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
            <FormField
              control={form.control}
              name="limiteCredito"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{t('form.limite')}</FormLabel>
                  <div className="flex gap-2">
                    <Button
                      type="button"
                      variant="outline"
                      size="icon"
                      onClick={() => stepLimit(-1)}
                      aria-label={t('form.limiteDecrease', { value: step })}
                    >
                      <MinusIcon aria-hidden="true" />
                    </Button>
                    <FormControl>
                      <Input inputMode="decimal" autoComplete="off" className="text-right tabular-nums" {...field} />
                    </FormControl>
                    <Button
                      type="button"
                      variant="outline"
                      size="icon"
                      onClick={() => stepLimit(1)}
                      aria-label={t('form.limiteIncrease', { value: step })}
                    >
                      <PlusIcon aria-hidden="true" />
                    </Button>
                  </div>
                  <MoneyPreview text={field.value} />
                  <FormDescription>{t('form.limiteHint')}</FormDescription>
                  <FormMessage />
                </FormItem>
              )}
            />
            <DialogFooter>
              <Button type="button" variant="outline" disabled={busy} onClick={() => onOpenChange(false)}>
                {t('form.cancel')}
              </Button>
              <Button type="submit" disabled={busy}>
                {busy ? t('form.saving') : editing ? t('form.save') : t('form.create')}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
