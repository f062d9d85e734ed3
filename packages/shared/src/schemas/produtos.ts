import { z } from 'zod';
import { centsToInput } from '../money';
import { lerQuantidade, MAX_ESTOQUE_GUARDADO_QUALQUER, MAX_ESTOQUE_QUALQUER, maxEstoque, quantidadeParaCampo, UNIDADE_PADRAO, UNIDADES, type Unidade } from '../unidades';
import { paginatedSchema, paginationQuerySchema } from './pagination';
import {
  buscaSchema,
  listStatusSchema,
  MAX_PRECO,
  moneyTextSchema,
  optionalTextSchema,
  safeString,
} from './campos';

/** Spec §9: default minimum stock 5, default stock 0. */
export const DEFAULT_ESTOQUE_MINIMO = 5;
export const DEFAULT_ESTOQUE_ATUAL = 0;

export const ESTOQUE_FILTROS = ['todos', 'baixo', 'normal'] as const;
export type EstoqueFiltro = (typeof ESTOQUE_FILTROS)[number];

// Spec §5 messages, as keys of the "validation" namespace.
const produtoCampos = {
  nome: safeString({ error: 'produtoNomeObrigatorio' }).trim().min(1, 'produtoNomeObrigatorio').max(120, 'tooLong'),
  descricao: optionalTextSchema(500),
  categoria: optionalTextSchema(60),
  codigoBarras: optionalTextSchema(64),
};

const quantity = (message: string) => z.number({ error: message }).int(message).min(0, message).max(MAX_ESTOQUE_QUALQUER, 'tooLarge');

/** A stock above what the product's unit allows ("tooLarge" on that field). */
function estoqueDentroDaUnidade(v: { unidade: Unidade; estoqueAtual: number; estoqueMinimo: number }, ctx: z.RefinementCtx) {
  for (const campo of ['estoqueAtual', 'estoqueMinimo'] as const) {
    if (v[campo] > maxEstoque(v.unidade)) ctx.addIssue({ code: 'custom', message: 'tooLarge', path: [campo] });
  }
}

/** Body of POST /api/produtos and PUT /api/produtos/:id (money in centavos). */
const produtoInputCampos = z.object({
  ...produtoCampos,
  /** How it is counted; stock is in the unit's stored steps (grams for kg). Old callers: "un". */
  unidade: z.enum(UNIDADES, { error: 'unidadeInvalida' }).default(UNIDADE_PADRAO),
  precoVenda: z.number({ error: 'precoVendaInvalido' }).int('precoVendaInvalido').positive('precoVendaInvalido').max(MAX_PRECO, 'tooLarge'),
  precoCusto: z.number({ error: 'precoCustoInvalido' }).int('precoCustoInvalido').min(0, 'precoCustoInvalido').max(MAX_PRECO, 'tooLarge'),
  estoqueAtual: quantity('quantidadeInvalida'),
  estoqueMinimo: quantity('estoqueMinimoInvalido').default(DEFAULT_ESTOQUE_MINIMO),
});
export const produtoInputSchema = produtoInputCampos.superRefine(estoqueDentroDaUnidade);
export type ProdutoInput = z.output<typeof produtoInputSchema>;

/**
 * Body of PUT /api/produtos/:id. `estoqueAnterior` is the stock the form was opened with: when
 * the seller left the stock as it was, the live stock is kept (sales may have moved it since);
 * when they changed it but the live stock moved too, the edit is refused instead of overwriting.
 */
export const produtoUpdateSchema = produtoInputCampos
  .extend({
    estoqueAnterior: z.number().int().min(0).max(MAX_ESTOQUE_GUARDADO_QUALQUER).optional(),
  })
  .superRefine(estoqueDentroDaUnidade);
export type ProdutoUpdate = z.output<typeof produtoUpdateSchema>;

/**
 * The same rules over what the form holds (prices and stock as typed text, "12,90", "1.000",
 * "2,500" kg), read by the rules of the interface language `locale` and of the chosen unit; its
 * output is a ProdutoInput.
 */
export const produtoFormSchema = (locale: string) => {
  /** A stock field's text by the chosen unit's rules ("2,500" kg, "12" un). */
  const ler = (v: { unidade: Unidade; estoqueAtual: string; estoqueMinimo: string }, campo: 'estoqueAtual' | 'estoqueMinimo') =>
    lerQuantidade(v[campo], locale, v.unidade, { min: 0, max: maxEstoque(v.unidade) });
  const invalida = { estoqueAtual: 'quantidadeInvalida', estoqueMinimo: 'estoqueMinimoInvalido' } as const;
  return z
    .object({
      ...produtoCampos,
      unidade: z.enum(UNIDADES, { error: 'unidadeInvalida' }),
      precoVenda: moneyTextSchema('precoVendaInvalido', { allowZero: false, locale, max: MAX_PRECO }),
      precoCusto: moneyTextSchema('precoCustoInvalido', { allowZero: true, locale, max: MAX_PRECO }),
      estoqueAtual: z.string(),
      estoqueMinimo: z.string(),
    })
    .superRefine(
      (v, ctx) => {
        if (!(UNIDADES as readonly unknown[]).includes(v.unidade)) return;
        for (const campo of ['estoqueAtual', 'estoqueMinimo'] as const) {
          const lido = ler(v, campo);
          if (!lido.ok) ctx.addIssue({ code: 'custom', path: [campo], message: lido.erro === 'quantidadeItemInvalida' ? invalida[campo] : lido.erro });
        }
      },
      // Said together with the other fields' errors, not after they are fixed.
      { when: () => true },
    )
    .transform((v) => ({ ...v, estoqueAtual: valorLido(ler(v, 'estoqueAtual')), estoqueMinimo: valorLido(ler(v, 'estoqueMinimo')) }));
};
/** Checked by the refinement above: the transform runs only when every field is valid. */
const valorLido = (lido: ReturnType<typeof lerQuantidade>) => (lido.ok ? lido.valor : 0);
export type ProdutoFormValues = z.input<ReturnType<typeof produtoFormSchema>>;

