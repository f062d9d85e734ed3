import { z } from 'zod';
import { CANAIS_MENSAGEM } from '../mensagens-automaticas';
import { comoPagaSchema } from './como-paga';
import { parcelaSchema } from './parcelamento';
import { conferenciaSchema, contestacaoSchema } from './contestacoes';
import { UNIDADES } from '../unidades';
import { METODOS_PAGAMENTO } from '../financeiro';
import { caracteresForaDoPix, leiturasChavePix, textoDoPix, TIPOS_CHAVE_PIX } from '../pix';
import { CURRENCIES } from '../money';
import { taxaCartao } from '../pagamento-online';
import { safeString } from './campos';

/** Spec §9: card up to 12 installments; PIX 1. */
export const PARCELAS_MAX_CARTAO = 12;

export { MAX_PAGAMENTO_ONLINE, pagamentoEmReais, PIX_NA_PAGINA_MINUTOS, TAXA_CARTAO_PERCENTUAL, taxaCartao, valorPagavelOnline } from '../pagamento-online';

export const METODOS_ONLINE = ['pix', 'cartao'] as const;
export type MetodoOnline = (typeof METODOS_ONLINE)[number];

/** What Mercado Pago charges for paying `base` with `metodo`. */
export function valoresPagamentoOnline(base: number, metodo: MetodoOnline) {
  const taxa = metodo === 'cartao' ? taxaCartao(base) : 0;
  return { valorBase: base, taxa, valorTotal: base + taxa, parcelasMax: metodo === 'cartao' ? PARCELAS_MAX_CARTAO : 1 };
}

/** What a customer's access code is made of: lower-case letters and digits, at most 40. */
export const LOGIN_CLIENTE_REGEX = /^[a-z0-9]{1,40}$/;

/**
 * A customer's access code as typed on /cliente: trimmed, case-insensitive (handles are lower
 * case letters and digits).
 */
export const loginClienteSchema = safeString()
  .trim()
  .min(1, 'codigoObrigatorio')
  .max(40, 'tooLong')
  .transform((v) => v.toLowerCase())
  .refine((v) => LOGIN_CLIENTE_REGEX.test(v), 'codigoInvalido');

export const portalParamsSchema = z.object({ login: loginClienteSchema });
export const portalPagamentoParamsSchema = z.object({ login: loginClienteSchema, id: z.uuid() });

export const STATUS_PAGAMENTO_ONLINE = ['criado', 'pendente', 'aprovado', 'recusado', 'estornado', 'divergente'] as const;
export type StatusPagamentoOnline = (typeof STATUS_PAGAMENTO_ONLINE)[number];

/** The customer page: first name and shop only — never phone, address, e-mail or limit. */
/**
 * The automatic messages the customer consented to: on (and how they arrive: the channel, never the
 * address) or stopped, and when.
 */
export const avisosDoPortalSchema = z.object({
  ativos: z.boolean(),
  canal: z.enum(CANAIS_MENSAGEM).nullable(),
  paradosEm: z.string().nullable(),
  /** The shop's régua runs by itself: while the notices are on, reminders of the due date come too. */
  lembretes: z.boolean(),
});
export type AvisosDoPortal = z.infer<typeof avisosDoPortalSchema>;

