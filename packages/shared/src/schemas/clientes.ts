import { z } from 'zod';
import { AUTORIZACOES_AVISO, QUEM_PAROU_AVISOS } from '../mensagens-automaticas';
import { centsToInput } from '../money';
import { formatPhone, isValidPhone, normalizePhone } from '../telefone';
import { paginatedSchema, paginationQuerySchema } from './pagination';
import { buscaSchema, listStatusSchema, MAX_LIMITE_CREDITO, moneyTextSchema, optionalTextSchema, safeString } from './campos';

/** Spec §9: default credit limit R$ 1.000,00, form step R$ 100, minimum 0. */
export const DEFAULT_LIMITE_CREDITO = 100_000;
export const LIMITE_CREDITO_STEP = 10_000;

const nomeSchema = safeString({ error: 'required' }).trim().min(1, 'required').max(120, 'tooLong');

/** Longest phone as typed ("+55 (11) 98765-4321" with spaces to spare); anything longer is no phone. */
export const MAX_TELEFONE_TEXTO = 40;

/** Stored as digits; must be a Brazilian landline or mobile number (see normalizePhone). */
export const telefoneSchema = safeString({ error: 'required' })
  .trim()
  .min(1, 'required')
  .max(MAX_TELEFONE_TEXTO, 'telefoneInvalido')
  .transform(normalizePhone)
  .refine(isValidPhone, 'telefoneInvalido');

/** The same phone where it may be left out (the shop's, the seller's own): blank or absent is none (null). */
export const telefoneOpcionalSchema = safeString()
  .trim()
  .max(MAX_TELEFONE_TEXTO, 'telefoneInvalido')
  .nullish()
  .transform((v) => (v ? normalizePhone(v) : null))
  .refine((v) => v === null || isValidPhone(v), 'telefoneInvalido');

const emailOpcionalSchema = safeString()
  .trim()
  .max(254, 'tooLong')
  .refine((v) => v === '' || z.regexes.email.test(v), 'email')
  .nullish()
  .transform((v) => (v ? v : null));

const clienteCampos = {
  nome: nomeSchema,
  telefone: telefoneSchema,
  email: emailOpcionalSchema,
  endereco: optionalTextSchema(200),
};

/** Body of POST /api/clientes and PUT /api/clientes/:id. */
export const clienteInputSchema = z.object({
  ...clienteCampos,
  /**
   * "O cliente autorizou receber avisos automáticos": true records the consent now (from the form,
   * confirmed by the customer), false stops the messages at once; absent leaves it as it is.
   */
  avisos: z.boolean().optional(),
  limiteCredito: z
    .number({ error: 'limiteInvalido' })
    .int('limiteInvalido')
    .min(0, 'limiteInvalido')
    .max(MAX_LIMITE_CREDITO, 'tooLarge')
    .default(DEFAULT_LIMITE_CREDITO),
});
export type ClienteInput = z.output<typeof clienteInputSchema>;

/**
 * Body of POST /api/clientes: the form, and the id the new customer will have, chosen by the
 * caller once per "Novo Cliente" so that a retry after a lost answer creates no second customer.
 */
export const clienteCriacaoSchema = clienteInputSchema.extend({ id: z.uuid().optional() });
export type ClienteCriacao = z.output<typeof clienteCriacaoSchema>;

/**
 * The same rules over what the form holds (money as typed text, read by the rules of the interface
 * language `locale`); its output is a ClienteInput.
 */
export const clienteFormSchema = (locale: string) =>
  z.object({
    ...clienteCampos,
    avisos: z.boolean(),
    limiteCredito: moneyTextSchema('limiteInvalido', { allowZero: true, locale, max: MAX_LIMITE_CREDITO }),
  });
export type ClienteFormValues = z.input<ReturnType<typeof clienteFormSchema>>;

