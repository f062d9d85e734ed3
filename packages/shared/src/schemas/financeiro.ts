import { z } from 'zod';
import { METODOS_PAGAMENTO, METODOS_PAGAMENTO_MANUAL, TIPOS_LANCAMENTO } from '../financeiro';
import { moneyTextSchema, offlineInputSchema, safeString } from './campos';
import { paginatedSchema } from './pagination';

/** The largest amount one entry may carry: R$ 10 milhões, the largest sale (docs/decisions/007). */
export const MAX_VALOR_LANCAMENTO = 1_000_000_000;

/**
 * The amount of a payment or adjustment as the API takes it: positive centavos. Only the browser
 * reads what a person typed, by the rules of the interface language (`valorTextoSchema`); the
 * server never guesses whether "10,500" meant ten reais and a half or ten thousand and five hundred.
 */
export const valorPositivoSchema = z
  .number({ error: 'valorInvalido' })
  .int('valorInvalido')
  .positive('valorInvalido')
  .max(MAX_VALOR_LANCAMENTO, 'tooLarge');

/** An amount as a person types it ("12,90", "1.234,56", "R$ 50" in pt-BR), as positive centavos. */
export const valorTextoSchema = (locale: string) =>
  moneyTextSchema('valorInvalido', { allowZero: false, locale, max: MAX_VALOR_LANCAMENTO });

export const metodoPagamentoSchema = z.enum(METODOS_PAGAMENTO);
export const metodoPagamentoManualSchema = z.enum(METODOS_PAGAMENTO_MANUAL);

export const pagamentoInputSchema = z.object({
  valor: valorPositivoSchema,
  metodo: metodoPagamentoManualSchema.default('dinheiro'),
  observacao: safeString()
    .trim()
    .max(200, 'tooLong')
    .optional()
    .transform((v) => v || undefined),
  /** Chosen by the form once per dialog: a retried request does not pay twice. */
  chave: z.string().uuid().optional(),
  /**
   * Present when the payment was received offline and sent later from the counter's queue, as a
   * sale is (ADR 034): it is dated when it was received (`feitaEm`, or when it arrived if earlier),
   * within the same window around the server's clock.
   */
  offline: offlineInputSchema.optional(),
});
export type PagamentoInput = z.input<typeof pagamentoInputSchema>;
export type PagamentoData = z.output<typeof pagamentoInputSchema>;

export const ajusteInputSchema = z.object({
  /** credito: the customer owes less / has credit; debito: the customer owes more. */
  tipo: z.enum(['credito', 'debito']),
  valor: valorPositivoSchema,
  motivo: safeString().trim().min(1, 'motivoObrigatorio').max(200, 'tooLong'),
  /** Chosen by the form once per dialog: a retried request does not adjust twice. */
  chave: z.string().uuid().optional(),
});
export type AjusteInput = z.input<typeof ajusteInputSchema>;
export type AjusteData = z.output<typeof ajusteInputSchema>;

/** The payment form: the amount as typed, read by the rules of `locale`; its output is a PagamentoData. */
export const pagamentoFormSchema = (locale: string) => pagamentoInputSchema.extend({ valor: valorTextoSchema(locale) });
export type PagamentoFormValues = z.input<ReturnType<typeof pagamentoFormSchema>>;

/** The adjustment form: the amount as typed, read by the rules of `locale`; its output is an AjusteData. */
export const ajusteFormSchema = (locale: string) => ajusteInputSchema.extend({ valor: valorTextoSchema(locale) });
export type AjusteFormValues = z.input<ReturnType<typeof ajusteFormSchema>>;

export const lancamentoSchema = z.object({
  id: z.string(),
  tipo: z.enum(TIPOS_LANCAMENTO),
  /** Signed centavos: credits positive, debits negative. */
  valor: z.number().int(),
  metodo: metodoPagamentoSchema.nullable(),
  descricao: z.string().nullable(),
  vendaId: z.string().nullable(),
  numeroVenda: z.string().nullable(),
  data: z.string(),
});
export type LancamentoDto = z.infer<typeof lancamentoSchema>;

export const saldoClienteSchema = z.object({
  clienteId: z.string(),
  nome: z.string(),
  saldoAtual: z.number().int(),
  saldoPendente: z.number().int(),
});

export const resultadoPagamentoSchema = z.discriminatedUnion('tipo', [
  z.object({ tipo: z.literal('restante'), valor: z.number().int() }),
  z.object({ tipo: z.literal('credito'), valor: z.number().int() }),
  z.object({ tipo: z.literal('quitado') }),
]);

/** Answer to a payment or an adjustment: the entry and where the customer stands now. */
export const lancamentoResultadoSchema = z.object({
  lancamento: lancamentoSchema,
  cliente: saldoClienteSchema,
  resultado: resultadoPagamentoSchema,
  /** Fiado sales this entry fully paid (numbers), oldest first. */
  vendasQuitadas: z.array(z.string()),
});
export type LancamentoResultado = z.infer<typeof lancamentoResultadoSchema>;

export const extratoItemSchema = lancamentoSchema.extend({
  /** The customer's balance right after this entry. */
  saldo: z.number().int(),
  /** Who of the shop posted it (sold, received, adjusted); null for the app's own entries and older ones. */
  por: z.string().nullable(),
  /** What the customer said of it on their page (issue 38): recognised, disputed and open, or disputed and resolved. */
  conferencia: z.enum(['reconhecida', 'contestada', 'resolvida']).nullable(),
});
export type ExtratoItem = z.infer<typeof extratoItemSchema>;

/** One page of a customer's statement; the customer's phone is there to send the statement over WhatsApp. */
export const extratoSchema = paginatedSchema(extratoItemSchema).extend({ cliente: saldoClienteSchema.extend({ telefone: z.string() }) });
export type Extrato = z.infer<typeof extratoSchema>;

export const reciboSchema = z.object({
  id: z.string(),
  numero: z.string(),
  data: z.string(),
  valor: z.number().int(),
  metodo: metodoPagamentoSchema,
  observacao: z.string().nullable(),
  saldoApos: z.number().int(),
  /** When Mercado Pago gave this online payment back (refund or chargeback); null otherwise. */
  estornadoEm: z.string().nullable(),
  /** Who of the shop received it ("Recebido por"); null for an online payment and older ones. */
  recebidoPor: z.string().nullable(),
  cliente: z.object({ id: z.string(), nome: z.string(), telefone: z.string().nullable() }),
  loja: z.object({ nome: z.string(), telefone: z.string().nullable(), endereco: z.string().nullable() }),
  /** Ready-to-share text in the shop's language, and its WhatsApp link. */
  texto: z.string(),
  whatsappUrl: z.string(),
});
export type Recibo = z.infer<typeof reciboSchema>;
