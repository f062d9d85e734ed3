import { z } from 'zod';
import { CANAIS_MENSAGEM, STATUS_MENSAGEM } from '../mensagens-automaticas';
import { addDays } from '../dates';
import {
  DIA_VENCIMENTO_MAX,
  DIA_VENCIMENTO_MIN,
  DIAS_ANTECEDENCIA_MAX,
  DIAS_ANTECEDENCIA_PADRAO,
  DIAS_PRAZO_MAX,
  DIAS_PRAZO_MIN,
  FAIXAS_LEMBRETE,
  NIVEIS_ATRASO,
  ORDENS_DEVEDORES,
  REGRA_VENCIMENTO_PADRAO,
  SITUACOES_DEVEDOR,
  PROMESSA_MAX_DIAS,
  TIPOS_REGRA_VENCIMENTO,
  vencimentoAntesDaCompra,
} from '../devedores';
import { MAX_MENSAGEM, placeholdersDesconhecidos } from '../mensagens-cobranca';
import { LIMITE_DIARIO_MAX } from '../regua';
import { parseInteger } from '../money';
import { proximaParcelaSchema } from './parcelamento';
import { buscaSchema, dataDigitadaSchema, isoDateSchema, optionalTextSchema, safeString } from './campos';
import { paginatedSchema, paginationQuerySchema } from './pagination';
import { languageSchema, currencySchema } from './perfil';

// ── The seller's due-date rule (Configurar Vencimento) ──────────────────────────────────────────

const diaVencimentoSchema = z
  .number({ error: 'diaVencimentoInvalido' })
  .int('diaVencimentoInvalido')
  .min(DIA_VENCIMENTO_MIN, 'diaVencimentoInvalido')
  .max(DIA_VENCIMENTO_MAX, 'diaVencimentoInvalido');
const diasPrazoSchema = z
  .number({ error: 'diasPrazoInvalido' })
  .int('diasPrazoInvalido')
  .min(DIAS_PRAZO_MIN, 'diasPrazoInvalido')
  .max(DIAS_PRAZO_MAX, 'diasPrazoInvalido');

/** Body of PUT /api/cobranca/regra. Every field has its default, so switching type keeps the others. */
export const regraVencimentoSchema = z.object({
  tipo: z.enum(TIPOS_REGRA_VENCIMENTO),
  diaVencimento: diaVencimentoSchema.default(REGRA_VENCIMENTO_PADRAO.diaVencimento),
  diasPrazo: diasPrazoSchema.default(REGRA_VENCIMENTO_PADRAO.diasPrazo),
  /** Empty: day 1 of the month after the oldest pending sale (spec §4). */
  dataFixa: isoDateSchema.nullish().transform((v) => v ?? null),
});
export type RegraVencimentoInput = z.input<typeof regraVencimentoSchema>;
export type RegraVencimentoData = z.output<typeof regraVencimentoSchema>;

/** The rule dialog's fields as typed (the term is text); its output is a RegraVencimentoData. */
export const regraVencimentoFormSchema = (locale: string) =>
  z.object({
    tipo: z.enum(TIPOS_REGRA_VENCIMENTO),
    diaVencimento: z.string().transform((text, ctx) => {
      const n = Number(text);
      if (!Number.isInteger(n) || n < DIA_VENCIMENTO_MIN || n > DIA_VENCIMENTO_MAX) {
        ctx.addIssue({ code: 'custom', message: 'diaVencimentoInvalido' });
        return z.NEVER;
      }
      return n;
    }),
    diasPrazo: z.string().transform((text, ctx) => {
      const n = parseInteger(text, locale);
      if (n === null || n < DIAS_PRAZO_MIN || n > DIAS_PRAZO_MAX) {
        ctx.addIssue({ code: 'custom', message: 'diasPrazoInvalido' });
        return z.NEVER;
      }
      return n;
    }),
    dataFixa: dataDigitadaSchema,
  });
