import { z } from 'zod';
import { ESTADOS_PARCELAMENTO, MODOS_PARCELAMENTO, PARCELAS_MAX, PARCELAS_MIN, problemasDasParcelas } from '../parcelamento';
import { dataDigitadaSchema, isoDateSchema, MAX_CENTS, moneyTextSchema } from './campos';

const parcelaInputSchema = z.object({
  vencimento: isoDateSchema,
  valor: z.number({ error: 'parcelaSemValor' }).int('parcelaSemValor').min(1, 'parcelaSemValor').max(MAX_CENTS, 'valorMaximo'),
});

/**
 * Body of PUT /api/devedores/:id/parcelamento: the schedule of the customer's whole pending debt
 * (the form proposes it from the rhythm; the seller may change any date or amount). Without amounts,
 * the server splits the debt of that moment equally. The rules that need the debt and the shop's
 * day (problemasDasParcelas) are checked by the server too.
 */
export const parcelamentoInputSchema = z.object({
  modo: z.enum(MODOS_PARCELAMENTO),
  parcelas: z
    .array(parcelaInputSchema.extend({ valor: parcelaInputSchema.shape.valor.optional() }))
    .min(PARCELAS_MIN, 'parcelasQuantidade')
    .max(PARCELAS_MAX, 'parcelasQuantidade')
    // Every amount, or none: then the debt is split in equal parts, the remainder centavos on the last.
    .refine((parcelas) => parcelas.every((p) => p.valor !== undefined) || parcelas.every((p) => p.valor === undefined), 'parcelaSemValor'),
});
export type ParcelamentoInput = z.infer<typeof parcelamentoInputSchema>;

export const parcelaSchema = z.object({
  numero: z.number().int(),
  vencimento: z.string(),
  valor: z.number().int(),
  pago: z.number().int(),
  aberto: z.number().int(),
  status: z.enum(['paga', 'parcial', 'aberta']),
});

export const parcelamentoSchema = z.object({
  id: z.uuid(),
  estado: z.enum(ESTADOS_PARCELAMENTO),
  modo: z.enum(MODOS_PARCELAMENTO),
  total: z.number().int(),
  aberto: z.number().int(),
  criadoEm: z.string(),
  encerradoEm: z.string().nullable(),
  parcelas: z.array(parcelaSchema),
});
export type ParcelamentoDto = z.infer<typeof parcelamentoSchema>;

/** The customer's schedule in force (if any) and the ones it replaced, newest first. */
export const parcelamentosDoClienteSchema = z.object({
  ativo: parcelamentoSchema.nullable(),
  historico: z.array(parcelamentoSchema),
  saldoPendente: z.number().int(),
  hoje: z.string(),
});
export type ParcelamentosDoCliente = z.infer<typeof parcelamentosDoClienteSchema>;

/**
 * The instalment a debtor's card shows: the oldest still open, what is open of it, and what the
 * customer owes by its date (`devido`: what a reminder asks for, devidoNaParcela).
 */
export const proximaParcelaSchema = z.object({ numero: z.number().int(), de: z.number().int(), vencimento: z.string(), aberto: z.number().int(), devido: z.number().int() });
export type ProximaParcela = z.infer<typeof proximaParcelaSchema>;

/**
 * The "Parcelar dívida" form as typed: each instalment's date (the interface's order) and amount
 * (the interface language's money), checked by the same rules as the server (problemasDasParcelas)
 * against the debt `total` on the shop's day `hoje`; its output is the request's body.
 */
export const parcelamentoFormSchema = ({ total, hoje, locale }: { total: number; hoje: string; locale: string }) =>
  z
    .object({
      modo: z.enum(MODOS_PARCELAMENTO),
      parcelas: z.array(
        z.object({
          vencimento: dataDigitadaSchema.refine((d) => d !== null, 'required'),
          valor: moneyTextSchema('parcelaSemValor', { allowZero: false, locale }),
        }),
      ),
    })
    .transform((form, ctx) => {
      const parcelas = form.parcelas.map((p) => ({ vencimento: p.vencimento!, valor: p.valor }));
      for (const problema of problemasDasParcelas(parcelas, total, hoje)) {
        ctx.addIssue({ code: 'custom', message: problema.motivo, path: problema.indice === null ? ['parcelas', 'root'] : ['parcelas', problema.indice, problema.campo] });
      }
      return { modo: form.modo, parcelas };
    });
export type ParcelamentoFormValues = z.input<ReturnType<typeof parcelamentoFormSchema>>;