export const portalClienteSchema = z.object({
  primeiroNome: z.string(),
  loja: z.object({ nome: z.string(), whatsappUrl: z.string().nullable() }),
  moeda: z.enum(CURRENCIES),
  /** The shop's time zone: the days of its sales and payments are the shop's days. */
  fusoHorario: z.string(),
  saldoAtual: z.number().int(),
  saldoPendente: z.number().int(),
  /**
   * When the pending balance falls due and whether it is overdue, as the shop sees it (divida.ts:
   * the date agreed with the customer, else the shop's rule from the oldest open debt); null when
   * nothing is owed.
   */
  vencimento: z.object({ data: z.string(), vencido: z.boolean(), diasEmAtraso: z.number().int() }).nullable(),
  /** The debt in instalments agreed with the shop, each paid or open (oldest paid first); null without one. */
  parcelas: z.array(parcelaSchema).nullable(),
  /** What falls due on the open instalment's date (devidoNaParcela), when it is less than all that is owed; else null. */
  parcelaDevida: z.number().int().nullable(),
  compras: z.number().int(),
  pendentes: z.array(
    z.object({
      /** The purchase's entry in the ledger: what "Reconheço" / "Não reconheço" answer about. */
      lancamentoId: z.string(),
      conferencia: conferenciaSchema.nullable(),
      numeroVenda: z.string(),
      data: z.string(),
      valorTotal: z.number().int(),
      valorPago: z.number().int(),
      /** The discount on the whole purchase (after the lines' own): the lines add up to valorTotal + desconto. */
      desconto: z.number().int(),
      itens: z.array(
        z.object({
          /** The product's name, or a loose line's description ('' when none: shown as "Avulso"). */
          nome: z.string(),
          avulso: z.boolean(),
          unidade: z.enum(UNIDADES),
          quantidade: z.number().int(),
          precoUnitario: z.number().int(),
          /** The line's own discount; `subtotal` is what the line came to after it (before the purchase's discount). */
          desconto: z.number().int(),
          subtotal: z.number().int(),
        }),
      ),
    }),
  ),
  /** How many purchases are pending in all: `pendentes` holds only the newest of them. */
  pendentesTotal: z.number().int(),
  /** How the customer has paid over the last 12 months: the facts the shop sees, never the limit it may suggest. */
  comoPaga: comoPagaSchema.omit({ sugestao: true }),
  /**
   * What the customer owed from before, as the shop brought it from its paper notebook (an import:
   * "Saldo anterior (caderneta)"), newest first, while they owe: the part of the debt no purchase
   * explains. `saldoPendente` says what is still open of all of it.
   */
  saldosAnteriores: z.array(z.object({ lancamentoId: z.string(), data: z.string(), valor: z.number().int(), conferencia: conferenciaSchema.nullable() })),
  /**
   * An online payment Mercado Pago holds as pending (a PIX generated and not yet paid, a card
   * under review), started in the last 24 hours: the page says so before another is started.
   */
  /** A payment started and not settled; `expiraEm` when it is a PIX of the page (payable until then). */
  pagamentoEmAndamento: z.object({ id: z.string(), metodo: z.enum(METODOS_ONLINE), valorTotal: z.number().int(), criadoEm: z.string(), expiraEm: z.string().nullable() }).nullable(),
  /** Payments received, newest first; `estornado`: an online payment Mercado Pago gave back. */
  pagamentos: z.array(
    z.object({
      lancamentoId: z.string(),
      data: z.string(),
      valor: z.number().int(),
      metodo: z.enum(METODOS_PAGAMENTO).nullable(),
      estornado: z.boolean(),
      conferencia: conferenciaSchema.nullable(),
    }),
  ),
  /** The entries the customer said they do not recognise: open ones first, then the shop's answers. */
  contestacoes: z.array(contestacaoSchema),
  pagamentoOnline: z.object({
    disponivel: z.boolean(),
    taxaCartaoPercentual: z.number(),
    parcelasMaxCartao: z.number().int(),
  }),
  /** The shop's static PIX code for the pending amount ("copia e cola") and its QR image. */
  pix: z.object({ codigo: z.string(), qrCode: z.string() }).nullable(),
  /** The customer's automatic messages, when they ever consented: they may stop them here. */
  avisos: avisosDoPortalSchema.nullable(),
});
export type PortalCliente = z.infer<typeof portalClienteSchema>;

export const iniciarPagamentoInputSchema = z.object({
  metodo: z.enum(METODOS_ONLINE),
  /**
   * PIX paid in the page (issue 38): a QR Code and its copia-e-cola from Mercado Pago's payments
   * API, credited by the webhook, instead of a trip to Checkout Pro. The page asks for it; without
   * it (a page loaded before it existed) PIX goes through Checkout Pro as before. Cards always do.
   */
  naPagina: z.boolean().optional(),
  /** With instalments (ADR 046): pay what falls due on the open instalment (`parcelaDevida`) instead of all that is owed. */
  parcela: z.boolean().optional(),
});
export type IniciarPagamentoInput = z.infer<typeof iniciarPagamentoInputSchema>;

export const pagamentoOnlineSchema = z.object({
  id: z.uuid(),
  metodo: z.enum(METODOS_ONLINE),
  status: z.enum(STATUS_PAGAMENTO_ONLINE),
  valorBase: z.number().int(),
  taxa: z.number().int(),
  valorTotal: z.number().int(),
  /** Where the browser goes to pay (Checkout Pro's init_point); only when just created. */
  initPoint: z.string().optional(),
  /**
   * A PIX to pay in the page, while it waits: the code, its QR Code (PNG data URL), until when, and
   * whether that time has passed by the server's clock (the code is then no longer shown).
   */
  pix: z.object({ copiaCola: z.string(), qrCode: z.string(), expiraEm: z.string(), expirado: z.boolean() }).optional(),
});
export type PagamentoOnline = z.infer<typeof pagamentoOnlineSchema>;

export const portalExemplosSchema = z.object({ codigos: z.array(z.string()) });

// ——— Settings ———

