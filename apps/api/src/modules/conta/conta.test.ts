import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PERMISSOES } from '@caderneta/shared';
import { eq } from 'drizzle-orm';
import { buildTestApp, cookieFrom, createSeller, signUp, TEST_ORIGIN, type TestApp } from '../../../test/app';
import { accounts, codigosAcesso, perfis, users } from '../../db/schema';
import { createAccessCodes, disableAccessCode } from '../codigos/codigos.service';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const signIn = (email: string, password: string, rememberMe = true) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: TEST_ORIGIN }, payload: { email, password, rememberMe } });

describe('sign-up with an access code', () => {
  it('creates the seller and their shop, and marks the code used by them', async () => {
    const { response, body } = await signUp(t, { nomeCompleto: '  Maria da Silva ', nomeLoja: 'Mercadinho da Maria' });
    expect(response.statusCode).toBe(201);
    const [user] = await t.db.select().from(users).where(eq(users.email, body.email));
    expect(user?.name).toBe('Maria da Silva');
    const [code] = await t.db.select().from(codigosAcesso).where(eq(codigosAcesso.codigo, body.codigoAcesso));
    expect(code).toMatchObject({ usado: true, usadoPor: user!.id, usadoPorEmail: body.email });
    expect(code?.usadoEm).toBeInstanceOf(Date);
  });

  it('accepts the code typed in lower case with spaces', async () => {
    const [codigo] = await createAccessCodes(t.db, 1);
    const typed = ` ${codigo!.slice(0, 5).toLowerCase()} ${codigo!.slice(5)} `;
    const { response } = await signUp(t, { codigoAcesso: typed });
    expect(response.statusCode).toBe(201);
  });

  it('refuses an unknown, a used and a disabled code, creating nobody', async () => {
    const before = (await t.db.select().from(users)).length;
    const unknown = await signUp(t, { codigoAcesso: 'ZZZZZZZZZZ' });
    expect(unknown.response.statusCode).toBe(400);
    expect(unknown.response.json()).toMatchObject({ code: 'INVALID_ACCESS_CODE' });
    expect(unknown.response.json().message).toContain('Este aplicativo é pago');

    const first = await signUp(t);
    const reused = await signUp(t, { codigoAcesso: first.body.codigoAcesso });
    expect(reused.response.json()).toMatchObject({ code: 'INVALID_ACCESS_CODE' });

    const [disabled] = await createAccessCodes(t.db, 1);
    await disableAccessCode(t.db, disabled!);
    const withDisabled = await signUp(t, { codigoAcesso: disabled! });
    expect(withDisabled.response.json()).toMatchObject({ code: 'INVALID_ACCESS_CODE' });

    expect((await t.db.select().from(users)).length).toBe(before + 1);
  });

  it('lets exactly one of three parallel sign-ups with one code win', async () => {
    const [codigo] = await createAccessCodes(t.db, 1);
    const results = await Promise.all([1, 2, 3].map(() => signUp(t, { codigoAcesso: codigo! })));
    const statuses = results.map((r) => r.response.statusCode).sort();
    expect(statuses).toEqual([201, 400, 400]);
    const emails = results.map((r) => r.body.email);
    const created = (await t.db.select().from(users)).filter((u) => emails.includes(u.email));
    expect(created).toHaveLength(1);
  });

  it('refuses an e-mail already in use without spending the code', async () => {
    const first = await signUp(t);
    const [codigo] = await createAccessCodes(t.db, 1);
    const again = await signUp(t, { email: first.body.email.toUpperCase(), codigoAcesso: codigo! });
    expect(again.response.statusCode).toBe(409);
    expect(again.response.json()).toMatchObject({ code: 'EMAIL_IN_USE' });
    const [code] = await t.db.select().from(codigosAcesso).where(eq(codigosAcesso.codigo, codigo!));
    expect(code?.usado).toBe(false);
  });

  it('validates the form on the server with the shared schema', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/cadastro',
      headers: { origin: TEST_ORIGIN },
      payload: { nomeCompleto: ' ', nomeLoja: 'Loja', codigoAcesso: 'X', email: 'nope', senha: '123', confirmarSenha: '456' },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe('VALIDATION');
    const byPath = Object.fromEntries(body.issues.map((i: { path: string; message: string }) => [i.path, i.message]));
    expect(byPath).toMatchObject({ nomeCompleto: 'required', email: 'email', senha: 'passwordTooShort' });
  });

  it('reports mismatched passwords on the confirmation field', async () => {
    const { response } = await signUp(t, { senha: 'segredo123', confirmarSenha: 'segredo124' });
    expect(response.statusCode).toBe(400);
    expect(response.json().issues).toContainEqual({ path: 'confirmarSenha', message: 'passwordsDoNotMatch' });
  });

  it('answers malformed JSON with a 400 and a body too big with a 413, not a 500, in codes the web translates', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/cadastro',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: '{"nomeCompleto": ',
    });
    expect(response.statusCode).toBe(400);
    // A code the web has a text for, not fastify's own (whose message is English).
    expect(response.json()).toMatchObject({ code: 'BAD_REQUEST', message: 'Pedido inválido.' });
    const grande = await t.app.inject({
      method: 'POST',
      url: '/api/cadastro',
      headers: { origin: TEST_ORIGIN, 'content-type': 'application/json' },
      payload: JSON.stringify({ nomeCompleto: 'a'.repeat(2 * 1024 * 1024) }),
    });
    expect(grande.statusCode).toBe(413);
    expect(grande.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
  });

  it('stores the language the seller signed up in', async () => {
    const [codigo] = await createAccessCodes(t.db, 1);
    const email = `idioma-${Date.now()}@example.com`;
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/cadastro?idioma=es-ES',
      headers: { origin: TEST_ORIGIN },
      payload: { nomeCompleto: 'Ana', nomeLoja: 'Tienda', codigoAcesso: codigo, email, senha: 'segredo123', confirmarSenha: 'segredo123' },
    });
    expect(response.statusCode).toBe(201);
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    const [perfil] = await t.db.select().from(perfis).where(eq(perfis.ownerId, user!.id));
    expect(perfil?.idioma).toBe('es-ES');
  });
});

