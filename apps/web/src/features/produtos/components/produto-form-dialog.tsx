import {
  emptyProdutoForm,
  margemPercent,
  normalizeForSearch,
  parseMoney,
  type Produto,
  type ProdutoFormValues,
  type ProdutoInput,
  produtoFormSchema,
  produtoToForm,
} from '@caderneta/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useState } from 'react';
import { type FieldErrors, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
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
import { translateDynamic } from '@/lib/i18n';
import { cn } from '@/lib/utils';
import { checkNomeProduto } from '../api/check-nome-produto';
import { useCreateProduto } from '../api/create-produto';
import { useUpdateProduto } from '../api/update-produto';

/** In the order the form shows them: the first invalid one names the toast (spec §5). */
const FIELDS = [
  'nome',
  'descricao',
  'categoria',
  'codigoBarras',
  'precoVenda',
  'precoCusto',
  'estoqueAtual',
  'estoqueMinimo',
] as const;
const TOASTED = ['nome', 'precoVenda', 'precoCusto', 'estoqueAtual', 'estoqueMinimo'] as const;

interface ProdutoFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The product being edited; absent for "Novo Produto". */
  produto?: Produto | null;
}

/** "Novo Produto" / "Editar Produto" with the validations and messages of spec §5. */
export function ProdutoFormDialog({ open, onOpenChange, produto }: ProdutoFormDialogProps) {
  const { t } = useTranslation('produtos');
  const fmt = useFormatters();
  const createProduto = useCreateProduto();
  const updateProduto = useUpdateProduto();
  const editing = !!produto;
  const resolver = useMemo(() => zodResolver(produtoFormSchema(fmt.locale)), [fmt.locale]);
  const form = useForm<ProdutoFormValues, unknown, ProdutoInput>({
    resolver,
    defaultValues: emptyProdutoForm(),
  });

  useEffect(() => {
    if (open) form.reset(produto ? produtoToForm(produto, fmt.decimalSeparator) : emptyProdutoForm());
  }, [open, produto, form, fmt.decimalSeparator]);

  const [precoVenda, precoCusto] = useWatch({ control: form.control, name: ['precoVenda', 'precoCusto'] });
  const venda = parseMoney(precoVenda, fmt.locale);
  const custo = parseMoney(precoCusto, fmt.locale);
  const margem = venda !== null && venda > 0 && custo !== null && custo >= 0 ? margemPercent(venda, custo) : null;

  /** A save waiting for the seller to confirm a name another product already has. */
  const [duplicado, setDuplicado] = useState<ProdutoInput | null>(null);
  useEffect(() => {
    if (!open) setDuplicado(null);
  }, [open]);

  async function onSubmit(input: ProdutoInput) {
    const nomeMudou = !produto || normalizeForSearch(produto.nome) !== normalizeForSearch(input.nome);
    if (nomeMudou) {
      try {
        const check = await checkNomeProduto(input.nome, produto?.id);
        if (check.duplicado) {
          setDuplicado(input);
          return;
        }
      } catch (error) {
        // Only a warning: when the check cannot answer, the save itself reports any problem.
        console.warn('duplicate-name check failed', error);
      }
    }
    await save(input);
  }

  async function save(input: ProdutoInput) {
    try {
      let salvo: Produto;
      if (produto) {
        salvo = await updateProduto.mutateAsync({ id: produto.id, input: { ...input, estoqueAnterior: produto.estoqueAtual } });
        toast.success(t('toast.updated'));
      } else {
        salvo = await createProduto.mutateAsync(input);
        toast.success(t('toast.created'));
      }
      // Spec §4: saved at or below its minimum → "Produto {nome} está com estoque baixo ({n} unidades)".
      if (salvo.ativo && salvo.estoqueBaixo) {
        toast.warning(t('toast.lowStockTitle'), { description: t('toast.lowStock', { nome: salvo.nome, count: salvo.estoqueAtual }) });
      }
    } catch (error) {
      applyIssuesToForm(error, form.setError, FIELDS);
      toastError(error, produto ? 'produtos:toast.updateError' : 'produtos:toast.createError');
      return;
    }
    onOpenChange(false);
  }

  function onInvalid(errors: FieldErrors<ProdutoFormValues>) {
    const field = TOASTED.find((name) => errors[name]);
    if (!field) return;
    const message = String(errors[field]?.message ?? '');
    toast.error(t(`invalid.${field}`), { description: translateDynamic(`validation:${message}`, '') || undefined });
  }

  const busy = form.formState.isSubmitting;
  const text = (name: 'nome' | 'descricao' | 'categoria' | 'codigoBarras', options: { required?: boolean; placeholder?: string; inputMode?: 'numeric' } = {}) => (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>
            {t(`form.${name}`)}
            {options.required && (
              <span aria-hidden="true" className="text-destructive">
                *
              </span>
            )}
          </FormLabel>
          <FormControl>
            <Input
              autoComplete="off"
              required={options.required}
              inputMode={options.inputMode}
              placeholder={options.placeholder}
              {...field}
              value={field.value ?? ''}
            />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
  const number = (name: 'precoVenda' | 'precoCusto' | 'estoqueAtual' | 'estoqueMinimo', money: boolean, hint?: string) => (
    <FormField
      control={form.control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>
            {t(`form.${name}`)}
            <span aria-hidden="true" className="text-destructive">
              *
            </span>
          </FormLabel>
          <FormControl>
            <Input
              inputMode={money ? 'decimal' : 'numeric'}
              autoComplete="off"
              required
              className="text-right tabular-nums"
              placeholder={money ? t('form.placeholders.preco') : '0'}
              {...field}
            />
          </FormControl>
          {money && <MoneyPreview text={field.value} />}
          {hint && <FormDescription>{hint}</FormDescription>}
          <FormMessage />
        </FormItem>
      )}
    />
  );

  return (
    <Dialog open={open} onOpenChange={(next) => !busy && onOpenChange(next)}>
      <DialogContent className="max-h-[calc(100svh-2rem)] overflow-y-auto sm:max-w-xl">
        <DialogHeader>
          <DialogTitle>{editing ? t('form.editTitle') : t('form.newTitle')}</DialogTitle>
          <DialogDescription>{editing ? t('form.editDescription') : t('form.newDescription')}</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={form.handleSubmit(onSubmit, onInvalid)} noValidate className="grid gap-4">
            {text('nome', { required: true, placeholder: t('form.placeholders.nome') })}
            {text('descricao', { placeholder: t('form.placeholders.descricao') })}
            <div className="grid gap-4 sm:grid-cols-2">
              {text('categoria', { placeholder: t('form.placeholders.categoria') })}
              {text('codigoBarras', { placeholder: t('form.placeholders.codigoBarras'), inputMode: 'numeric' })}
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              {number('precoVenda', true)}
              {number('precoCusto', true)}
            </div>
            {margem !== null && (
              <p className={cn('-mt-2 text-sm', margem < 0 ? 'text-destructive' : 'text-muted-foreground')} aria-live="polite">
                {t('form.margemPreview', { value: fmt.percent(margem) })}
              </p>
            )}
            <div className="grid gap-4 sm:grid-cols-2">
              {number('estoqueAtual', false)}
              {number('estoqueMinimo', false, t('form.estoqueMinimoHint'))}
            </div>
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
      <ConfirmDialog
        open={!!duplicado}
        onOpenChange={(next) => !next && setDuplicado(null)}
        title={t('duplicado.title')}
        description={t('duplicado.description', { nome: duplicado?.nome ?? '' })}
        cancelLabel={t('duplicado.cancel')}
        confirmLabel={t('duplicado.confirm')}
        onConfirm={() => {
          const input = duplicado;
          setDuplicado(null);
          if (input) void save(input);
        }}
      />
    </Dialog>
  );
}
