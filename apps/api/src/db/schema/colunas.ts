import { bigint } from 'drizzle-orm/pg-core';

/** Money columns are bigint centavos, read as JS numbers (safe far beyond any shop's totals, ADR 007). */
export const cents = (name: string) => bigint(name, { mode: 'number' });
