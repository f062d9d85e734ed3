import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { ListStatus } from '@caderneta/shared';
import type { Executor } from '../db/client';

/** Rows of a raw query on either driver (PGlite and node-postgres both answer `{ rows }`). */
export async function queryRows<T>(tx: Executor, query: SQL): Promise<T[]> {
  const result = (await tx.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** Escapes LIKE's wildcards so a typed "%" or "_" matches itself (backslash is LIKE's default escape). */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/** `column LIKE '%term%'` with the term taken literally. */
export const contains = (column: AnyPgColumn | SQL, term: string): SQL => sql`${column} like ${`%${escapeLike(term)}%`}`;

/** The catalogue status filter (spec §4: lists show active records unless asked otherwise). */
export function statusCondition(column: AnyPgColumn, status: ListStatus): SQL | undefined {
  if (status === 'ativos') return sql`${column} = true`;
  if (status === 'inativos') return sql`${column} = false`;
  return undefined;
}

/**
 * Lower-cases and strips Portuguese/Spanish accents inside SQL, for columns without a stored
 * normalized copy. Both cases are listed because lower() leaves non-ASCII letters alone under
 * the C locale.
 */
export const unaccentLower = (column: AnyPgColumn | SQL): SQL =>
  sql`translate(lower(coalesce(${column}, '')), 'áàâãäéèêëíìîïóòôõöúùûüçñÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇÑ', 'aaaaaeeeeiiiiooooouuuucnaaaaaeeeeiiiiooooouuuucn')`;

/** COUNT(*) as a JS number on either driver. */
export const countAll = () => sql<number>`count(*)`.mapWith(Number);

/**
 * How many stored steps make one whole unit (unidades.ts `escalaDaUnidade`), in SQL: 1000 for kg and
 * L (kept in grams and millilitres), 1 otherwise.
 */
export const escalaDaUnidadeSql = (unidade: AnyPgColumn | SQL): SQL => sql`(case when ${unidade} in ('kg', 'l') then 1000 else 1 end)`;
