import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildTestApp, createSeller, TEST_ORIGIN, type TestApp } from '../../test/app';
import { sessions } from '../db/schema';
import { SESSION_DAYS } from './auth';
import { parseCookies, verifySignedValue } from './session-lookup';

// The session is read in one query (session-lookup.ts) and better-auth answers every other case:
// these tests hold both paths to the same answers.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const me = (cookie: string) => t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
const tokenOf = (cookie: string) => decodeURIComponent(parseCookies(cookie).get('caderneta.session_token')!).split('.')[0]!;
const setCookies = (response: Awaited<ReturnType<typeof me>>) => ([] as string[]).concat(response.headers['set-cookie'] ?? []);
const DAY = 86_400_000;

describe('the session of a request', () => {
  it('answers a fresh session without setting any cookie', async () => {
    const seller = await createSeller(t, { nomeCompleto: 'Rosa Lima' });
    const response = await me(seller.cookie);
    expect(response.statusCode).toBe(200);
    expect(response.json().user).toMatchObject({ id: seller.id, nome: 'Rosa Lima', email: seller.email });
    expect(setCookies(response)).toEqual([]);
  });

  it('refuses a session token with a forged or missing signature, and an unknown token', async () => {
    const seller = await createSeller(t);
    const token = tokenOf(seller.cookie);
    const forged = `caderneta.session_token=${encodeURIComponent(`${token}.${'A'.repeat(43)}=`)}`;
    const unsigned = `caderneta.session_token=${token}`;
    const otherToken = seller.cookie.replace(token, 'x'.repeat(token.length));
    for (const cookie of [forged, unsigned, otherToken]) {
      const response = await me(cookie);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    }
    expect((await me(seller.cookie)).statusCode).toBe(200);
  });

  it('refuses an expired session and clears its cookie', async () => {
    const seller = await createSeller(t);
    await t.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(sessions.token, tokenOf(seller.cookie)));
    const response = await me(seller.cookie);
    expect(response.statusCode).toBe(401);
    expect(setCookies(response).join('\n')).toMatch(/caderneta\.session_token=;/);
  });

  it('extends a session a day old by another full period, with a new cookie', async () => {
    const seller = await createSeller(t);
    const token = tokenOf(seller.cookie);
    // Made 2 days ago: due for better-auth's daily extension.
    await t.db.update(sessions).set({ expiresAt: new Date(Date.now() + (SESSION_DAYS - 2) * DAY) }).where(eq(sessions.token, token));
    const response = await me(seller.cookie);
    expect(response.statusCode).toBe(200);
    expect(setCookies(response).join('\n')).toMatch(/caderneta\.session_token=[^;]+;.*Max-Age=\d+/);
    const [row] = await t.db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.token, token));
    expect(row!.expiresAt.getTime()).toBeGreaterThan(Date.now() + (SESSION_DAYS - 1) * DAY);
    // Extended: the next request is answered without another cookie.
    expect(setCookies(await me(seller.cookie))).toEqual([]);
  });

  it('never extends a session signed in without "Permanecer logado"', async () => {
    const seller = await createSeller(t);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN },
      payload: { email: seller.email, password: 'segredo123', rememberMe: false },
    });
    expect(signIn.statusCode).toBe(200);
    const cookie = setCookies(signIn).map((c) => c.split(';')[0]).join('; ');
    expect(cookie).toMatch(/caderneta\.dont_remember=/);
    const token = tokenOf(cookie);
    const expiresAt = new Date(Date.now() + (SESSION_DAYS - 2) * DAY);
    await t.db.update(sessions).set({ expiresAt }).where(eq(sessions.token, token));
    const response = await me(cookie);
    expect(response.statusCode).toBe(200);
    expect(setCookies(response)).toEqual([]);
    const [row] = await t.db.select({ expiresAt: sessions.expiresAt }).from(sessions).where(eq(sessions.token, token));
    expect(row!.expiresAt.getTime()).toBe(expiresAt.getTime());
  });

  it('is signed out everywhere once the session row is gone', async () => {
    const seller = await createSeller(t);
    expect((await me(seller.cookie)).statusCode).toBe(200);
    await t.db.execute(sql`delete from sessions where user_id = ${seller.id}`);
    expect((await me(seller.cookie)).statusCode).toBe(401);
  });

  it('gives each seller their own data through their own cookie', async () => {
    const ana = await createSeller(t, { nomeCompleto: 'Ana Prado' });
    const bia = await createSeller(t, { nomeCompleto: 'Bia Costa' });
    expect((await me(ana.cookie)).json().user.nome).toBe('Ana Prado');
    expect((await me(bia.cookie)).json().user.nome).toBe('Bia Costa');
    const both = await t.app.inject({ method: 'GET', url: '/api/me', headers: { origin: TEST_ORIGIN, cookie: `${bia.cookie}; ${ana.cookie}` } });
    // The first cookie of a name wins, as in better-auth.
    expect(both.json().user.nome).toBe('Bia Costa');
  });
});

describe('verifySignedValue', () => {
  it('accepts only the value signed with the secret', async () => {
    const { createHmac } = await import('node:crypto');
    const sign = (value: string, secret: string) => `${value}.${createHmac('sha256', secret).update(value).digest('base64')}`;
    expect(verifySignedValue(sign('abc', 's3cret'), 's3cret')).toBe('abc');
    expect(verifySignedValue(sign('abc', 'other'), 's3cret')).toBeNull();
    expect(verifySignedValue(sign('abc', 's3cret').replace('abc', 'abd'), 's3cret')).toBeNull();
    expect(verifySignedValue('abc', 's3cret')).toBeNull();
    expect(verifySignedValue(undefined, 's3cret')).toBeNull();
  });
});
