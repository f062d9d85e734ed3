import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildTestApp, cookieFrom, signUp, TEST_ORIGIN, type TestApp } from '../../test/app';
import { fakeWebDist } from '../../test/web-dist';
import { loadConfig } from '../config';
import { buildWebFront } from '../web-front';
import { createAccessCodes } from '../modules/codigos/codigos.service';
import { redactUrl, safeError } from './log-redaction';

// What a careless log reader sees: no token, password, access code or e-mail in any line.

const lines: string[] = [];
let t: TestApp;
/** The web front that answers pages while the API starts (web-front.ts), logging to the same lines. */
let front: FastifyInstance;
beforeAll(async () => {
  const logger = { level: 'debug', stream: { write: (line: string) => void lines.push(line) } };
  t = await buildTestApp({ logger });
  front = await buildWebFront({ config: loadConfig({ AUTH_SECRET: 'test-secret-test-secret-test-secret!' }), webDist: fakeWebDist(), logger });
});
afterAll(async () => {
  await front.close();
  await t.close();
});

const origin = { origin: TEST_ORIGIN };

describe('the logs of sign-up, sign-in, password reset and failed queries', () => {
  it('hold no token, password, access code or e-mail', async () => {
    const secrets: string[] = [];

    // Sign-up and sign-in.
    const { response, body } = await signUp(t);
    expect(response.statusCode).toBe(201);
    secrets.push(body.email, body.senha, body.codigoAcesso);
    const signIn = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: origin, payload: { email: body.email, password: body.senha } });
    expect(signIn.statusCode).toBe(200);
    const cookie = cookieFrom(signIn);
    const sessionToken = decodeURIComponent(cookie.split('=')[1]!).split('.')[0]!;
    expect(sessionToken.length).toBeGreaterThan(16);
    secrets.push(sessionToken);
    expect((await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie } })).statusCode).toBe(200);

    // A refused sign-up and a wrong password.
    const [code] = await createAccessCodes(t.db, 1);
    secrets.push(code!);
    const again = await signUp(t, { email: body.email, codigoAcesso: code! });
    expect(again.response.statusCode).toBe(409);
    const wrong = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: origin, payload: { email: 'ninguem@example.com', password: 'Errada#123' } });
    expect(wrong.statusCode).toBe(401);
    secrets.push('ninguem@example.com', 'Errada#123');

    // Password reset: request, the e-mail's link, the SPA page it lands on, the new password.
    await t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', headers: origin, payload: { email: body.email, redirectTo: '/reset-password' } });
    const link = new URL((await t.mailTo(body.email)).link!);
    const resetToken = link.pathname.split('/').at(-1)!;
    secrets.push(resetToken);
    const landing = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(landing.statusCode).toBe(302);
    const page = new URL(landing.headers.location as string, TEST_ORIGIN);
    await t.app.inject({ method: 'GET', url: page.pathname + page.search });
    const reset = await t.app.inject({
      method: 'POST',
      url: `/api/auth/reset-password?token=${resetToken}`,
      headers: origin,
      payload: { newPassword: 'NovaSenha#789', token: page.searchParams.get('token') },
    });
    expect(reset.statusCode).toBe(200);
    secrets.push('NovaSenha#789');

    // Failed queries: the session lookup and a sign-up, with their tables gone (as with the
    // database down, the driver's error carries the statement's parameters).
    const signIn2 = await t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: origin, payload: { email: body.email, password: 'NovaSenha#789' } });
    const cookie2 = cookieFrom(signIn2);
    secrets.push(decodeURIComponent(cookie2.split('=')[1]!).split('.')[0]!);
    const [code2] = await createAccessCodes(t.db, 1);
    secrets.push(code2!, 'falhou@example.com');
    const linesBefore = lines.length;
    await t.db.execute(sql`alter table sessions rename to sessions_away`);
    await t.db.execute(sql`alter table codigos_acesso rename to codigos_away`);
    try {
      const me = await t.app.inject({ method: 'GET', url: '/api/me', headers: { cookie: cookie2 } });
      expect(me.statusCode).toBeGreaterThanOrEqual(400);
      const failed = await t.app.inject({
        method: 'POST',
        url: '/api/cadastro',
        headers: origin,
        payload: { ...body, email: 'falhou@example.com', codigoAcesso: code2! },
      });
      expect(failed.statusCode).toBe(500);
      expect(failed.json()).toEqual({ code: 'INTERNAL', message: 'Erro interno' });
    } finally {
      await t.db.execute(sql`alter table sessions_away rename to sessions`);
      await t.db.execute(sql`alter table codigos_away rename to codigos_acesso`);
    }
    // The failure is logged usefully: its SQLSTATE and its statement.
    const failureLines = lines.slice(linesBefore).join('\n');
    expect(failureLines).toContain('42P01');
    expect(failureLines).toContain('codigos_acesso');

    // A customer opens their page and comes back from Mercado Pago: the code is in the paths.
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/clientes',
      headers: { ...origin, cookie: cookie2 },
      payload: { nome: 'Maria Lúcia', telefone: '11987654321', limiteCredito: 0 },
    });
    expect(created.statusCode, created.body).toBe(201);
    const { login } = created.json() as { login: string };
    secrets.push(login);
    for (const url of [
      `/cliente/${login}`,
      `/cliente/${login}/pagamento-sucesso?pagamento=${crypto.randomUUID()}&collection_status=approved&preference_id=123`,
      `/cliente/${login}/pagamento-pendente?pagamento=${crypto.randomUUID()}`,
      `/api/portal/${login}`,
    ]) {
      await t.app.inject({ method: 'GET', url });
      await front.inject({ method: 'GET', url });
    }

    expect(lines.length).toBeGreaterThan(10);
    expect(lines.filter((line) => line.includes('/cliente/[redacted]/pagamento-sucesso')).length).toBeGreaterThan(1);
    for (const secret of secrets) {
      const leaks = lines.filter((line) => line.toLowerCase().includes(secret.toLowerCase()));
      expect(leaks, `"${secret}" appears in the log`).toEqual([]);
    }
  });
});