export const emptyProdutoForm = (): ProdutoFormValues => ({
  nome: '',
  descricao: '',
  categoria: '',
  codigoBarras: '',
  unidade: UNIDADE_PADRAO,
  precoVenda: '',
  precoCusto: '',
  estoqueAtual: String(DEFAULT_ESTOQUE_ATUAL),
  estoqueMinimo: String(DEFAULT_ESTOQUE_MINIMO),
});

export const produtoToForm = (p: Produto, decimalSeparator = ',', locale = decimalSeparator === ',' ? 'pt-BR' : 'en-US'): ProdutoFormValues => ({
  nome: p.nome,
  descricao: p.descricao ?? '',
  categoria: p.categoria ?? '',
  codigoBarras: p.codigoBarras ?? '',
  precoVenda: centsToInput(p.precoVenda, decimalSeparator),
  unidade: p.unidade,
  precoCusto: centsToInput(p.precoCusto, decimalSeparator),
  estoqueAtual: quantidadeParaCampo(p.estoqueAtual, p.unidade, locale),
  estoqueMinimo: quantidadeParaCampo(p.estoqueMinimo, p.unidade, locale),
});

export const produtoSchema = z.object({
  id: z.uuid(),
  nome: z.string(),
  descricao: z.string().nullable(),
  categoria: z.string().nullable(),
  codigoBarras: z.string().nullable(),
  unidade: z.enum(UNIDADES),
  /** Centavos per whole unit (per kg, per L, per un). */
  precoVenda: z.number().int(),
  precoCusto: z.number().int(),
  /** In the unit's stored steps: grams for kg, millilitres for L, units otherwise. */
  estoqueAtual: z.number().int(),
  estoqueMinimo: z.number().int(),
  ativo: z.boolean(),
  /** estoqueAtual ≤ estoqueMinimo */
  estoqueBaixo: z.boolean(),
  /** (venda − custo) / venda × 100, one decimal. */
  margem: z.number(),
  /** precoVenda × estoqueAtual (in whole units), centavos. */
  valorTotal: z.number().int(),
  createdAt: z.string(),
});
export type Produto = z.infer<typeof produtoSchema>;

export const produtosQuerySchema = paginationQuerySchema.extend({
  /** Name (case- and accent-insensitive) or category. */
  busca: buscaSchema,
  estoque: z.enum(ESTOQUE_FILTROS).default('todos'),
  status: listStatusSchema,
});
/** What a caller may send (every field optional; the server applies the defaults). */
export type ProdutosQuery = Partial<z.output<typeof produtosQuerySchema>>;

/** The cards of the page: over the status filter, not the search or the stock filter. */
export const produtosResumoSchema = z.object({
  total: z.number().int(),
  estoqueBaixo: z.number().int(),
  /**
   * Σ precoVenda × estoqueAtual, centavos. Summed in numeric (never overflows); one product is at
   * most 10^14, so only a catalogue beyond R$ 90 trilhões would come back rounded, never an error.
   */
  valorTotal: z.number(),
  /** Average margin in percent, one decimal; 0 without products. */
  margemMedia: z.number(),
});
export type ProdutosResumo = z.infer<typeof produtosResumoSchema>;

export const produtosPageSchema = paginatedSchema(produtoSchema).extend({ resumo: produtosResumoSchema });
export type ProdutosPage = z.infer<typeof produtosPageSchema>;

/**
 * GET /api/produtos/nome-duplicado: is there already a product of this seller with this name
 * (case, accents and inner spaces ignored)? The form asks before saving; `excetoId` leaves out
 * the product being edited.
 */
export const produtoNomeQuerySchema = z.object({
  nome: produtoCampos.nome,
  excetoId: z.uuid().optional(),
});
export type ProdutoNomeQuery = z.output<typeof produtoNomeQuerySchema>;

export const produtoNomeDuplicadoSchema = z.object({
  duplicado: z.boolean(),
  /** The existing product with that name (active or not), when there is one. */
  produto: z.object({ id: z.uuid(), nome: z.string(), ativo: z.boolean() }).nullable(),
});
export type ProdutoNomeDuplicado = z.infer<typeof produtoNomeDuplicadoSchema>;
