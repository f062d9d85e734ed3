import type { Logger } from 'drizzle-orm';
import type { Database } from '../src/db/client';

/** What drizzle keeps of its logger on a database and on each transaction's session (their options are shared). */
interface Internals {
  session: { logger: Logger; options: { logger?: Logger } };
}

/**
 * Every statement drizzle sends on `db` — outside and inside transactions, on either driver — while
 * `during` runs, in order, as SQL text with its $n placeholders (the values left out). For tests that
 * compare the work two requests do, not how long they take.
 */
export async function statementsDuring<T>(db: Database, during: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const { session } = db as unknown as Internals;
  const statements: string[] = [];
  const recorder: Logger = { logQuery: (query) => void statements.push(query) };
  const before = { own: session.logger, options: session.options.logger };
  session.logger = recorder;
  session.options.logger = recorder;
  try {
    return { result: await during(), statements };
  } finally {
    session.logger = before.own;
    session.options.logger = before.options;
  }
}
