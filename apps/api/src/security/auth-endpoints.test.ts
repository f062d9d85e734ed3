import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createSeller, TEST_ORIGIN, type SellerSession, type TestApp } from '../../test/app';

// better-auth answers many endpoints; only those the app's screens call stay open, with typed
// bodies, and no session token ever comes back in a body.

let t: TestApp;
let seller: SellerSession;
beforeAll(async () => {
  t = await buildTestApp({ rateLimits: { changePassword: 4 } });
  seller = await createSeller(t);
});
afterAll(() => t.close());

const origin = { origin: TEST_ORIGIN };
const deep = (n: number) => '['.repeat(n) + ']'.repeat(n);

describe('closed better-auth endpoints', () => {
  it.each([
    ['POST', '/api/auth/update-user'],
    ['GET', '/api/auth/get-session'],
    ['GET', '/api/auth/list-sessions'],
    ['POST', '/api/auth/sign-up/email'],
    ['POST', '/api/auth/sign-out'],
    ['POST', '/api/auth/revoke-sessions'],
    ['POST', '/api/auth/delete-user'],
    ['POST', '/api/auth/change-email'],
    ['GET', '/api/auth/ok'],
  ] as const)('%s %s answers 404 NOT_FOUND, even signed in', async (method, url) => {
    const response = await seller.request({ method, url, ...(method === 'POST' ? { payload: {} } : {}) });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('update-user cannot rename the seller with an array, an object, 200,000 characters or null', async () => {
    for (const name of [['a'], { a: 1 }, 'x'.repeat(200_000), null]) {
      const response = await seller.request({ method: 'POST', url: '/api/auth/update-user', payload: { name } });
      expect(response.statusCode).toBe(404);
    }
    expect((await seller.request({ method: 'GET', url: '/api/me' })).json()).toMatchObject({ user: { nome: expect.stringMatching(/^Vendedor /) } });
  });
});

describe('open better-auth endpoints take only well-formed bodies', () => {
  it.each(['/api/auth/sign-in/email', '/api/auth/request-password-reset', '/api/auth/reset-password', '/api/auth/change-password'])(
    '%s answers 400 to 5,000-deep JSON, wrong types and oversized strings',
    async (url) => {
      // Each endpoint from its own address: the rate limits are per IP.
      const remoteAddress = `10.1.0.${url.length}`;
      const bodies = [
        deep(5000),
        `{"email":${deep(5000)},"password":${deep(5000)},"token":${deep(5000)},"newPassword":${deep(5000)},"currentPassword":${deep(5000)}}`,
        JSON.stringify({ email: ['a@b.c'], password: { x: 1 }, token: null, newPassword: 5, currentPassword: [] }),
        JSON.stringify({ email: `${'a'.repeat(200_000)}@b.c`, password: 'x'.repeat(200_000), token: 'x'.repeat(200_000), newPassword: 'x'.repeat(200_000), currentPassword: 'x' }),
      ];
      for (const payload of bodies) {
        const response = await seller.request({ method: 'POST', url, remoteAddress, headers: { 'content-type': 'application/json' }, payload });
        expect(response.statusCode, payload.slice(0, 40)).toBe(400);
        expect(response.json()).toMatchObject({ code: 'VALIDATION', message: expect.any(String) });
      }
    },
  );
});

describe('NUL and control characters in the open endpoints (PostgreSQL refuses a NUL in text: 22021)', () => {
  const CONTROL = ['\u0000', 'x\u0000y', '\u0007', 'a\u001b[2J', '\u007f'];

  it('reset-password answers a token with them 400 INVALID_TOKEN, exactly as any wrong token', async () => {
    const reset = (token: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/reset-password', remoteAddress: '10.4.0.1', headers: origin, payload: { newPassword: 'novasenha123', token } });
    const wrong = await reset('tokenErrado123');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ code: 'INVALID_TOKEN', message: expect.any(String) });
    for (const token of CONTROL) {
      const response = await reset(token);
      expect(response.statusCode, JSON.stringify(token)).toBe(400);
      expect(response.json()).toEqual(wrong.json());
    }
  });

  it('no text field of sign-in, request-password-reset, reset-password or change-password answers 500; e-mails and new passwords are refused as invalid', async () => {
    const other = await createSeller(t);
    const cases: { url: string; body: (bad: string) => object; expected: string }[] = [
      { url: '/api/auth/sign-in/email', body: (bad) => ({ email: `a${bad}@example.com`, password: 'segredo123' }), expected: 'VALIDATION' },
      { url: '/api/auth/sign-in/email', body: (bad) => ({ email: other.email, password: `segredo${bad}123` }), expected: 'INVALID_CREDENTIALS' },
      { url: '/api/auth/request-password-reset', body: (bad) => ({ email: `${other.email}${bad}`, redirectTo: '/reset-password' }), expected: 'VALIDATION' },
      { url: '/api/auth/reset-password', body: (bad) => ({ token: 'tokenErrado123', newPassword: `nova${bad}senha` }), expected: 'VALIDATION' },
      { url: '/api/auth/change-password', body: (bad) => ({ currentPassword: `segredo${bad}123`, newPassword: 'novasenha123' }), expected: 'SENHA_ATUAL_INCORRETA' },
      { url: '/api/auth/change-password', body: (bad) => ({ currentPassword: 'segredo123', newPassword: `nova${bad}senha` }), expected: 'VALIDATION' },
    ];
    let ip = 0;
    for (const { url, body, expected } of cases) {
      for (const bad of CONTROL) {
        const payload = body(bad);
        const response = await other.request({ method: 'POST', url, remoteAddress: `10.4.1.${++ip}`, payload });
        expect(response.statusCode, `${url} ${JSON.stringify(payload)}`).toBeGreaterThanOrEqual(400);
        expect(response.statusCode, `${url} ${JSON.stringify(payload)}`).toBeLessThan(500);
        expect(response.json(), `${url} ${JSON.stringify(payload)}`).toMatchObject({ code: expected });
      }
    }
    // The password is still the one it was: none of those changed it.
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', remoteAddress: '10.4.2.1', headers: origin, payload: { email: other.email, password: 'segredo123' } });
    expect(signIn.statusCode).toBe(200);
  });

  it("the reset e-mail's link with them in the token redirects to the form with INVALID_TOKEN", async () => {
    for (const token of ['%00', 'x%00y', '%07']) {
      const response = await t.app.inject({ method: 'GET', url: `/api/auth/reset-password/${token}?callbackURL=%2Freset-password`, remoteAddress: '10.4.3.1' });
      expect(response.statusCode, token).toBe(302);
      expect(response.headers.location).toBe(`${TEST_ORIGIN}/reset-password?error=INVALID_TOKEN`);
    }
  });
});

describe('no session token in a body', () => {
  it('sign-in answers the user but not the token (the cookie carries it)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: origin,
      payload: { email: seller.email, password: 'segredo123' },
    });
    expect(response.statusCode).toBe(200);
    const body = response.json() as Record<string, unknown>;
    expect(body).toMatchObject({ user: { email: seller.email } });
    expect(body).not.toHaveProperty('token');
    const cookieToken = decodeURIComponent(String(response.headers['set-cookie']).split(';')[0]!.split('=')[1]!).split('.')[0]!;
    expect(response.body).not.toContain(cookieToken);
  });
});