describe('sign-in and session', () => {
  it('signs in and answers /api/me with the seller, the shop, and that they are its owner who may do everything', async () => {
    const seller = await createSeller(t, { nomeCompleto: 'João Souza', nomeLoja: 'Padaria do João' });
    const me = await seller.request({ method: 'GET', url: '/api/me' });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({
      user: { id: seller.id, nome: 'João Souza', email: seller.email, avatar: null },
      pessoa: { papel: 'dono', permissoes: [...PERMISSOES], descontoMaximo: 100 },
      perfil: { nomeLoja: 'Padaria do João', idioma: 'pt-BR', moeda: 'BRL', fusoHorario: 'America/Sao_Paulo', etiquetaBalanca: { digitosCodigo: 4, valor: 'preco' } },
    });
  });

  it("draws the seller's avatar from their e-mail: the same picture each time, cached by the browser for a day", async () => {
    const maria = await createSeller(t);
    const joao = await createSeller(t);
    const first = await maria.request({ method: 'GET', url: '/api/me/avatar.svg' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(first.headers['cache-control']).toBe('private, max-age=86400');
    expect(first.body).toMatch(/^<svg[\s\S]*<\/svg>$/);
    expect((await maria.request({ method: 'GET', url: '/api/me/avatar.svg' })).body).toBe(first.body);
    // Another seller gets their own picture; without a session there is none.
    const other = await joao.request({ method: 'GET', url: '/api/me/avatar.svg' });
    expect(other.statusCode).toBe(200);
    expect(other.body).not.toBe(first.body);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/me/avatar.svg' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.headers['cache-control']).toBe('no-store');
    // Every other answer of the API stays out of caches.
    expect((await maria.request({ method: 'GET', url: '/api/me' })).headers['cache-control']).toBe('no-store');
  });

  it('answers 401 UNAUTHENTICATED without a session', async () => {
    const me = await t.app.inject({ method: 'GET', url: '/api/me' });
    expect(me.statusCode).toBe(401);
    expect(me.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
  });

  it('refuses a wrong password with INVALID_CREDENTIALS', async () => {
    const { body } = await signUp(t);
    const response = await signIn(body.email, 'errada123');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
    const unknown = await signIn('ninguem@example.com', 'errada123');
    expect(unknown.json()).toMatchObject({ code: 'INVALID_CREDENTIALS' });
  });

  it('sets an httpOnly SameSite cookie that lasts only for the browser session without "Permanecer logado"', async () => {
    const { body } = await signUp(t);
    const remembered = await signIn(body.email, body.senha, true);
    const sessionCookie = (r: typeof remembered) =>
      ([] as string[]).concat(r.headers['set-cookie'] ?? []).find((c) => c.startsWith('caderneta.session_token='))!;
    expect(sessionCookie(remembered)).toMatch(/HttpOnly/i);
    expect(sessionCookie(remembered)).toMatch(/SameSite=Lax/i);
    expect(sessionCookie(remembered)).toMatch(/Max-Age=\d+/);
    const forgotten = await signIn(body.email, body.senha, false);
    expect(sessionCookie(forgotten)).not.toMatch(/Max-Age|Expires/i);
  });

  it('stores the password hashed, never in clear', async () => {
    const { body } = await signUp(t);
    const [row] = await t.db
      .select({ password: accounts.password })
      .from(accounts)
      .innerJoin(users, eq(users.id, accounts.userId))
      .where(eq(users.email, body.email));
    const password = row!.password!;
    expect(password).not.toContain(body.senha);
    expect(password.length).toBeGreaterThan(40);
  });

  it('updates the language and currency preferences', async () => {
    const seller = await createSeller(t);
    const response = await seller.request({ method: 'PATCH', url: '/api/me/preferencias', payload: { idioma: 'en-US', moeda: 'USD' } });
    expect(response.statusCode).toBe(200);
    expect(response.json().perfil).toMatchObject({ idioma: 'en-US', moeda: 'USD' });
    const bad = await seller.request({ method: 'PATCH', url: '/api/me/preferencias', payload: { idioma: 'fr-FR' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION');
  });

  it('"Sair" ends every session of the seller, on every device', async () => {
    const { body } = await signUp(t);
    const phone = cookieFrom(await signIn(body.email, body.senha));
    const pc = cookieFrom(await signIn(body.email, body.senha));
    const other = await createSeller(t);
    const out = await t.app.inject({ method: 'POST', url: '/api/me/sair', headers: { origin: TEST_ORIGIN, cookie: phone } });
    expect(out.statusCode).toBe(200);
    expect(String(out.headers['set-cookie'])).toMatch(/caderneta\.session_token=;/);
    for (const cookie of [phone, pc]) {
      const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } });
      expect(me.statusCode).toBe(401);
    }
    // Another seller's session is untouched.
    expect((await other.request({ method: 'GET', url: '/api/me' })).statusCode).toBe(200);
  });
});

describe('password reset', () => {
  const requestReset = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: { origin: TEST_ORIGIN },
      payload: { email, redirectTo: '/reset-password' },
    });

  it('e-mails a link that lands on /reset-password with a token, which sets a new password', async () => {
    const { body } = await signUp(t, { nomeCompleto: 'Rita Reset' });
    const oldSession = cookieFrom(await signIn(body.email, body.senha));
    const response = await requestReset(body.email);
    expect(response.statusCode).toBe(200);
    const mail = await t.mailTo(body.email);
    expect(mail.text).toContain('Olá, Rita Reset!');
    expect(mail.text).toContain(mail.link!);

    const link = new URL(mail.link!);
    const landing = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(landing.statusCode).toBe(302);
    const target = new URL(landing.headers.location as string, TEST_ORIGIN);
    expect(target.pathname).toBe('/reset-password');
    const token = target.searchParams.get('token');
    expect(token).toBeTruthy();

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: TEST_ORIGIN },
      payload: { newPassword: 'novaSenha456', token },
    });
    expect(reset.statusCode).toBe(200);
    expect((await signIn(body.email, body.senha)).statusCode).toBe(401);
    expect((await signIn(body.email, 'novaSenha456')).statusCode).toBe(200);
    // Sessions opened with the old password are ended.
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: oldSession } })).statusCode).toBe(401);

    const reused = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: TEST_ORIGIN },
      payload: { newPassword: 'outraSenha789', token },
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ code: 'INVALID_TOKEN' });
  });

  it('gives the same answer for an unknown e-mail and sends nothing', async () => {
    const known = await signUp(t);
    const a = await requestReset(known.body.email);
    const b = await requestReset('nao-existe@example.com');
    expect(a.statusCode).toBe(b.statusCode);
    expect(a.json()).toEqual(b.json());
    await t.mailTo(known.body.email);
    expect(t.mails.filter((m) => m.to === 'nao-existe@example.com')).toEqual([]);
  });

  it('refuses a short new password', async () => {
    const { body } = await signUp(t);
    await requestReset(body.email);
    const link = new URL((await t.mailTo(body.email)).link!);
    const landing = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    const token = new URL(landing.headers.location as string, TEST_ORIGIN).searchParams.get('token');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      headers: { origin: TEST_ORIGIN },
      payload: { newPassword: '123', token },
    });
    expect(reset.statusCode).toBe(400);
    expect(reset.json()).toMatchObject({ code: 'PASSWORD_TOO_SHORT' });
  });
});
