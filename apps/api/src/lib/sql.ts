import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client';

/** Rows of a raw query on either driver (PGlite and node-postgres both answer `{ rows }`). */
export async function queryRows<T>(tx: Executor, query: SQL): Promise<T[]> {
  const result = (await tx.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Escapes LIKE wildcards so a search for "50%" finds "50%", not everything. */
export const likeContains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Lower-cased, accent-free text, as the *_busca columns store names. */
export const searchKey = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .trim();

const ACCENTED = 'ÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑáàâãäéèêëíìîïóòôõöúùûüçñ';
const PLAIN = 'AAAAAEEEEIIIIOOOOOUUUUCNaaaaaeeeeiiiiooooouuuucn';

/**
 * A text column without Portuguese/Spanish accents, for ILIKE against `searchKey(input)`. Works
 * whatever the database's locale (ILIKE alone folds only ASCII under the C locale).
 */
export const unaccented = (column: SQL | SQL.Aliased | unknown) => sql`translate(${column}, ${ACCENTED}, ${PLAIN})`;
