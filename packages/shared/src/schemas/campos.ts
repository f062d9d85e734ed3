import { z } from 'zod';
import { parseInteger, parseMoney } from '../money';
import { maxEstoque, maxEstoqueGuardado } from '../unidades';

/*
 * Business maximums (see docs/decisions/007-business-limits.md). Each one is far above what a shop
 * types and chosen so that no sum of accepted values can leave the safe ranges: JavaScript's exact
 * integers (2^53 ≈ 9 × 10^15), PostgreSQL's integer (2^31 − 1 ≈ 2.1 × 10^9) for stock and
 * quantities, and bigint (≈ 9.2 × 10^18) for centavos.
 *  - one sale ≤ MAX_TOTAL_VENDA = R$ 10 milhões (10^9 centavos), checked on the server after the
 *    prices are read; a seller would need 900 million such sales to reach 2^53 in any sum.
 *  - one price ≤ MAX_PRECO = R$ 1 milhão (10^8); stock ≤ MAX_ESTOQUE = 10^6 units, so a product's
 *    stock value is ≤ 10^14 and the whole catalogue's (even 10^4 products) ≤ 10^18 < bigint.
 *  - quantity per item ≤ MAX_QUANTIDADE_ITEM = 10^4 and items per sale ≤ MAX_ITENS_VENDA = 200, so a
 *    sale moves ≤ 2 × 10^6 units: a cancelled sale puts back at most that on top of MAX_ESTOQUE,
 *    and no cancellation may take a stock past MAX_ESTOQUE_GUARDADO (3 × 10^6), far below the
 *    integer column's 2.1 × 10^9.
 *  - weighed and measured units (kg, L) keep their own limits in thousandths: unidades.ts.
 */
/** Largest sale or cost price: R$ 1.000.000,00. */
export const MAX_PRECO = 100_000_000;
/** Largest stock a person may type. */
export const MAX_ESTOQUE = maxEstoque('un');
/**
 * Largest stock the shop can hold: what a person may type plus what one cancelled sale puts back
 * (MAX_QUANTIDADE_ITEM × MAX_ITENS_VENDA). Cancelling a sale that would take a product past it is
 * refused: otherwise typing the stock back to the maximum between sales and their cancellations
 * could grow it without end, past what a product's stock value (× MAX_PRECO) can count exactly.
 */
export const MAX_ESTOQUE_GUARDADO = maxEstoqueGuardado('un');
/** Largest credit limit: R$ 10.000.000,00, the largest sale. */
export const MAX_LIMITE_CREDITO = 1_000_000_000;
/** Largest amount of any money field a form accepts (the largest of the above). */
export const MAX_CENTS = 1_000_000_000;

/**
 * Control characters have no place in a name, note or search (PostgreSQL refuses NUL in text with
 * 22021, which used to surface as a 500), and neither do lone UTF-16 surrogates. Tab and line
 * breaks are allowed (notes may have several lines).
 */
// eslint-disable-next-line no-control-regex -- matching them is the point
const CONTROL_CHARACTERS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]|\p{Cs}/u;

export const hasControlCharacters = (text: string) => CONTROL_CHARACTERS.test(text);

/**
 * The string every text field and search parameter of the shared schemas starts from: a string
 * without control characters ("caracteresInvalidos").
 */
export const safeString = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine((text) => !hasControlCharacters(text), 'caracteresInvalidos');

/** "YYYY-MM-DD" that is a real calendar date (no 2024-02-30, no month 13), years 1900–9999. */
export const isoDateSchema = safeString().refine((text) => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  const [y, m, d] = text.split('-').map(Number) as [number, number, number];
  if (y < 1900) return false;
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}, 'date');

/**
 * A date field of a form as the field reports it (components/date-field.tsx): '' when empty (null),
 * a date as "YYYY-MM-DD", or what the person typed while it is not a date yet ("31/02/2026",
 * "15/0"), refused as 'date' — so a form never sends the date the field held before.
 */
export const dataDigitadaSchema = z.string().transform((text, ctx) => {
  if (text === '') return null;
  if (!isoDateSchema.safeParse(text).success) {
    ctx.addIssue({ code: 'custom', message: 'date' });
    return z.NEVER;
  }
  return text;
});

/**
 * Something the counter queued while offline — a sale or a payment (issue 36, ADR 034): when it was
 * made there, an ISO date-time with its offset ("2026-11-27T14:03:00.000Z"). Whether it lies in the
 * accepted window is checked on the server against its clock (`foraDaJanelaOffline`), so a device's
 * wrong clock cannot be trusted here.
 */
export const offlineInputSchema = z.object({
  feitaEm: z.iso.datetime({ offset: true, error: 'feitaEmInvalida' }),
});
export type OfflineInput = z.infer<typeof offlineInputSchema>;

/** The status filter every catalogue list shares (spec §4: lists show active records by default). */
export const LIST_STATUS = ['ativos', 'inativos', 'todos'] as const;
export type ListStatus = (typeof LIST_STATUS)[number];
export const listStatusSchema = z.enum(LIST_STATUS).default('ativos');

export const buscaSchema = safeString().trim().max(100, 'tooLong').optional();

/** Optional free text: blank or absent becomes null (spec §5: empty fields are sent as absent). */
export const optionalTextSchema = (max: number) =>
  safeString()
    .trim()
    .max(max, 'tooLong')
    .nullish()
    .transform((v) => (v ? v : null));

/**
 * A money amount typed in a form ("12,90", "1.234,56" in pt-BR; "12.90" in en-US), read by the
 * rules of the interface language `locale` and turned into centavos.
 */
export const moneyTextSchema = (message: string, { allowZero, locale, max = MAX_CENTS }: { allowZero: boolean; locale: string; max?: number }) =>
  z.string().transform((text, ctx) => {
    const cents = parseMoney(text, locale);
    if (cents === null || cents < 0 || (!allowZero && cents === 0)) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    if (cents > max) {
      ctx.addIssue({ code: 'custom', message: 'tooLarge' });
      return z.NEVER;
    }
    return cents;
  });

/** A whole number of units typed in a form ("12", "1.000" in pt-BR), with no sign, decimals or letters. */
export const quantityTextSchema = (message: string, { locale, max = MAX_ESTOQUE }: { locale: string; max?: number }) =>
  z.string().transform((text, ctx) => {
    const n = parseInteger(text, locale);
    if (n === null) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    if (n > max) {
      ctx.addIssue({ code: 'custom', message: 'tooLarge' });
      return z.NEVER;
    }
    return n;
  });

/** Path parameter `:id` of every record route: a malformed id is a 400, never a 500. */
export const idParamsSchema = z.object({ id: z.uuid('invalidId') });