/** `decimalSeparator` follows the interface language ("," in pt-BR/es-ES, "." in en-US). */
export const emptyClienteForm = (decimalSeparator = ','): ClienteFormValues => ({
  nome: '',
  telefone: '',
  email: '',
  endereco: '',
  limiteCredito: centsToInput(DEFAULT_LIMITE_CREDITO, decimalSeparator),
  avisos: false,
});

export const clienteToForm = (c: Cliente, decimalSeparator = ','): ClienteFormValues => ({
  nome: c.nome,
  telefone: formatPhone(c.telefone),
  email: c.email ?? '',
  endereco: c.endereco ?? '',
  limiteCredito: centsToInput(c.limiteCredito, decimalSeparator),
  avisos: c.avisos?.ativos ?? false,
});

export const avisosClienteSchema = z.object({
  /** Given and not stopped since: the app may write to the customer by itself. */
  ativos: z.boolean(),
  autorizadosEm: z.string(),
  como: z.enum(AUTORIZACOES_AVISO),
  paradosEm: z.string().nullable(),
  paradosPor: z.enum(QUEM_PAROU_AVISOS).nullable(),
});
export type AvisosCliente = z.infer<typeof avisosClienteSchema>;

export const clienteSchema = z.object({
  id: z.uuid(),
  nome: z.string(),
  /** Digits only. */
  telefone: z.string(),
  email: z.string().nullable(),
  endereco: z.string().nullable(),
  limiteCredito: z.number().int(),
  /** Public handle of the customer page; unique across every seller. */
  login: z.string().nullable(),
  ativo: z.boolean(),
  /** Ledger balance: negative means the customer owes. */
  saldoAtual: z.number().int(),
  /** max(0, −saldoAtual). */
  saldoPendente: z.number().int(),
  dataVencimento: z.string().nullable(),
  observacoes: z.string().nullable(),
  /** The customer's consent to automatic messages (LGPD); null: never given. */
  avisos: avisosClienteSchema.nullable(),
  createdAt: z.string(),
});
export type Cliente = z.infer<typeof clienteSchema>;

export const clientesQuerySchema = paginationQuerySchema.extend({
  /** Name (case- and accent-insensitive) or phone digits. */
  busca: buscaSchema,
  status: listStatusSchema,
});
/** What a caller may send (every field optional; the server applies the defaults). */
export type ClientesQuery = Partial<z.output<typeof clientesQuerySchema>>;

/** The cards of the page: counted over the status filter, not the search. */
export const clientesResumoSchema = z.object({
  total: z.number().int(),
  /** saldo_atual ≥ 0 */
  ativos: z.number().int(),
  /** saldo_atual < 0 */
  comPendencias: z.number().int(),
});
export type ClientesResumo = z.infer<typeof clientesResumoSchema>;

export const clientesPageSchema = paginatedSchema(clienteSchema).extend({ resumo: clientesResumoSchema });
export type ClientesPage = z.infer<typeof clientesPageSchema>;

/** Why an existing customer may be the one being registered again. */
export const MOTIVOS_SEMELHANCA = ['telefone', 'nome'] as const;
export type MotivoSemelhanca = (typeof MOTIVOS_SEMELHANCA)[number];

/** Query of GET /api/clientes/semelhantes: the name and phone of a customer about to be registered. */
export const clientesSemelhantesQuerySchema = z.object({
  nome: safeString().trim().max(120, 'tooLong').default(''),
  telefone: safeString().trim().max(MAX_TELEFONE_TEXTO, 'telefoneInvalido').default(''),
});
export type ClientesSemelhantesQuery = z.input<typeof clientesSemelhantesQuerySchema>;

/** The seller's customers with the same phone or a near-identical name (nomesQuaseIguais), the phone's first. */
export const clientesSemelhantesSchema = z.object({
  items: z.array(clienteSchema.extend({ motivos: z.array(z.enum(MOTIVOS_SEMELHANCA)).min(1) })),
});
export type ClientesSemelhantes = z.infer<typeof clientesSemelhantesSchema>;
export type ClienteSemelhante = ClientesSemelhantes['items'][number];
