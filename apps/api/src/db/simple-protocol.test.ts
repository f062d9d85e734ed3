import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, rowsOf } from '../../test/db';
import type { DbHandle } from './client';
import { inlineParameters } from './simple-protocol';

// node-postgres's conversion of a value to the text it sends (not in its type declarations).
const { prepareValue } = (pg as unknown as { utils: { prepareValue(value: unknown): unknown } }).utils;
const inline = (text: string, ...values: unknown[]) => inlineParameters(text, values, prepareValue);

describe('inlineParameters', () => {
  it('writes each $n as the quoted text of its value', () => {
    expect(inline('select $1, $2, $3, $4', 'a', 21, true, null)).toBe("select 'a', '21', 'true', NULL");
    expect(inline('select * from t where id = any($1) and n <= $2 limit $3', ['x', 'y'], 1.5, 20)).toBe(
      `select * from t where id = any('{"x","y"}') and n <= '1.5' limit '20'`,
    );
    expect(inline('select $1::jsonb', { a: "it's" })).toBe(`select '{"a":"it''s"}'::jsonb`);
    expect(inline('select $1::bytea', Buffer.from([0, 255]))).toBe("select E'\\\\x00ff'::bytea");
  });

  it('tells $1 from $10 and reads every digit', () => {
    const values = Array.from({ length: 12 }, (_, i) => `v${i + 1}`);
    expect(inline('select $1, $10, $12, $2', ...values)).toBe("select 'v1', 'v10', 'v12', 'v2'");
  });

  it('quotes what would end the literal early: quotes doubled, backslashes in an E string', () => {
    expect(inline('select $1', "O'Brien")).toBe("select 'O''Brien'");
    expect(inline('select $1', "a\\'; drop table t; --")).toBe("select E'a\\\\''; drop table t; --'");
  });

  it('leaves $n alone inside strings, quoted names, dollar quotes, comments and names', () => {
    const text = [
      "select '$1', 'it''s $1', E'\\'$1', \"col$1\", a$1, $$ $1 $$, $f$ $1 $f$ -- $1",
      '/* $1 /* nested $1 */ $1 */ $1',
    ].join('\n');
    expect(inline(text, 'x')).toBe(text.replace(/\$1$/, "'x'"));
  });

  it('refuses a missing value, a NUL character and unterminated text', () => {
    expect(() => inline('select $2', 'a')).toThrow(/\$2 has no value/);
    expect(() => inline('select $0', 'a')).toThrow(/\$0 has no value/);
    expect(() => inline('select $1', 'a\0b')).toThrow(/NUL/);
    expect(() => inline("select 'open $1", 'a')).toThrow(/unterminated/);
    expect(() => inline('select $q$ open $1', 'a')).toThrow(/unterminated/);
  });
});

describe('a value inlined reaches the server as it would as a parameter', () => {
  let handle: DbHandle;
  beforeAll(async () => {
    handle = await createTestDatabase();
  });
  afterAll(() => handle.close());

  // Text with what SQL cares about (quotes, backslashes, dollars, dashes, stars), and any other character.
  const awkward = fc.string({ unit: fc.oneof(fc.constantFrom("'", '"', '\\', '$', '-', '*', '/', '\n', ';', 'E', '1'), fc.string({ unit: 'grapheme', minLength: 1, maxLength: 1 })) });
  const kinds = [
    { cast: 'text', value: awkward.filter((s) => !s.includes('\0')) },
    // (PostgreSQL refuses \u0000 in jsonb whichever way it arrives.)
    { cast: 'jsonb', value: fc.jsonValue().map((v) => ({ v })).filter((v) => !JSON.stringify(v).includes('\\u0000')) },
    { cast: 'text[]', value: fc.array(awkward.filter((s) => !s.includes('\0')), { maxLength: 4 }) },
    { cast: 'timestamptz', value: fc.date({ min: new Date('1900-01-01'), max: new Date('2200-01-01'), noInvalidDate: true }) },
    { cast: 'numeric', value: fc.oneof(fc.integer(), fc.integer().map((n) => n / 100)) },
    { cast: 'boolean', value: fc.boolean() },
  ];

  for (const { cast, value } of kinds) {
    it(`as ${cast}`, async () => {
      await fc.assert(
        fc.asyncProperty(value, async (v) => {
          const text = `select $1::${cast}::text as v, $1::${cast} is null as missing`;
          // The parameterized query (PGlite's extended protocol; on a server this pool inlines too,
          // and simple-protocol.pg.test.ts compares with a plain node-postgres client).
          const p = sql.param(v);
          const asParameter = rowsOf(await handle.db.execute(sql`select ${p}::${sql.raw(cast)}::text as v, ${p}::${sql.raw(cast)} is null as missing`));
          const inlined = rowsOf(await handle.db.execute(sql.raw(inline(text, v))));
          expect(inlined).toEqual(asParameter);
        }),
        { numRuns: 60 },
      );
    });
  }
});
