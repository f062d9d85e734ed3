import { eq, sql, type SQL } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE, type IsoDate } from '@caderneta/shared';
import { knownTimeZone, type Executor } from '../db/client';
import { perfis } from '../db/schema';

/**
 * "The shop's day", written once: what today and a period of calendar days are in the shop's
 * time zone, as instants PostgreSQL compares `timestamptz` columns with. A period [de, ate] of
 * local dates (both inclusive) is the half-open range [start of de, start of the day after ate).
 * Sales, the dashboard, the rollups and the reports all use these; none writes its own.
 */

/** The shop's time zone (the seller's profile), or the default for a seller without one. */
export async function shopTimeZone(tx: Executor, ownerId: string): Promise<string> {
  const known = knownTimeZone(tx, ownerId);
  if (known) return known;
  const [row] = await tx.select({ fuso: perfis.fusoHorario }).from(perfis).where(eq(perfis.ownerId, ownerId));
  return row?.fuso ?? DEFAULT_TIME_ZONE;
}

/** The shop's time zone inside a query, when a separate round trip is not worth it. */
export const shopTimeZoneSql = (ownerId: string): SQL =>
  sql`coalesce((select ${perfis.fusoHorario} from ${perfis} where ${perfis.ownerId} = ${ownerId}), ${DEFAULT_TIME_ZONE})`;

/** A time zone's name, or SQL that yields it (shopTimeZoneSql: no round trip of its own). */
export type Zone = string | SQL;
const zone = (timeZone: Zone) => (typeof timeZone === 'string' ? sql`${timeZone}::text` : timeZone);

/** The instant a local calendar date starts in the shop's time zone. */
export const startOfDay = (date: IsoDate, timeZone: Zone): SQL => sql`(${date}::date::timestamp at time zone ${zone(timeZone)})`;

/** The instant the local day after `date` starts: the exclusive end of a period ending on `date`. */
export const endOfDay = (date: IsoDate, timeZone: Zone): SQL => sql`((${date}::date + 1)::timestamp at time zone ${zone(timeZone)})`;

/** Today in the shop's time zone at `agora` (the app's clock, not the database's): [start, end). */
export function today(timeZone: Zone, agora: Date): { inicio: SQL; fim: SQL } {
  const local = sql`date_trunc('day', ${agora.toISOString()}::timestamptz at time zone ${zone(timeZone)})`;
  return {
    inicio: sql`(${local} at time zone ${zone(timeZone)})`,
    fim: sql`((${local} + interval '1 day') at time zone ${zone(timeZone)})`,
  };
}

/** A period of local dates, either end optional: [start of `de`, end of `ate`). */
export function period(de: IsoDate | undefined, ate: IsoDate | undefined, timeZone: Zone): { inicio: SQL | null; fim: SQL | null } {
  return { inicio: de ? startOfDay(de, timeZone) : null, fim: ate ? endOfDay(ate, timeZone) : null };
}

/** `column` within the period: conditions to AND (none for an open period). */
export function withinPeriod(column: SQL | { name: string }, range: { inicio: SQL | null; fim: SQL | null }): SQL[] {
  const conditions: SQL[] = [];
  if (range.inicio) conditions.push(sql`${column} >= ${range.inicio}`);
  if (range.fim) conditions.push(sql`${column} < ${range.fim}`);
  return conditions;
}