export type RegraVencimentoFormValues = z.input<ReturnType<typeof regraVencimentoFormSchema>>;

// ── Messages and reminders (Configurações → Mensagens) ──────────────────────────────────────────

const mensagemSchema = safeString({ error: 'required' })
  .trim()
  .min(1, 'required')
  .max(MAX_MENSAGEM, 'tooLong')
  .refine((texto) => placeholdersDesconhecidos(texto).length === 0, 'placeholderDesconhecido');

/** One text per message; null (or absent) means the default in the shop's language. */
const mensagemOpcional = mensagemSchema.nullish().transform((v) => v ?? null);
const mensagensSchema = z.object({ padrao: mensagemOpcional, gentil: mensagemOpcional, firme: mensagemOpcional, formal: mensagemOpcional });

/** Body of PUT /api/cobranca/mensagens. */
export const mensagensInputSchema = z.object({
  mensagens: mensagensSchema,
  /** Friendly reminder before the due date ("A vencer"); off by default. */
  lembreteAntecipado: z.boolean().default(false),
  diasAntecedencia: z
    .number({ error: 'diasAntecedenciaInvalido' })
    .int('diasAntecedenciaInvalido')
    .min(1, 'diasAntecedenciaInvalido')
    .max(DIAS_ANTECEDENCIA_MAX, 'diasAntecedenciaInvalido')
    .default(DIAS_ANTECEDENCIA_PADRAO),
});
export type MensagensInput = z.input<typeof mensagensInputSchema>;
export type MensagensData = z.output<typeof mensagensInputSchema>;

/**
 * The régua that runs by itself (PUT /api/cobranca/regua): on or off, the sending window (weekdays,
 * from–to o'clock in the shop's time zone; national holidays never) and the daily cap.
 */
export const reguaInputSchema = z
  .object({
    ativa: z.boolean(),
    dias: z
      .array(z.number().int().min(0).max(6), { error: 'reguaDiasInvalidos' })
      .min(1, 'reguaSemDias')
      .max(7, 'reguaDiasInvalidos')
      .refine((dias) => new Set(dias).size === dias.length, 'reguaDiasInvalidos')
      // Stored in weekday order, whatever order the form sent.
      .transform((dias) => [...dias].sort((a, b) => a - b)),
    inicio: z.number({ error: 'horaInvalida' }).int('horaInvalida').min(0, 'horaInvalida').max(23, 'horaInvalida'),
    fim: z.number({ error: 'horaInvalida' }).int('horaInvalida').min(1, 'horaInvalida').max(24, 'horaInvalida'),
    limiteDiario: z.number({ error: 'limiteDiarioInvalido' }).int('limiteDiarioInvalido').min(1, 'limiteDiarioInvalido').max(LIMITE_DIARIO_MAX, 'limiteDiarioInvalido'),
  })
  .refine((r) => r.fim > r.inicio, { path: ['fim'], message: 'janelaInvalida' });
export type ReguaInput = z.input<typeof reguaInputSchema>;
export type ReguaData = z.output<typeof reguaInputSchema>;

export const reguaSchema = z.object({
  ativa: z.boolean(),
  dias: z.array(z.number().int()),
  inicio: z.number().int(),
  fim: z.number().int(),
  limiteDiario: z.number().int(),
});
export type Regua = z.infer<typeof reguaSchema>;

const textosSchema = z.object({ padrao: z.string(), gentil: z.string(), firme: z.string(), formal: z.string() });

/** The seller's due-date rule as the API answers it. */
export const regraVencimentoRespostaSchema = z.object({
  tipo: z.enum(TIPOS_REGRA_VENCIMENTO),
  diaVencimento: z.number().int(),
  diasPrazo: z.number().int(),
  dataFixa: z.string().nullable(),
});