describe('change-password', () => {
  it('changes the password with the right current one, without a token in the answer', async () => {
    const other = await createSeller(t);
    const response = await other.request({
      method: 'POST',
      url: '/api/auth/change-password',
      remoteAddress: '10.2.0.1',
      payload: { currentPassword: 'segredo123', newPassword: 'outraSenha456', revokeOtherSessions: true },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).not.toHaveProperty('token');
  });

  it('is rate-limited: wrong current passwords end in 429 RATE_LIMITED', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await seller.request({
        method: 'POST',
        url: '/api/auth/change-password',
        remoteAddress: '10.2.0.2',
        payload: { currentPassword: `errada${i}xx`, newPassword: 'outraSenha456' },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses).toEqual([400, 400, 400, 400, 429, 429]);
  });
});

describe('Cache-Control', () => {
  it('is no-store on API answers, errors included', async () => {
    for (const response of [
      await seller.request({ method: 'GET', url: '/api/me' }),
      await seller.request({ method: 'GET', url: '/api/clientes' }),
      await t.app.inject({ method: 'GET', url: '/api/me' }),
      await t.app.inject({ method: 'GET', url: '/api/nada' }),
    ]) {
      expect(response.headers['cache-control']).toBe('no-store');
    }
  });
});

describe('password-reset links stay on the app', () => {
  // Whoever asks for a reset picks the link's callbackURL: pointed at another site, the seller's own
  // genuine e-mail would hand that site the reset token (account takeover).
  const external = ['https://evil.example/x', '//evil.example/x', '/\\evil.example', '/\t/evil.example', 'javascript:alert(1)'];

  it.each(external)('request-password-reset refuses redirectTo %j with 400, and sends no e-mail', async (redirectTo) => {
    const mailsBefore = t.mails.length;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      remoteAddress: '10.3.0.1',
      headers: origin,
      payload: { email: seller.email, redirectTo },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION' });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(t.mails.length).toBe(mailsBefore);
  });

  it("the e-mail's link redirects only to a page of the app, whatever callbackURL it is given", async () => {
    const other = await createSeller(t);
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      remoteAddress: '10.3.0.2',
      headers: origin,
      payload: { email: other.email, redirectTo: '/reset-password' },
    });
    expect(asked.statusCode).toBe(200);
    const link = new URL((await t.mailTo(other.email)).link!);
    expect(link.searchParams.get('callbackURL')).toBe('/reset-password');
    for (const callbackURL of external) {
      const response = await t.app.inject({ method: 'GET', url: `${link.pathname}?callbackURL=${encodeURIComponent(callbackURL)}`, remoteAddress: '10.3.0.2' });
      expect(response.statusCode, callbackURL).toBe(400);
      expect(response.headers.location).toBeUndefined();
    }
    const landing = await t.app.inject({ method: 'GET', url: link.pathname + link.search, remoteAddress: '10.3.0.2' });
    expect(landing.statusCode).toBe(302);
    expect(String(landing.headers.location).startsWith(`${TEST_ORIGIN}/reset-password?token=`)).toBe(true);
  });

  it('sign-in refuses a callbackURL on another site', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      remoteAddress: '10.3.0.3',
      headers: origin,
      payload: { email: seller.email, password: 'segredo123', callbackURL: 'https://evil.example' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).not.toContain('evil.example');
  });
});