export const AMBIENTES_MERCADOPAGO = ['sandbox', 'producao'] as const;

/** Never the token itself: whether there is one, and a hint (prefix and last four characters). */
export const mercadopagoConfigSchema = z.object({
  accessTokenDica: z.string().nullable(),
  publicKey: z.string().nullable(),
  webhookSecretDefinido: z.boolean(),
  ambiente: z.enum(AMBIENTES_MERCADOPAGO),
  ativo: z.boolean(),
  /** The notification URL to paste into Mercado Pago's panel. */
  webhookUrl: z.string(),
});
export type MercadopagoConfig = z.infer<typeof mercadopagoConfigSchema>;

/**
 * Mercado Pago's credentials are ASCII (`APP_USR-…`, `TEST-…`, hex secrets): a token with an emoji,
 * an accent or an invisible mark (U+202E, U+200B) cannot travel in an Authorization header, so
 * "Testar Conexão" could only fail, and it blamed Mercado Pago. Whitespace and control characters
 * have their own messages.
 */
export const CREDENCIAL_ASCII = /^\p{ASCII}*$/u;

/** A credential as pasted from a provider's panel: ASCII, no whitespace, at most `max` characters. */
export const credencial = (max: number) =>
  safeString()
    .trim()
    .max(max, 'tooLong')
    .refine((v) => !/\s/.test(v), 'credencialInvalida')
    .regex(CREDENCIAL_ASCII, 'credencialNaoAscii');

/** Blank token or secret keeps the stored one; a new value replaces it. */
export const mercadopagoConfigInputSchema = z
  .object({
    accessToken: credencial(300).optional(),
    publicKey: credencial(200).optional(),
    webhookSecret: credencial(300).optional(),
    ambiente: z.enum(AMBIENTES_MERCADOPAGO).default('sandbox'),
    ativo: z.boolean().default(false),
  })
  .strict();
export type MercadopagoConfigInput = z.input<typeof mercadopagoConfigInputSchema>;

/** "Testar Conexão": the token typed in the form, or the stored one when blank. */
export const mercadopagoTesteInputSchema = z.object({ accessToken: credencial(300).optional() }).strict();
export const mercadopagoTesteSchema = z.object({ ok: z.literal(true), conta: z.string() });

export const pixConfigSchema = z.object({
  chave: z.string().nullable(),
  tipo: z.enum(TIPOS_CHAVE_PIX).nullable(),
  nomeRecebedor: z.string().nullable(),
  cidade: z.string().nullable(),
});
export type PixConfig = z.infer<typeof pixConfigSchema>;

/**
 * An empty key removes the PIX code from the customer page. `tipo` says which type the key is when
 * it reads as two (11 digits that are a CPF and a mobile number): without it such a key is refused
 * ('chavePixAmbigua' on `tipo`), never guessed; a `tipo` the key cannot be is refused too.
 */
export const pixConfigInputSchema = z
  .object({
    chave: safeString().trim().max(100, 'tooLong'),
    tipo: z.enum(TIPOS_CHAVE_PIX).optional(),
    nomeRecebedor: safeString().trim().max(25, 'tooLong'),
    cidade: safeString().trim().max(15, 'tooLong'),
  })
  .strict()
  .superRefine((v, ctx) => {
    if (!v.chave) return;
    const leituras = leiturasChavePix(v.chave);
    if (leituras.length === 0) ctx.addIssue({ code: 'custom', path: ['chave'], message: 'chavePixInvalida' });
    else if (v.tipo && !leituras.some((l) => l.tipo === v.tipo)) ctx.addIssue({ code: 'custom', path: ['tipo'], message: 'chavePixTipoNaoConfere' });
    else if (!v.tipo && leituras.length > 1) ctx.addIssue({ code: 'custom', path: ['tipo'], message: 'chavePixAmbigua' });
    for (const campo of ['nomeRecebedor', 'cidade'] as const) {
      if (!v[campo]) ctx.addIssue({ code: 'custom', path: [campo], message: 'required' });
      // Only what a BR Code's text takes: nothing is dropped from it behind the seller's back.
      else if (caracteresForaDoPix(v[campo]).length) ctx.addIssue({ code: 'custom', path: [campo], message: 'pixCaracteresInvalidos' });
      else if (!/[A-Za-z0-9]/.test(textoDoPix(v[campo]))) ctx.addIssue({ code: 'custom', path: [campo], message: 'pixSemLetrasLatinas' });
    }
  });
export type PixConfigInput = z.input<typeof pixConfigInputSchema>;

export const pixClienteSchema = z.object({ codigo: z.string().nullable(), valor: z.number().int() });
export type PixCliente = z.infer<typeof pixClienteSchema>;