/** GET /api/cobranca: everything collection needs from the seller's settings. */
export const cobrancaConfigSchema = z.object({
  regra: regraVencimentoRespostaSchema,
  /** What each message says now (the seller's text or the default). */
  mensagens: textosSchema,
  /** The defaults in the shop's language ("Restaurar padrão"). */
  padroes: textosSchema,
  lembreteAntecipado: z.boolean(),
  diasAntecedencia: z.number().int(),
  /** The régua that runs by itself (it uses `diasAntecedencia` for its step before the due date). */
  regua: reguaSchema,
  /** The shop as messages name it ({loja}; the formal tier adds its CPF/CNPJ). */
  loja: z.object({ nome: z.string(), documento: z.string().nullable() }),
  /** The shop's PIX copia e cola for the previews' sample balance (SALDO_EXEMPLO); null without a PIX key. */
  pixExemplo: z.string().nullable(),
  idioma: languageSchema,
  moeda: currencySchema,
  /** The shop's calendar day (its time zone). */
  hoje: z.string(),
});
export type CobrancaConfig = z.infer<typeof cobrancaConfigSchema>;

// ── /devedores ───────────────────────────────────────────────────────────────────────────────────

export const devedoresQuerySchema = paginationQuerySchema.extend({
  /** Name (case- and accent-insensitive) or phone digits. */
  busca: buscaSchema,
  ordem: z.enum(ORDENS_DEVEDORES).default('maior_divida'),
  nivel: z.enum(NIVEIS_ATRASO).optional(),
  situacao: z.enum(SITUACOES_DEVEDOR).default('todos'),
});
export type DevedoresQuery = Partial<z.output<typeof devedoresQuerySchema>>;

export const ultimoLembreteSchema = z.object({
  /** ISO instant it was marked sent. */
  data: z.string(),
  faixa: z.enum(FAIXAS_LEMBRETE),
});

export const devedorSchema = z.object({
  id: z.uuid(),
  nome: z.string(),
  /** Digits only; may be empty or not a valid number for WhatsApp. */
  telefone: z.string(),
  login: z.string().nullable(),
  saldoAtual: z.number().int(),
  saldoPendente: z.number().int(),
  /**
   * Shop calendar day the oldest open debt started — a fiado sale, or a debit posted by hand such as
   * an opening balance (divida.ts); the shop's rule counts the due date from it.
   */
  pendenteDesde: z.string().nullable(),
  /** Pending fiado sales. */
  totalVendas: z.number().int(),
  dataVencimento: z.string(),
  /** The due date is the customer's own (not the seller's rule). */
  vencimentoProprio: z.boolean(),
  diasEmAtraso: z.number().int(),
  estaVencido: z.boolean(),
  nivel: z.enum(NIVEIS_ATRASO),
  faixa: z.enum(FAIXAS_LEMBRETE),
  ultimoLembrete: ultimoLembreteSchema.nullable(),
  lembradoHoje: z.boolean(),
  promessa: z.object({ data: z.string(), quebrada: z.boolean() }).nullable(),
  /** The customer disputed an entry the shop has not resolved: their collection is paused. */
  contestacaoAberta: z.boolean(),
  /** The newest automatic message to the customer and how it went (WhatsApp: sent, delivered, read, failed). */
  ultimoAviso: z.object({ canal: z.enum(CANAIS_MENSAGEM), status: z.enum(STATUS_MENSAGEM), em: z.string() }).nullable(),
  /** The shop's régua reminds this debtor by itself: they consented and the régua is on. */
  reguaAutomatica: z.boolean(),
  /** With a schedule of instalments in force: the oldest open instalment (its date is the due date). */
  parcela: proximaParcelaSchema.nullable(),
  /** The shop's PIX copia e cola for the pending balance ({pix} in messages); null without a PIX key or a debt. */
  pix: z.string().nullable(),
});
export type Devedor = z.infer<typeof devedorSchema>;

