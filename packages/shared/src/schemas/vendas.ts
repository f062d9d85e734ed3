import { z } from 'zod';
import { MAX_PRECO, isoDateSchema, offlineInputSchema, safeString } from './campos';
import { paginatedSchema, paginationQuerySchema } from './pagination';
import { FORMAS_PAGAMENTO, MAX_ITENS_VENDA, MAX_TOTAL_VENDA, STATUS_PAGAMENTO } from '../vendas';
import { MAX_QUANTIDADE_ITEM_GUARDADA, UNIDADES } from '../unidades';
import { MAX_DESCONTO_PERCENTUAL, TIPOS_DESCONTO } from '../descontos';

export {
  FORMAS_PAGAMENTO,
  MAX_ADIANTAMENTO_OFFLINE_MS,
  MAX_ATRASO_OFFLINE_DIAS,
  MAX_ATRASO_OFFLINE_MS,
  MAX_ITENS_VENDA,
  MAX_QUANTIDADE_ITEM,
  MAX_TOTAL_VENDA,
  STATUS_PAGAMENTO,
  TIPOS_ALERTA_VENDA,
  foraDaJanelaOffline,
  type FormaPagamento,
  type StatusPagamento,
  type TipoAlertaVenda,
} from '../vendas';

/** Largest description of a loose line ("Pão e leite"). */
export const MAX_DESCRICAO_AVULSO = 60;

/**
 * A discount as the counter sends it: centavos (`tipo: 'valor'`) or a whole percentage from 1 to 100.
 * Whether it fits its line or sale is checked once the server knows the prices.
 */
export const descontoInputSchema = z
  .object({
    tipo: z.enum(TIPOS_DESCONTO, { error: 'descontoInvalido' }),
    valor: z.number({ error: 'descontoInvalido' }).int('descontoInvalido').min(1, 'descontoInvalido').max(MAX_TOTAL_VENDA, 'tooLarge'),
  })
  .refine((d) => d.tipo !== 'percentual' || d.valor <= MAX_DESCONTO_PERCENTUAL, { message: 'descontoPercentualInvalido', path: ['valor'] });

/**
 * One line of a new sale: a product and how many (`quantidade` in the product's stored steps: grams
 * for a kg product, units for "un"; the server checks it against the product's own unit once it
 * reads the product), or a loose amount ("avulso": `valor` in centavos and an optional
 * description, no product and no stock). Never both.
 */
export const itemVendaInputSchema = z
  .object({
    produtoId: z.string().uuid().optional(),
    quantidade: z
      .number({ error: 'quantidadeItemInvalida' })
      .int('quantidadeItemInvalida')
      .min(1, 'quantidadeItemInvalida')
      .max(MAX_QUANTIDADE_ITEM_GUARDADA, 'tooLarge')
      .optional(),
    /**
     * The unit the counter counted `quantidade` in. A product whose unit changed while it sat in a
     * cart (possible before its first sale) is refused rather than read in the new unit.
     */
    unidade: z.enum(UNIDADES).optional(),
    /**
     * A price changed at the counter, centavos per whole unit; the catalogue's price is recorded
     * beside it. Absent: the catalogue's price.
     */
    precoUnitario: z.number({ error: 'precoVendaInvalido' }).int('precoVendaInvalido').positive('precoVendaInvalido').max(MAX_PRECO, 'tooLarge').optional(),
    /** This line's own discount. */
    desconto: descontoInputSchema.optional(),
    /** A loose line's value, centavos. */
    valor: z.number({ error: 'valorAvulsoInvalido' }).int('valorAvulsoInvalido').min(1, 'valorAvulsoInvalido').max(MAX_TOTAL_VENDA, 'tooLarge').optional(),
    /** A loose line's description; blank is none (shown as "Avulso"). Trimmed. */
    descricao: safeString().trim().max(MAX_DESCRICAO_AVULSO, 'tooLong').nullish(),
  })
  .superRefine((item, ctx) => {
    if (item.valor !== undefined) {
      if (item.produtoId !== undefined || item.quantidade !== undefined || item.precoUnitario !== undefined) ctx.addIssue({ code: 'custom', path: ['valor'], message: 'avulsoComProduto' });
      return;
    }
    if (item.produtoId === undefined) ctx.addIssue({ code: 'custom', path: ['produtoId'], message: 'produtoObrigatorio' });
    if (item.quantidade === undefined) ctx.addIssue({ code: 'custom', path: ['quantidade'], message: 'quantidadeItemInvalida' });
  });
