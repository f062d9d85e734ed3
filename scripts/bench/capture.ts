import { readFileSync, statSync } from 'node:fs';
import type pg from 'pg';

/**
 * The exact SQL an endpoint sends, read from PostgreSQL's own log: every statement is logged
 * (log_min_duration_statement = 0) while one request runs, then the log is parsed back into
 * statements with their parameters inlined, ready for pgbench.
 */
export async function captureSql(admin: pg.Client, logFile: string, request: () => Promise<unknown>): Promise<string[]> {
  await admin.query(`alter system set log_min_duration_statement = 0`);
  await admin.query(`alter system set log_line_prefix = '@@%p '`);
  await admin.query('select pg_reload_conf()');
  await new Promise((resolve) => setTimeout(resolve, 300));
  const start = statSync(logFile).size;
  await request();
  await new Promise((resolve) => setTimeout(resolve, 300));
  await admin.query('alter system reset log_min_duration_statement');
  await admin.query('alter system reset log_line_prefix');
  await admin.query('select pg_reload_conf()');
  const text = readFileSync(logFile).subarray(start).toString('utf8');
  return parseLog(text);
}

const ENTRY = /^@@(\d+) (LOG|DETAIL):\s+([\s\S]*)$/;
const PARAM = /\$(\d+) = (NULL|'((?:[^']|'')*)')/g;

export function parseLog(text: string): string[] {
  const entries: Array<{ pid: string; kind: string; body: string }> = [];
  for (const line of text.split('\n')) {
    const match = ENTRY.exec(line);
    if (match) entries.push({ pid: match[1]!, kind: match[2]!, body: match[3]! });
    else if (entries.length && line.length && !line.startsWith('@@')) entries[entries.length - 1]!.body += `\n${line}`;
  }
  const statements: string[] = [];
  for (let i = 0; i < entries.length; i++) {
    const entry = entries[i]!;
    if (entry.kind !== 'LOG') continue;
    const simple = /^duration: [\d.]+ ms {2}statement: ([\s\S]*)$/.exec(entry.body);
    const execute = /^duration: [\d.]+ ms {2}execute [^:]*: ([\s\S]*)$/.exec(entry.body);
    const sqlText = simple?.[1] ?? execute?.[1];
    if (!sqlText) continue;
    let params: string[] = [];
    const next = entries[i + 1];
    if (execute && next && next.kind === 'DETAIL' && next.pid === entry.pid && next.body.startsWith('parameters:')) {
      params = [];
      for (const p of next.body.matchAll(PARAM)) params[Number(p[1])] = p[2] === 'NULL' ? 'NULL' : `'${p[3]}'`;
    }
    if (/select pg_reload_conf|alter system/i.test(sqlText)) continue;
    statements.push(sqlText.trim().replace(/\$(\d+)/g, (_, n: string) => params[Number(n)] ?? `$${n}`));
  }
  return statements;
}

/** A pgbench script running the statements in order, one transaction's worth per execution. */
export function pgbenchScript(statements: string[]): string {
  return statements.map((s) => `${oneCommand(s)};`).join('\n') + '\n';
}

/**
 * One logged statement as one pgbench command, without its final semicolon. The app sends some
 * statements together in one message (BEGIN and the seller's scope): their inner semicolons become
 * pgbench's `\;`, so pgbench sends them in one round trip too. Quotes are respected.
 */
export function oneCommand(statement: string): string {
  const text = statement.trim().replace(/;\s*$/, '');
  let out = '';
  let quoted = false;
  for (const char of text) {
    if (char === "'") quoted = !quoted;
    out += char === ';' && !quoted ? '\\;' : char;
  }
  return out;
}
