import type pg from 'pg';

/**
 * Queries to a PostgreSQL server in the simple protocol, their parameters written into the text as
 * quoted literals (docs/decisions/021).
 *
 * node-postgres sends a query with parameters as an unnamed prepared statement (Parse, Bind,
 * Describe, Execute, Sync). Measured on this kind of machine, the server spent 2.5 times the CPU
 * on the same statements that way (3.5 ms per sales-list request instead of 1.3 ms): each unnamed
 * statement's memory is freed as the next one arrives, and glibc hands the heap back to the kernel
 * and takes it again every time (brk, with a TLB flush on every core; a fifth of the server's time
 * in perf). A query as one text has none of that, and still works through pgbouncer in
 * transaction mode, which named prepared statements would not.
 *
 * A value becomes the literal the server would have received as an untyped parameter: the same
 * text (node-postgres's own `prepareValue`), quoted as `escapeLiteral` does, so PostgreSQL infers its
 * type from the context exactly as it does for `$n`. Only `$n` outside string literals, quoted
 * identifiers, dollar-quoted bodies and comments is a parameter.
 */
export function inlineParameters(text: string, values: readonly unknown[], prepareValue: (value: unknown) => unknown): string {
  let out = '';
  let last = 0;
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text[i]!;
    if (c === "'") {
      // E'…' (or e'…') takes backslash escapes; any other string only doubled quotes.
      const escapes = i > 0 && (text[i - 1] === 'E' || text[i - 1] === 'e') && !isIdentifierChar(text[i - 2]);
      i = endOfQuoted(text, i, "'", escapes);
    } else if (c === '"') {
      i = endOfQuoted(text, i, '"', false);
    } else if (c === '-' && text[i + 1] === '-') {
      const end = text.indexOf('\n', i);
      i = end < 0 ? n : end + 1;
    } else if (c === '/' && text[i + 1] === '*') {
      i = endOfBlockComment(text, i);
    } else if (c === '$' && !isIdentifierChar(text[i - 1])) {
      const digits = /^\d+/.exec(text.slice(i + 1, i + 12));
      if (digits) {
        const index = Number(digits[0]);
        if (index < 1 || index > values.length) throw new Error(`query parameter $${index} has no value (${values.length} given)`);
        out += text.slice(last, i) + literal(values[index - 1], prepareValue);
        i += 1 + digits[0].length;
        last = i;
      } else {
        i = endOfDollarQuoted(text, i);
      }
    } else {
      i++;
    }
  }
  return out + text.slice(last);
}

/** A letter, digit, `_` or `$` continues an identifier (`a$1` is a name, not a parameter). */
function isIdentifierChar(c: string | undefined): boolean {
  return c !== undefined && /[\p{L}\p{N}_$]/u.test(c);
}

/** The index just past the quoted text that opens at `start` (a doubled quote is one quote). */
function endOfQuoted(text: string, start: number, quote: string, backslashEscapes: boolean): number {
  let i = start + 1;
  while (i < text.length) {
    const c = text[i]!;
    if (backslashEscapes && c === '\\') i += 2;
    else if (c === quote) {
      if (text[i + 1] === quote) i += 2;
      else return i + 1;
    } else i++;
  }
  throw new Error('unterminated quoted text in a query');
}

/** Block comments nest in PostgreSQL. */
function endOfBlockComment(text: string, start: number): number {
  let depth = 0;
  let i = start;
  while (i < text.length) {
    if (text[i] === '/' && text[i + 1] === '*') {
      depth++;
      i += 2;
    } else if (text[i] === '*' && text[i + 1] === '/') {
      depth--;
      i += 2;
      if (depth === 0) return i;
    } else i++;
  }
  throw new Error('unterminated comment in a query');
}

/** `$tag$ … $tag$` (the tag may be empty); a lone `$` is just a character. */
function endOfDollarQuoted(text: string, start: number): number {
  const tag = /^\$([A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/.exec(text.slice(start));
  if (!tag) return start + 1;
  const end = text.indexOf(tag[0], start + tag[0].length);
  if (end < 0) throw new Error('unterminated dollar-quoted text in a query');
  return end + tag[0].length;
}

/** The value as the quoted literal of the text node-postgres would have sent for it. */
function literal(value: unknown, prepareValue: (value: unknown) => unknown): string {
  const prepared = prepareValue(value);
  if (prepared === null || prepared === undefined) return 'NULL';
  const textValue = Buffer.isBuffer(prepared) ? `\\x${prepared.toString('hex')}` : String(prepared);
  // A NUL would end the query text early; PostgreSQL refuses it in any text value anyway.
  if (textValue.includes('\0')) throw new Error('a query value holds a NUL character');
  return quote(textValue);
}

/** PostgreSQL's quoting: quotes doubled; with any backslash, an E'' string with backslashes doubled. */
function quote(value: string): string {
  const doubled = value.replace(/'/g, "''");
  return value.includes('\\') ? `E'${doubled.replace(/\\/g, '\\\\')}'` : `'${doubled}'`;
}

/**
 * A node-postgres Client whose queries with parameters go in the simple protocol, values inlined.
 * Named (prepared) queries and submittables (cursors, streams) keep the extended protocol.
 */
export function simpleProtocolClient(base: typeof pg.Client, prepareValue: (value: unknown) => unknown): typeof pg.Client {
  return class SimpleProtocolClient extends base {
    override query(...args: unknown[]): never {
      const [config, values, callback] = args;
      const given = typeof config === 'string' ? { text: config } : (config as pg.QueryConfig | null);
      const isPlain = given !== null && typeof given === 'object' && typeof (given as { submit?: unknown }).submit !== 'function' && !given.name;
      const params = Array.isArray(values) ? (values as unknown[]) : given?.values;
      if (isPlain && params && params.length > 0) {
        const inlined = { ...given, text: inlineParameters(given.text, params, prepareValue), values: undefined };
        const done = typeof values === 'function' ? values : callback;
        return (super.query as (...a: unknown[]) => never)(inlined, done);
      }
      return (super.query as (...a: unknown[]) => never)(...args);
    }
  };
}
