import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, signUp, TEST_ORIGIN, type TestApp } from '../../test/app';
import { createMailer } from '../mail/mailer';

// Nobody learns whether an e-mail has an account: not from sign-up, not from the reset's timing.

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('sign-up with an invalid access code', () => {
  it('answers the same for an e-mail with an account and one without', async () => {
    const { body } = await signUp(t);
    const attempt = (email: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/cadastro',
        headers: { origin: TEST_ORIGIN },
        payload: { ...body, email, codigoAcesso: 'ERRADO2345' },
      });
    const existing = await attempt(body.email);
    const unknown = await attempt('ninguem-aqui@example.com');
    expect(existing.statusCode).toBe(400);
    expect(existing.json()).toMatchObject({ code: 'INVALID_ACCESS_CODE' });
    expect(unknown.statusCode).toBe(existing.statusCode);
    expect(unknown.json()).toEqual(existing.json());
  });
});

describe('password-reset request', () => {
  it('answers before the e-mail is sent, so a known address takes no longer than an unknown one', async () => {
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = await buildTestApp({ mailGate: gate });
    try {
      const { body } = await signUp(slow);
      const response = await slow.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        headers: { origin: TEST_ORIGIN },
        payload: { email: body.email, redirectTo: '/reset-password' },
      });
      // The mail server has not answered (the gate is closed), yet the request is answered.
      expect(response.statusCode).toBe(200);
      expect(slow.mails).toEqual([]);
      release();
      expect((await slow.mailTo(body.email)).link).toContain('/api/auth/reset-password/');
    } finally {
      release();
      await slow.close();
    }
  });
});

describe('the development outbox', () => {
  it('logs where the e-mail is, not its link or recipient', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'outbox-'));
    const logged: unknown[] = [];
    const log = { info: (...args: unknown[]) => logged.push(args) } as unknown as FastifyBaseLogger;
    try {
      const mailer = createMailer({ from: 'Caderneta <x@y.z>', outboxDir: dir, log });
      const link = 'http://localhost:3000/api/auth/reset-password/SEGREDO123?callbackURL=%2Freset-password';
      await mailer.send({ to: 'rita@example.com', subject: 'Redefinir senha', text: `Abra ${link}`, link });
      const [file] = await readdir(dir);
      expect(JSON.parse(await readFile(path.join(dir, file!), 'utf8'))).toMatchObject({ to: 'rita@example.com', link });
      const line = JSON.stringify(logged);
      expect(line).toContain(path.join(dir, file!));
      expect(line).not.toContain('SEGREDO123');
      expect(line).not.toContain('rita@example.com');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

describe('password-reset e-mails to one address', () => {
  it('are at most RATE_LIMIT_PASSWORD_RESET an hour, from whatever addresses; past it the answer is the same and nothing is sent', async () => {
    const limited = await buildTestApp({ rateLimits: { passwordReset: 2 } });
    try {
      const { body } = await signUp(limited);
      const ask = (email: string, ip: number) =>
        limited.app.inject({
          method: 'POST',
          url: '/api/auth/request-password-reset',
          remoteAddress: `10.7.0.${ip}`,
          headers: { origin: TEST_ORIGIN },
          payload: { email, redirectTo: '/reset-password' },
        });
      const answers = [];
      for (let ip = 1; ip <= 4; ip++) answers.push(await ask(body.email, ip));
      for (const answer of answers) {
        expect(answer.statusCode).toBe(200);
        expect(answer.json()).toEqual(answers[0]!.json());
      }
      await limited.mailTo(body.email);
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(limited.mails.filter((m) => m.to === body.email)).toHaveLength(2);
      // An unknown address past its share answers alike.
      for (let ip = 11; ip <= 13; ip++) expect((await ask('ninguem-aqui@example.com', ip)).json()).toEqual(answers[0]!.json());
    } finally {
      await limited.close();
    }
  });
});
