import { z } from 'zod';
import { parseMoney } from '../money';

/** Largest amount any money field accepts: R$ 999.999.999,99 — far above any shop, far below 2^53. */
export const MAX_CENTS = 99_999_999_999;
/** Largest stock count (the column is a PostgreSQL integer). */
export const MAX_QUANTIDADE = 1_000_000_000;

/** The status filter every catalogue list shares (spec §4: lists show active records by default). */
export const LIST_STATUS = ['ativos', 'inativos', 'todos'] as const;
export type ListStatus = (typeof LIST_STATUS)[number];
export const listStatusSchema = z.enum(LIST_STATUS).default('ativos');

export const buscaSchema = z.string().trim().max(100, 'tooLong').optional();

/** Optional free text: blank or absent becomes null (spec §5: empty fields are sent as absent). */
export const optionalTextSchema = (max: number) =>
  z
    .string()
    .trim()
    .max(max, 'tooLong')
    .nullish()
    .transform((v) => (v ? v : null));

/** A money amount typed in a form ("12,90", "1.234,56"), turned into centavos. */
export const moneyTextSchema = (message: string, { allowZero }: { allowZero: boolean }) =>
  z.string().transform((text, ctx) => {
    const cents = parseMoney(text);
    if (cents === null || cents < 0 || (!allowZero && cents === 0) || cents > MAX_CENTS) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return cents;
  });

/** A whole number of units typed in a form ("12"), with no sign, decimals or letters. */
export const quantityTextSchema = (message: string) =>
  z.string().transform((text, ctx) => {
    const trimmed = text.trim();
    if (!/^\d{1,10}$/.test(trimmed) || Number(trimmed) > MAX_QUANTIDADE) {
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    }
    return Number(trimmed);
  });

/** Path parameter `:id` of every record route: a malformed id is a 400, never a 500. */
export const idParamsSchema = z.object({ id: z.uuid('invalidId') });