export type ItemVendaInput = z.output<typeof itemVendaInputSchema>;

/**
 * A new sale as the browser sends it: what and how many, never prices (the server reads them).
 * Fiado needs a customer: "Cliente obrigatório" / "Selecione um cliente para vendas fiadas.".
 */
/** A sale's notes, as the counter sends them: blank is none. */
export const observacoesVendaSchema = safeString()
  .trim()
  .max(500, 'tooLong')
  .nullish()
  .transform((v) => v || null);

export const novaVendaInputSchema = z
  .object({
    formaPagamento: z.enum(FORMAS_PAGAMENTO),
    clienteId: z.string().uuid().nullish(),
    itens: z.array(itemVendaInputSchema).min(1, 'itensObrigatorios').max(MAX_ITENS_VENDA, 'itensDemais'),
    observacoes: observacoesVendaSchema,
    /** A discount on the whole sale, after the lines' own; shared out over the lines. */
    desconto: descontoInputSchema.optional(),
    /** The seller saw the credit-limit warning and confirmed the sale anyway. */
    confirmarLimiteExcedido: z.boolean().default(false),
    /**
     * Chosen once per cart (a new one after each recorded sale): a retried request with the same
     * key answers the sale it recorded the first time instead of recording it again.
     */
    chave: z.string().uuid().optional(),
    /**
     * Present when the sale was made offline and sent later from the counter's queue: it is
     * recorded at `feitaEm`, and what the seller could not check offline (stock, credit limit, a
     * blocked or deactivated customer) does not refuse it but shows in `alertas`.
     */
    offline: offlineInputSchema.optional(),
  })
  .refine((v) => v.formaPagamento !== 'fiado' || !!v.clienteId, { message: 'clienteObrigatorio', path: ['clienteId'] });
export type NovaVendaInput = z.input<typeof novaVendaInputSchema>;
export type NovaVendaData = z.output<typeof novaVendaInputSchema>;

export const vendasQuerySchema = paginationQuerySchema.extend({
  busca: safeString().trim().max(100, 'tooLong').optional(),
  status: z.enum(STATUS_PAGAMENTO).optional(),
  forma: z.enum(FORMAS_PAGAMENTO).optional(),
  /** Calendar dates in the shop's time zone, both inclusive. */
  de: isoDateSchema.optional(),
  ate: isoDateSchema.optional(),
  clienteId: z.string().uuid().optional(),
  /** One person's sales ("Atendente"): their account's id (GET /api/auditoria/autores lists the shop's people). */
  atendente: z.uuid('invalidId').optional(),
  /**
   * Keyset pagination: the `nextCursor` of the previous page. The page then starts right after the
   * last sale already shown, whatever was sold meanwhile; `page` is ignored.
   */
  cursor: z
    .string()
    .max(100)
    .regex(/^[A-Za-z0-9_-]+$/, 'invalid')
    .optional(),
});
/** What a caller may send (every field optional; the server applies the defaults). */
export type VendasQuery = Partial<z.output<typeof vendasQuerySchema>>;

/** One alert of an offline sale (TIPOS_ALERTA_VENDA). */
export const alertaVendaSchema = z.discriminatedUnion('tipo', [
  z.object({
    tipo: z.literal('estoque'),
    produtoId: z.string(),
    produtoNome: z.string(),
    unidade: z.enum(UNIDADES),
    /** What the stock lacked, in the product's stored steps (grams for kg, like `quantidade`). */
    faltou: z.number().int(),
  }),
  z.object({ tipo: z.literal('limite') }),
  z.object({ tipo: z.literal('bloqueado') }),
  z.object({ tipo: z.literal('clienteInativo') }),
]);
export type AlertaVenda = z.infer<typeof alertaVendaSchema>;

