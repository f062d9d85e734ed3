import { createHmac, timingSafeEqual } from 'node:crypto';
import { COOKIE_PREFIX } from '../../auth/cookie';

/** How long a browser that opened a customer's page keeps being recognised (renewed at each visit). */
export const VALIDADE_ACESSO_S = 180 * 24 * 60 * 60;

/**
 * "This browser opened this code's page": a cookie the customer page sets with every page it shows,
 * scoped to that code's API path (`/api/portal/{code}` and its payment routes, no other code's), and
 * signed with a key drawn from the app's secret (AUTH_SECRET, or the one kept in the database) over
 * the code and when it was issued, so no one can make one for a code without having opened its page.
 * A browser holding a valid one is neither counted nor refused by the per-code limit: anyone who
 * knows a code may exhaust that limit, and the customer must still see their own page. The
 * per-address limits hold for it as for everyone.
 */
export function acessoCliente(options: { secret: string; secure: boolean }) {
  const name = `${options.secure ? '__Secure-' : ''}${COOKIE_PREFIX}.cliente`;
  const key = createHmac('sha256', options.secret).update('caderneta: customer page access cookie').digest();
  const signature = (login: string, issued: number) => createHmac('sha256', key).update(`${login}\n${issued}`).digest();

  return {
    name,
    /** The Set-Cookie header for a browser that was just shown `login`'s page. */
    emitir(login: string, now: Date): string {
      const issued = Math.floor(now.getTime() / 1000);
      const value = `${issued}.${signature(login, issued).toString('base64url')}`;
      return `${name}=${value}; Path=/api/portal/${login}; Max-Age=${VALIDADE_ACESSO_S}; HttpOnly; SameSite=Lax${options.secure ? '; Secure' : ''}`;
    },
    /** Whether the request's cookies hold one for `login`, correctly signed and not expired. */
    valido(cookieHeader: string | undefined, login: string, now: Date): boolean {
      if (!cookieHeader) return false;
      const nowS = Math.floor(now.getTime() / 1000);
      for (const part of cookieHeader.split(';')) {
        const eq = part.indexOf('=');
        if (eq < 0 || part.slice(0, eq).trim() !== name) continue;
        const match = /^(\d{1,12})\.([\w-]{43})$/.exec(part.slice(eq + 1).trim());
        if (!match) continue;
        const issued = Number(match[1]);
        if (issued > nowS + 300 || nowS - issued > VALIDADE_ACESSO_S) continue;
        const given = Buffer.from(match[2]!, 'base64url');
        const expected = signature(login, issued);
        if (given.length === expected.length && timingSafeEqual(given, expected)) return true;
      }
      return false;
    },
  };
}

export type AcessoCliente = ReturnType<typeof acessoCliente>;
