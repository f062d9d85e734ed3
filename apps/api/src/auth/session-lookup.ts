import { createHmac, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { MAX_DESCONTO_PESSOA, permissoesEfetivas, type Papel, type Permissao } from '@caderneta/shared';
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

interface SessionRow extends PessoaRow {
  sessao_id: string;
  expires_at: Date | string;
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
      sql`select s.id as sessao_id, s.user_id, s.expires_at, coalesce(p.nome, u.name) as name, u.email, ${PESSOA_COLUNAS} from sessions s join users u on u.id = s.user_id
          left join pessoas p on p.user_id = s.user_id where s.token = ${token}`,
    );
    if (!row || !pessoaAtiva(row)) return null;
    const expiresAt = new Date(row.expires_at).getTime();
    const now = Date.now();
    if (!(expiresAt > now)) return null;
    // better-auth extends a session once it is `updateAge` old (that write is left to it), except a
    // session signed in without "Permanecer logado", which it never extends.
    const dueForExtension = expiresAt - expiresIn * 1000 + updateAge * 1000 <= now;
    if (dueForExtension && !verifySignedValue(cookies.get(dontRememberCookie), secret)) return null;
    return sellerDaPessoa(row, row.sessao_id);
  };
}

/** The person's row read beside their account (`pessoas p`), null columns when they have none. */
interface PessoaRow {
  user_id: string;
  name: string;
  email: string;
  owner_id: string | null;
  papel: string | null;
  permissoes: string[] | null;
  desconto_maximo: number | null;
  ativo: boolean | null;
}
const PESSOA_COLUNAS = sql.raw('p.owner_id, p.papel, p.permissoes, p.desconto_maximo, p.ativo');

/** A deactivated person is signed out at once: their sessions are refused as if they were gone. */
const pessoaAtiva = (row: PessoaRow) => row.ativo !== false;

/**
 * The seller of a request from the person's row. An account without one (created before people
 * existed, or by a benchmark's loader) is its own shop's owner, as every account was.
 */
function sellerDaPessoa(row: PessoaRow, sessaoId: string | null): Seller {
  const papel = (row.papel ?? 'dono') as Papel;
  const permissoes = permissoesEfetivas(papel, (row.permissoes ?? []) as Permissao[]);
  const descontoMaximo = papel === 'dono' ? MAX_DESCONTO_PESSOA : (row.desconto_maximo ?? 0);
  return { id: row.owner_id ?? row.user_id, nome: row.name, email: row.email, pessoa: { userId: row.user_id, papel, permissoes, descontoMaximo }, sessaoId };
}

/** The seller of a session better-auth answered (an extension due, a cookie to clean up): one query. */
export async function sellerDoUsuario(db: Database, userId: string, sessaoId: string | null): Promise<Seller | null> {
  const [row] = await queryRows<PessoaRow>(
    db,
    sql`select u.id as user_id, coalesce(p.nome, u.name) as name, u.email, ${PESSOA_COLUNAS} from users u left join pessoas p on p.user_id = u.id where u.id = ${userId}`,
  );
  return row && pessoaAtiva(row) ? sellerDaPessoa(row, sessaoId) : null;
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
