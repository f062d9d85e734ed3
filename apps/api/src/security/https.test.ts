import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/db';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import type { DbHandle } from '../db/client';
import { createAccessCodes } from '../modules/codigos/codigos.service';

// Behind HTTPS (PUBLIC_URL https://…, a TLS proxy in front): browsers are told to stay on HTTPS,
// and the session cookie never travels over plain HTTP nor is readable by scripts.

const ORIGIN = 'https://loja.example.com';
let app: FastifyInstance;
let database: DbHandle;
let dataDir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'caderneta-https-'));
  const config = loadConfig({ DATA_DIR: dataDir, PUBLIC_URL: ORIGIN, AUTH_SECRET: 'test-secret-test-secret-test-secret!', MERCADOPAGO_API_URL: 'http://127.0.0.1:9', PAYMENT_RECHECK_SECONDS: '0' });
  app = await buildApp({ database, config, mailer: { send: async () => undefined }, webDist: '/nonexistent' });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('behind HTTPS', () => {
  it('sends HSTS and asks browsers to upgrade insecure requests', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['strict-transport-security']).toMatch(/max-age=\d{7,}/);
    expect(String(response.headers['content-security-policy'])).toContain('upgrade-insecure-requests');
  });

  it("sets the session cookie (and the customer page's) Secure, HttpOnly, SameSite=Lax with the __Secure- prefix, and reads it back", async () => {
    const [codigo] = await createAccessCodes(database.db, 1);
    const email = `https-${Date.now()}@example.com`;
    const signUp = await app.inject({
      method: 'POST',
      url: '/api/cadastro',
      headers: { origin: ORIGIN },
      payload: { nomeCompleto: 'Vendedora Segura', nomeLoja: 'Loja Segura', codigoAcesso: codigo!, email, senha: 'segredo123', confirmarSenha: 'segredo123' },
    });
    expect(signUp.statusCode, signUp.body).toBe(201);
    const signIn = await app.inject({ method: 'POST', url: '/api/auth/sign-in/email', headers: { origin: ORIGIN }, payload: { email, password: 'segredo123' } });
    expect(signIn.statusCode).toBe(200);
    const raw = [signIn.headers['set-cookie']].flat().find((c) => String(c).includes('session_token'))!;
    expect(raw).toMatch(/^__Secure-caderneta\.session_token=/);
    expect(raw).toMatch(/;\s*Secure/i);
    expect(raw).toMatch(/;\s*HttpOnly/i);
    expect(raw).toMatch(/;\s*SameSite=Lax/i);
    const me = await app.inject({ method: 'GET', url: '/api/me', headers: { cookie: raw.split(';')[0]! } });
    expect(me.statusCode).toBe(200);

    // The customer page's "this browser opened this code" cookie, likewise.
    const cliente = await app.inject({
      method: 'POST',
      url: '/api/clientes',
      headers: { origin: ORIGIN, cookie: raw.split(';')[0]! },
      payload: { nome: 'Cliente Segura', telefone: '11987654321', limiteCredito: 0 },
    });
    expect(cliente.statusCode, cliente.body).toBe(201);
    const { login } = cliente.json() as { login: string };
    const page = await app.inject({ method: 'GET', url: `/api/portal/${login}` });
    expect(page.statusCode).toBe(200);
    const acesso = String(page.headers['set-cookie']);
    expect(acesso).toMatch(/^__Secure-caderneta\.cliente=/);
    expect(acesso).toMatch(/;\s*Secure/i);
    expect(acesso).toMatch(/;\s*HttpOnly/i);
    expect(acesso).toMatch(/;\s*SameSite=Lax/i);
    expect(acesso).toContain(`Path=/api/portal/${login};`);
  });
});