export const vendaResumoItemSchema = z.object({
  id: z.string(),
  numeroVenda: z.string(),
  dataVenda: z.string(),
  valorTotal: z.number().int(),
  valorPago: z.number().int(),
  formaPagamento: z.enum(FORMAS_PAGAMENTO),
  statusPagamento: z.enum(STATUS_PAGAMENTO),
  observacoes: z.string().nullable(),
  clienteId: z.string().nullable(),
  clienteNome: z.string().nullable(),
  limiteExcedidoConfirmado: z.boolean(),
  canceladaEm: z.string().nullable(),
  /** Everything the sale's discounts took off (the lines' own and the sale's), centavos. */
  descontoTotal: z.number().int(),
  /** Made offline and sent later (dataVenda is when it was made at the counter). */
  feitaOffline: z.boolean(),
  /** What an offline sale arrived past (vendas.json `alertas.*`); empty for every other sale. */
  alertas: z.array(alertaVendaSchema),
  /** Who of the shop made it ("Atendido por"); null for sales from before people existed. */
  atendente: z.string().nullable(),
});
export type VendaListItem = z.infer<typeof vendaResumoItemSchema>;

export const itemVendaSchema = z.object({
  id: z.string(),
  /** Null on a loose line ("avulso"): no product, no stock; `produtoNome` is its description ('' when none). */
  produtoId: z.string().nullable(),
  produtoNome: z.string(),
  /** The product's unit when it was sold; `quantidade` in its stored steps, `precoUnitario` per whole unit. */
  unidade: z.enum(UNIDADES),
  quantidade: z.number().int(),
  precoUnitario: z.number().int(),
  /** The catalogue's price when the counter sold at another one; null when it sold at the catalogue's. */
  precoTabela: z.number().int().nullable(),
  /** This line's own discount, centavos, and the percentage it was typed as (null: typed as a value). */
  desconto: z.number().int(),
  descontoPercentual: z.number().int().nullable(),
  /** This line's share of the sale's discount, centavos. */
  descontoRateado: z.number().int(),
  /**
   * What the line sold for: valorDaLinha(quantidade, precoUnitario, unidade) − desconto −
   * descontoRateado. The sale's lines add up to its total.
   */
  subtotal: z.number().int(),
});
export type ItemVenda = z.infer<typeof itemVendaSchema>;

export const vendaDetalheSchema = vendaResumoItemSchema.extend({
  itens: z.array(itemVendaSchema),
  /** The discount on the whole sale, centavos, and the percentage it was typed as (null: a value). */
  desconto: z.number().int(),
  descontoPercentual: z.number().int().nullable(),
});
export type VendaDetalhe = z.infer<typeof vendaDetalheSchema>;

/** The cards above the list, for the sales that match the filters (cancelled ones not counted). */
export const vendasResumoSchema = z.object({
  totalVendas: z.number().int(),
  valorTotal: z.number().int(),
  vendasHoje: z.number().int(),
  /** "A receber": what is still open on pending sales (total − already paid). */
  pendentes: z.number().int(),
  /** Cancelled sales among the matching ones: listed (and in `total`), left out of the cards. */
  canceladas: z.number().int(),
});
export type VendasResumo = z.infer<typeof vendasResumoSchema>;

export const vendasPageSchema = paginatedSchema(vendaResumoItemSchema).extend({
  resumo: vendasResumoSchema,
  /** Pass as `cursor` for the page after this one; null on the last page. */
  nextCursor: z.string().nullable(),
});
export type VendasPage = z.infer<typeof vendasPageSchema>;

/** Details of a 409 LIMITE_EXCEDIDO: what the customer may still buy on credit. */
export const limiteExcedidoDetailsSchema = z.object({
  limite: z.number().int(),
  disponivel: z.number().int(),
  saldoPendente: z.number().int(),
});
export type LimiteExcedidoDetails = z.infer<typeof limiteExcedidoDetailsSchema>;

/** Details of a 409 ESTOQUE_INSUFICIENTE. */
export const estoqueInsuficienteDetailsSchema = z.object({
  produtoId: z.string(),
  produtoNome: z.string(),
  unidade: z.enum(UNIDADES),
  disponivel: z.number().int(),
});
export type EstoqueInsuficienteDetails = z.infer<typeof estoqueInsuficienteDetailsSchema>;