/** The cards, over every debtor of the seller (one SQL aggregate). */
export const devedoresResumoSchema = z.object({
  totalDevedores: z.number().int(),
  dividasVencidas: z.number().int(),
  valorTotal: z.number().int(),
  /** 30 days overdue or more. */
  casosCriticos: z.number().int(),
  /** Average days overdue over every debtor, rounded. */
  mediaAtraso: z.number().int(),
});
export type DevedoresResumo = z.infer<typeof devedoresResumoSchema>;

export const devedoresPageSchema = paginatedSchema(devedorSchema).extend({ resumo: devedoresResumoSchema, hoje: z.string() });
export type DevedoresPage = z.infer<typeof devedoresPageSchema>;

/** Detalhes: the card plus who the customer is and what they may still buy. */
export const devedorDetalheSchema = devedorSchema.extend({
  email: z.string().nullable(),
  endereco: z.string().nullable(),
  observacoes: z.string().nullable(),
  limiteCredito: z.number().int(),
  /** Credit left under the limit: limit − what they owe (credit in the shop adds to it). */
  disponivel: z.number().int(),
  ativo: z.boolean(),
  /** The customer's own due date, if the seller set one. */
  dataVencimentoPropria: z.string().nullable(),
  /**
   * Shop day of the oldest fiado purchase still pending, when the debt began with it: an agreed due
   * date cannot be before it. A debt that began with a debit entered by hand (an opening balance)
   * sets no bound (null): it may be older than the day it was typed.
   */
  compraMaisAntiga: z.string().nullable(),
  hoje: z.string(),
});
export type DevedorDetalhe = z.infer<typeof devedorDetalheSchema>;

/** Manage debt: notes and the customer's own due date (null: follow the seller's rule). */
export const cobrancaClienteInputSchema = z.object({
  observacoes: optionalTextSchema(500),
  dataVencimento: isoDateSchema.nullish().transform((v) => v ?? null),
});
export type CobrancaClienteInput = z.input<typeof cobrancaClienteInputSchema>;
export type CobrancaClienteData = z.output<typeof cobrancaClienteInputSchema>;

/**
 * "Gerenciar dívida" as typed: the notes, and the agreed due date as its field reports it ('' follows
 * the seller's rule). The date may not be before `compraMaisAntiga`, the shop's day of the oldest
 * purchase still owed (null: none); the server checks the same against its own rows.
 */
export const cobrancaClienteFormSchema = (compraMaisAntiga: string | null) =>
  z.object({
    observacoes: optionalTextSchema(500),
    dataVencimento: dataDigitadaSchema.refine((data) => !(data && vencimentoAntesDaCompra(data, compraMaisAntiga)), 'vencimentoAntesDaCompra'),
  });
export type CobrancaClienteFormValues = z.input<ReturnType<typeof cobrancaClienteFormSchema>>;

/** "Promessa de pagamento": the day the customer promised to pay; null removes it. */
export const promessaInputSchema = z.object({ data: isoDateSchema.nullable() });
export type PromessaInput = z.infer<typeof promessaInputSchema>;

/** The promise's field as typed: a day from `hoje` (the shop's) up to PROMESSA_MAX_DIAS ahead. */
export const promessaFormSchema = (hoje: string) =>
  z.object({
    data: dataDigitadaSchema
      .refine((data) => data !== null, 'required')
      .refine((data) => data === null || (data >= hoje && data <= addDays(hoje, PROMESSA_MAX_DIAS)), 'promessaForaDoPrazo'),
  });
export type PromessaFormValues = z.input<ReturnType<typeof promessaFormSchema>>;

export const lembreteSchema = z.object({
  id: z.uuid(),
  clienteId: z.uuid(),
  faixa: z.enum(FAIXAS_LEMBRETE),
  data: z.string(),
  diasAtraso: z.number().int(),
  valor: z.number().int(),
});
export type Lembrete = z.infer<typeof lembreteSchema>;
