import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, rowsOf } from '../../test/db';
import type { DbHandle } from './client';

/** The app's queries on a PostgreSQL server go in the simple protocol, values inlined (ADR 021). */
describe('queries to a PostgreSQL server', () => {
  let handle: DbHandle & { url?: string };
  let plain: pg.Client;
  beforeAll(async () => {
    handle = await createTestDatabase();
    // node-postgres as it comes: parameters in the extended protocol.
    plain = new pg.Client({ connectionString: handle.url });
    await plain.connect();
  });
  afterAll(async () => {
    await plain.end();
    await handle.close();
  });

  it('reach the server as one text holding the values, which the server shows while it runs', async () => {
    const marker = `marcador ${Date.now()}`;
    // (A drizzle query starts when something awaits it.)
    const running = Promise.resolve(handle.db.execute(sql`select pg_sleep(0.5), ${marker}::text as m`));
    let seen: string | undefined;
    for (let i = 0; i < 40 && !seen; i++) {
      await new Promise((resolve) => setTimeout(resolve, 25));
      const { rows } = await plain.query<{ query: string }>("select query from pg_stat_activity where query like '%pg_sleep(0.5)%' and pid <> pg_backend_pid()");
      seen = rows[0]?.query;
    }
    await running;
    expect(seen).toContain(`'${marker}'::text`);
    expect(seen).not.toMatch(/\$\d/);
  });

  it('give the same answers as parameters in the extended protocol', async () => {
    const values: Array<[unknown, string]> = [
      ["O'Brien \\ $1 -- /* x */", 'text'],
      [['a"b', 'c\\d', 'e,f', ''], 'text[]'],
      [{ nome: "Conceição 'e' \\n" }, 'jsonb'],
      [new Date('2026-02-28T23:30:00.123Z'), 'timestamptz'],
      [123456789012, 'bigint'],
      [-0.01, 'numeric'],
      [false, 'boolean'],
      [null, 'text'],
      [Buffer.from('caderneta'), 'bytea'],
    ];
    for (const [value, cast] of values) {
      const text = `select $1::${cast}::text as v`;
      const extended = (await plain.query(text, [value])).rows;
      const simple = rowsOf(await handle.db.execute(sql`select ${sql.param(value)}::${sql.raw(cast)}::text as v`));
      expect(simple, `${cast}: ${String(value)}`).toEqual(extended);
    }
  });
});
