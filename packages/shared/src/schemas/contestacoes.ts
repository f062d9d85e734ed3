import { z } from 'zod';
import { ENTRADAS_CONTESTAVEIS, MAX_MOTIVO_CONTESTACAO, MAX_RESPOSTA_CONTESTACAO, RESOLUCOES_CONTESTACAO } from '../contestacoes';
import { MAX_CENTS, moneyTextSchema, safeString } from './campos';

/*
 * The customer confirms or disputes an entry of their account (issue 38, item 5): on their page
 * each purchase, opening balance and payment has "Reconheço" / "Não reconheço" (with a reason).
 * A dispute stays open until the shop resolves it — cancelling the sale, correcting the amount by
 * a credit, or answering with a note the customer sees — and pauses the customer's collection.
 */

/** The customer's answer about one entry: "Reconheço", or "Não reconheço" with the reason. */
export const conferenciaInputSchema = z
  .object({
    lancamentoId: z.uuid(),
    reconhece: z.boolean(),
    motivo: safeString().trim().max(MAX_MOTIVO_CONTESTACAO, 'tooLong').optional(),
  })
  .strict()
  .superRefine((input, ctx) => {
    if (!input.reconhece && !input.motivo) ctx.addIssue({ code: 'custom', path: ['motivo'], message: 'motivoContestacaoObrigatorio' });
  });
export type ConferenciaInput = z.input<typeof conferenciaInputSchema>;

/** How the shop resolves a dispute: `valorCorreto` (centavos) only when correcting it. */
export const resolverContestacaoInputSchema = z
  .object({
    acao: z.enum(RESOLUCOES_CONTESTACAO),
    resposta: safeString().trim().min(1, 'respostaObrigatoria').max(MAX_RESPOSTA_CONTESTACAO, 'tooLong'),
    valorCorreto: z.number().int().min(0).max(MAX_CENTS, 'tooLarge').optional(),
  })
  .strict()
  .superRefine((input, ctx) => {
    if (input.acao === 'corrigida' && input.valorCorreto === undefined) ctx.addIssue({ code: 'custom', path: ['valorCorreto'], message: 'valorCorretoObrigatorio' });
  });
export type ResolverContestacaoInput = z.input<typeof resolverContestacaoInputSchema>;

/**
 * The shop's resolution form: the right amount as typed, read by the rules of `locale`, only when
 * correcting; its output is a ResolverContestacaoInput.
 */
export const resolverContestacaoFormSchema = (locale: string) =>
  z
    .object({ acao: z.enum(RESOLUCOES_CONTESTACAO), resposta: z.string(), valorCorreto: z.string() })
    .transform((form, ctx) => {
      const valor = form.acao === 'corrigida' ? moneyTextSchema('valorInvalido', { allowZero: true, locale, max: MAX_CENTS }).safeParse(form.valorCorreto) : null;
      if (valor && !valor.success) {
        for (const issue of valor.error.issues) ctx.addIssue({ code: 'custom', path: ['valorCorreto'], message: issue.message });
      }
      const lido = resolverContestacaoInputSchema.safeParse({ acao: form.acao, resposta: form.resposta, ...(valor?.success ? { valorCorreto: valor.data } : {}) });
      if (!lido.success) {
        for (const issue of lido.error.issues) if (!(valor && issue.path[0] === 'valorCorreto')) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
        return z.NEVER;
      }
      return valor && !valor.success ? z.NEVER : lido.data;
    });
export type ResolverContestacaoFormValues = z.input<ReturnType<typeof resolverContestacaoFormSchema>>;

/** The customer's answer about one entry, as both sides see it. */
export const conferenciaSchema = z.object({
  id: z.uuid(),
  lancamentoId: z.uuid(),
  reconhece: z.boolean(),
  motivo: z.string().nullable(),
  em: z.string(),
  /** Open: a dispute the shop has not resolved yet. */
  aberta: z.boolean(),
  resolucao: z.enum(RESOLUCOES_CONTESTACAO).nullable(),
  resposta: z.string().nullable(),
  resolvidaEm: z.string().nullable(),
});
export type Conferencia = z.infer<typeof conferenciaSchema>;

/** A dispute with the entry it is about (the customer page's and the shop's lists). */
export const contestacaoSchema = conferenciaSchema.extend({
  entrada: z.object({
    tipo: z.enum(ENTRADAS_CONTESTAVEIS),
    /** What the entry was for the customer (positive): a purchase's total, a payment's amount. */
    valor: z.number().int(),
    data: z.string(),
    /** The sale's number, for a purchase. */
    numeroVenda: z.string().nullable(),
    /** The sale's id, for a purchase (the shop cancels it from here). */
    vendaId: z.uuid().nullable(),
    /** The sale was cancelled (by this resolution or before). */
    cancelada: z.boolean(),
    /** The description of an adjustment typed by the shop. */
    descricao: z.string().nullable(),
  }),
});
export type Contestacao = z.infer<typeof contestacaoSchema>;

export const contestacoesSchema = z.object({ items: z.array(contestacaoSchema) });
export type Contestacoes = z.infer<typeof contestacoesSchema>;
