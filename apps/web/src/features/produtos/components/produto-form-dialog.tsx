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
import { quantidadeParaCampo, SIMBOLO_UNIDADE, type Unidade, UNIDADES, unidadeFracionada } from '@caderneta/shared/unidades';
import { type ComponentProps, useEffect, useState } from 'react';
import { type FieldErrors, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { isApiError } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { FormDialog, useRecordFormTexts } from '@/components/form-dialog';
import { InputField, SelectField } from '@/components/form-fields';
import { useFormatters } from '@/lib/format';
import { translateDynamic } from '@/lib/i18n';
import { submitForm, toastRefused } from '@/lib/submit-form';
import { useDialogForm } from '@/lib/use-dialog-form';
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
  'unidade',
  'precoVenda',
  'precoCusto',
  'estoqueAtual',
  'estoqueMinimo',
] as const;
const TOASTED = ['nome', 'unidade', 'precoVenda', 'precoCusto', 'estoqueAtual', 'estoqueMinimo'] as const;
const formValues = (produto: Produto | null, decimalSeparator: string): ProdutoFormValues =>
  produto ? produtoToForm(produto, decimalSeparator) : emptyProdutoForm();

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
  const texts = useRecordFormTexts('produtos', editing);
  const form = useDialogForm({ schema: produtoFormSchema, open, record: produto ?? null, values: formValues });

  const [precoVenda, precoCusto, unidade] = useWatch({ control: form.control, name: ['precoVenda', 'precoCusto', 'unidade'] });
  const simbolo = SIMBOLO_UNIDADE[unidade];
  const venda = parseMoney(precoVenda, fmt.locale);
  const custo = parseMoney(precoCusto, fmt.locale);
  const margem = venda !== null && venda > 0 && custo !== null && custo >= 0 ? margemPercent(venda, custo) : null;

  /** A save waiting for the seller to confirm a name another product already has. */
  const [duplicado, setDuplicado] = useState<ProdutoInput | null>(null);
  /** A save waiting for the seller to confirm a price below the cost (every unit sold loses money). */
  const [prejuizo, setPrejuizo] = useState<ProdutoInput | null>(null);
  useEffect(() => {
    if (!open) {
      setDuplicado(null);
      setPrejuizo(null);
    }
  }, [open]);

  function onSubmit(input: ProdutoInput) {
    if (input.precoCusto > input.precoVenda) {
      setPrejuizo(input);
      return;
    }
    return conferirNome(input);
  }

  async function conferirNome(input: ProdutoInput) {
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

  function save(input: ProdutoInput) {
    return submitForm(
      form.setError,
      () => (produto ? updateProduto.mutateAsync({ id: produto.id, input: { ...input, estoqueAnterior: produto.estoqueAtual } }) : createProduto.mutateAsync(input)),
      {
        fields: FIELDS,
        errorTitle: produto ? 'produtos:toast.updateError' : 'produtos:toast.createError',
        onError: (error) => {
          const title = produto ? t('toast.updateError') : t('toast.createError');
          // Sold by the unit and now by weight (or back): said on the unit's field and in the toast.
          if (isApiError(error, 'UNIDADE_COM_VENDAS') && error.details) {
            form.setError('unidade', { type: 'server', message: 'unidadeComVendas' }, { shouldFocus: true });
            return { title, description: translateDynamic('errors:UNIDADE_COM_VENDAS', '', { unidade: nomeDaUnidade(error.details.unidade) }) };
          }
          // The live stock, in the product's unit ("2,500 kg"), not in its stored grams.
          if (isApiError(error, 'ESTOQUE_ALTERADO') && error.details && produto) {
            return { title, description: translateDynamic('errors:ESTOQUE_ALTERADO', '', { estoqueAtual: fmt.quantidade(error.details.estoqueAtual, error.details.unidade ?? produto.unidade) }) };
          }
        },
        success: () => (produto ? t('toast.updated') : t('toast.created')),
        onSuccess: (salvo) => {
          // Spec §4: saved at or below its minimum → "Produto {nome} está com estoque baixo ({n} unidades)";
          // by weight or volume, "(0,350 kg)".
          if (salvo.ativo && salvo.estoqueBaixo) {
            const description =
              salvo.unidade === 'un'
                ? t('toast.lowStock', { nome: salvo.nome, count: salvo.estoqueAtual })
                : t('toast.lowStockMedida', { nome: salvo.nome, quantidade: fmt.quantidade(salvo.estoqueAtual, salvo.unidade) });
            toast.warning(t('toast.lowStockTitle'), { description });
          }
          onOpenChange(false);
        },
      },
    );
  }

  /** "quilograma (kg)": the unit's name as it reads inside a sentence. */
  function nomeDaUnidade(u: Unidade) {
    const nome = t(`unidades.${u}`);
    return nome.charAt(0).toLocaleLowerCase(fmt.locale) + nome.slice(1);
  }

  function onInvalid(errors: FieldErrors<ProdutoFormValues>) {
    const field = TOASTED.find((name) => errors[name]);
    if (!field) return;
    const message = String(errors[field]?.message ?? '');
    toastRefused({ title: t(`invalid.${field}`), description: translateDynamic(`validation:${message}`, '') || undefined });
  }

  const text = (
    name: 'nome' | 'descricao' | 'categoria' | 'codigoBarras',
    options: { required?: boolean; placeholder?: string; inputMode?: 'numeric' } & Pick<ComponentProps<'input'>, 'onKeyDown' | 'enterKeyHint'> = {},
  ) => (
    <InputField
      control={form.control}
      name={name}
      label={t(`form.${name}`)}
      asterisk={options.required}
      autoComplete="off"
      required={options.required}
      inputMode={options.inputMode}
      placeholder={options.placeholder}
      onKeyDown={options.onKeyDown}
      enterKeyHint={options.enterKeyHint}
    />
  );
  // By weight or volume the labels say what a price is for ("por kg") and what the stock counts ("kg").
  const rotulo = {
    precoVenda: unidade === 'un' ? t('form.precoVenda') : t('form.precoVendaPor', { unidade: simbolo }),
    precoCusto: unidade === 'un' ? t('form.precoCusto') : t('form.precoCustoPor', { unidade: simbolo }),
    estoqueAtual: unidade === 'un' ? t('form.estoqueAtual') : t('form.estoqueAtualEm', { unidade: simbolo }),
    estoqueMinimo: unidade === 'un' ? t('form.estoqueMinimo') : t('form.estoqueMinimoEm', { unidade: simbolo }),
  };
  const number = (name: 'precoVenda' | 'precoCusto' | 'estoqueAtual' | 'estoqueMinimo', money: boolean, hint?: string) => (
    <InputField
      control={form.control}
      name={name}
      label={rotulo[name]}
      asterisk
      inputMode={money || unidadeFracionada(unidade) ? 'decimal' : 'numeric'}
      autoComplete="off"
      required
      className="text-right tabular-nums"
      placeholder={money ? t('form.placeholders.preco') : quantidadeParaCampo(0, unidade, fmt.locale)}
      moneyPreview={money}
      description={hint}
    />
  );

  return (
    <>
      <FormDialog open={open} onOpenChange={onOpenChange} form={form} onSubmit={onSubmit} onInvalid={onInvalid} {...texts} className="sm:max-w-xl">
        {text('nome', { required: true, placeholder: t('form.placeholders.nome') })}
        {text('descricao', { placeholder: t('form.placeholders.descricao') })}
        <div className="grid gap-4 sm:grid-cols-2">
          {text('categoria', { placeholder: t('form.placeholders.categoria') })}
          {text('codigoBarras', {
            placeholder: t('form.placeholders.codigoBarras'),
            inputMode: 'numeric',
            // A barcode scanner ends its code with Enter: on to the price instead of saving half a form.
            enterKeyHint: 'next',
            onKeyDown: (event) => {
              if (event.key !== 'Enter') return;
              event.preventDefault();
              form.setFocus('precoVenda');
            },
          })}
        </div>
        <SelectField control={form.control} name="unidade" label={t('form.unidade')} asterisk description={t('form.unidadeHint')}>
          {UNIDADES.map((u) => (
            <option key={u} value={u}>
              {t(`unidades.${u}`)}
            </option>
          ))}
        </SelectField>
        <div className="grid gap-4 sm:grid-cols-2">
          {number('precoVenda', true)}
          {number('precoCusto', true)}
        </div>
        {margem !== null && (
          <p className={cn('-mt-2 text-sm', margem < 0 ? 'font-medium text-destructive' : 'text-muted-foreground')} aria-live="polite">
            {t('form.margemPreview', { value: fmt.percent(margem) })}
            {margem < 0 &&
              venda !== null &&
              custo !== null &&
              ` — ${unidade === 'un' ? t('form.prejuizoPreview', { valor: fmt.money(custo - venda) }) : t('form.prejuizoPreviewPor', { valor: fmt.money(custo - venda), unidade: simbolo })}`}
          </p>
        )}
        <div className="grid gap-4 sm:grid-cols-2">
          {number('estoqueAtual', false)}
          {number('estoqueMinimo', false, t('form.estoqueMinimoHint'))}
        </div>
      </FormDialog>
      <ConfirmDialog
        open={!!prejuizo}
        onOpenChange={(next) => !next && setPrejuizo(null)}
        title={t('prejuizo.title')}
        description={
          prejuizo
            ? t(prejuizo.unidade === 'un' ? 'prejuizo.description' : 'prejuizo.descriptionPor', {
                nome: prejuizo.nome,
                venda: fmt.preco(prejuizo.precoVenda, prejuizo.unidade),
                custo: fmt.preco(prejuizo.precoCusto, prejuizo.unidade),
                prejuizo: fmt.money(prejuizo.precoCusto - prejuizo.precoVenda),
                margem: fmt.percent(margemPercent(prejuizo.precoVenda, prejuizo.precoCusto)),
                unidade: SIMBOLO_UNIDADE[prejuizo.unidade],
              })
            : ''
        }
        cancelLabel={t('prejuizo.cancel')}
        confirmLabel={t('prejuizo.confirm')}
        busyLabel={t('form.saving')}
        destructive
        // On to the name check (which may ask its own question) and the save, busy until they answer.
        onConfirm={async () => {
          if (prejuizo) await conferirNome(prejuizo);
          setPrejuizo(null);
        }}
      />
      <ConfirmDialog
        open={!!duplicado}
        onOpenChange={(next) => !next && setDuplicado(null)}
        title={t('duplicado.title')}
        description={t('duplicado.description', { nome: duplicado?.nome ?? '' })}
        cancelLabel={t('duplicado.cancel')}
        confirmLabel={t('duplicado.confirm')}
        busyLabel={t('form.saving')}
        // The question stays up, busy, until the save has answered: the form behind it cannot be
        // sent a second time or closed in the meantime.
        onConfirm={async () => {
          if (duplicado) await save(duplicado);
          setDuplicado(null);
        }}
      />
    </>
  );
}