describe('a served request', () => {
  it('writes one line when answered, with its method, URL without secrets, status and time', async () => {
    const before = lines.length;
    const answered = await t.app.inject({ method: 'GET', url: '/api/portal/ABCD1234?token=segredo' });
    const written = lines.slice(before).map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({
      level: 30,
      msg: 'request completed',
      method: 'GET',
      url: '/api/portal/[redacted]?token=[redacted]',
      statusCode: answered.statusCode,
    });
    expect(written[0]!.responseTime).toEqual(expect.any(Number));
    expect(written[0]!.reqId).toEqual(expect.any(String));
  });
});

describe('redaction helpers', () => {
  it('take tokens out of URLs', () => {
    expect(redactUrl('/api/auth/reset-password/AbC123?callbackURL=%2Freset-password')).toBe(
      '/api/auth/reset-password/[redacted]?callbackURL=%2Freset-password',
    );
    expect(redactUrl('/reset-password?token=AbC123&x=1')).toBe('/reset-password?token=[redacted]&x=1');
    expect(redactUrl('/api/clientes?busca=ana')).toBe('/api/clientes?busca=ana');
    expect(redactUrl('/api/portal/joana48213')).toBe('/api/portal/[redacted]');
    expect(redactUrl('/api/portal/joana48213/pagamentos/abc/verificar')).toBe('/api/portal/[redacted]/pagamentos/abc/verificar');
    expect(redactUrl('/api/portal/exemplos')).toBe('/api/portal/exemplos');
    expect(redactUrl('/cliente/maria12345')).toBe('/cliente/[redacted]');
    expect(redactUrl('/cliente/maria12345/pagamento-sucesso?pagamento=abc&collection_status=approved')).toBe(
      '/cliente/[redacted]/pagamento-sucesso?pagamento=abc&collection_status=approved',
    );
    expect(redactUrl('//Cliente/Maria12345?x=1')).toBe('//Cliente/[redacted]?x=1');
    expect(redactUrl('/cliente')).toBe('/cliente');
    expect(redactUrl('/api/clientes/123/pix')).toBe('/api/clientes/123/pix');
    expect(redactUrl('/convite/AbC-123_x')).toBe('/convite/[redacted]');
    expect(redactUrl('/api/convites/AbC-123_x/aceitar')).toBe('/api/convites/[redacted]/aceitar');
    expect(redactUrl('/api/equipe/convites')).toBe('/api/equipe/convites');
  });

  it('keep a failed query to its code and statement', () => {
    const driver = Object.assign(new Error('invalid input syntax for type uuid: "segredo"'), { code: '22P02', detail: 'Key (email)=(a@b.c)' });
    const drizzle = Object.assign(new Error('Failed query: select 1 where x = $1\nparams: segredo'), {
      query: 'select 1 where x = $1',
      params: ['segredo'],
      cause: driver,
    });
    const logged = JSON.stringify(safeError(drizzle));
    expect(logged).not.toContain('segredo');
    expect(logged).not.toContain('a@b.c');
    expect(safeError(drizzle)).toMatchObject({ code: '22P02', query: 'select 1 where x = $1', cause: { code: '22P02' } });
  });
});
