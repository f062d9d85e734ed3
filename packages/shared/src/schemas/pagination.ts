import { z } from 'zod';

/** Far past any seller's last page; keeps the offset a small number. */
export const MAX_PAGE = 100_000;

export const MAX_PAGE_SIZE = 100;

/** Query string of every list endpoint; numbers arrive as text. */
export const paginationQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(20),
});
export type PaginationQuery = z.infer<typeof paginationQuerySchema>;

/** The answer of every list endpoint: one page plus the total matching rows. */
export function paginatedSchema<T extends z.ZodTypeAny>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int(), page: z.number().int(), pageSize: z.number().int() });
}

export const offsetOf = (q: PaginationQuery) => (q.page - 1) * q.pageSize;
