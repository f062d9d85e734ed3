import { sql } from 'drizzle-orm';
import { pgPolicy, pgRole, text } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * The role every seller request runs as (`SET LOCAL ROLE app_user`). It is created by a custom
 * migration with IF NOT EXISTS logic, so the schema only declares it.
 */
export const appUser = pgRole('app_user').existing();

/** The seller id column every seller-owned table carries. */
export const ownerId = () =>
  text('owner_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' });

/** Row-level security: a row is visible and writable only under its owner's `app.user_id`. */
export const ownerPolicy = (table: string) =>
  pgPolicy(`${table}_owner`, {
    as: 'permissive',
    for: 'all',
    to: appUser,
    using: sql`owner_id = current_setting('app.user_id', true)`,
    withCheck: sql`owner_id = current_setting('app.user_id', true)`,
  });
