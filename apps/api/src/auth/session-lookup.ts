import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { queryRows } from '../lib/sql';
import type { Auth } from './auth';
import type { Seller } from './seller';

/**
 * The signed-in seller of a request in one query, without going through better-auth's endpoint
 * machinery (a Fetch Request, WebCrypto key import, two adapter queries): that was a quarter of
 * the CPU of a typical API request (issue 11's profiles).
 *
 * Only the plain case is answered here — a correctly signed session cookie whose session exists,
 * has not expired and is not due for its daily extension (or never is: a session without
 * "Permanecer logado"). Everything else (no or bad cookie,
 * unknown or expired session, an extension to write, a leftover session-data cookie) returns
 * null, and the caller asks better-auth, which answers those cases with their cookies and clean-up.
 * Names, the secret and the session's ages are read from better-auth's own context, so both paths
 * agree by construction.
 */
export interface SessionLookup {
  (cookieHeader: string | undefined): Promise<Seller | null>;
}

interface SessionRow {
  user_id: string;
  expires_at: Date | string;
  name: string;
  email: string;
}

export async function createSessionLookup(auth: Auth, db: Database): Promise<SessionLookup> {
  const context = await auth.$context;
  const tokenCookie = context.authCookies.sessionToken.name;
  const dataCookie = context.authCookies.sessionData.name;
  const dontRememberCookie = context.authCookies.dontRememberToken.name;
  const { expiresIn, updateAge } = context.sessionConfig;
  const secret = context.secret;

  return async (cookieHeader) => {
    if (!cookieHeader) return null;
    const cookies = parseCookies(cookieHeader);
    if (cookies.has(dataCookie)) return null;
    const token = verifySignedValue(cookies.get(tokenCookie), secret);
    if (!token) return null;
    const [row] = await queryRows<SessionRow>(
      db,
      sql`select s.user_id, s.expires_at, u.name, u.email from sessions s join users u on u.id = s.user_id where s.token = ${token}`,
    );
    if (!row) return null;
    const expiresAt = new Date(row.expires_at).getTime();
    const now = Date.now();
    if (!(expiresAt > now)) return null;
    // better-auth extends a session once it is `updateAge` old (that write is left to it), except a
    // session signed in without "Permanecer logado", which it never extends.
    const dueForExtension = expiresAt - expiresIn * 1000 + updateAge * 1000 <= now;
    if (dueForExtension && !verifySignedValue(cookies.get(dontRememberCookie), secret)) return null;
    return { id: row.user_id, nome: row.name, email: row.email };
  };
}

/** The cookies of a Cookie header, values URI-decoded (first of each name wins, as in better-call). */
export function parseCookies(header: string): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq < 0) continue;
    const name = part.slice(0, eq).trim();
    if (!name || cookies.has(name)) continue;
    let value = part.slice(eq + 1).trim();
    if (value.startsWith('"') && value.endsWith('"')) value = value.slice(1, -1);
    try {
      cookies.set(name, decodeURIComponent(value));
    } catch {
      cookies.set(name, value);
    }
  }
  return cookies;
}

/**
 * better-call's signed cookie, `<value>.<base64 HMAC-SHA256(secret, value)>`: the value when the
 * signature is right, else null. Compared in constant time.
 */
export function verifySignedValue(cookie: string | undefined, secret: string): string | null {
  if (!cookie) return null;
  const dot = cookie.lastIndexOf('.');
  if (dot < 1) return null;
  const value = cookie.slice(0, dot);
  const signature = cookie.slice(dot + 1);
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const expected = createHmac('sha256', secret).update(value).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
}
