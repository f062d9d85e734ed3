import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { buildTestApp, TEST_ORIGIN, type TestApp } from '../../test/app';
import { createTestDatabase } from '../../test/db';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ rateLimits: { signIn: 3, passwordReset: 2 }, adminToken: 'admin-token-for-tests' });
});
afterAll(() => t.close());

describe('HTTP platform', () => {
  it('serves OpenAPI generated from the route schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/openapi.json' });
    expect(response.statusCode).toBe(200);
    const doc = response.json();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/cadastro'].post.requestBody.content['application/json'].schema.properties).toHaveProperty('codigoAcesso');
    expect(doc.paths['/api/me'].get).toBeDefined();
    expect(doc.paths['/api/admin/codigos']).toBeUndefined();
  });

  it('sends security headers that work on plain HTTP', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['strict-transport-security']).toBeUndefined();
    const csp = String(response.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).not.toContain('upgrade-insecure-requests');
  });

  it('answers unknown API routes with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nao-existe' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('rate-limits sign-in per IP', async () => {
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        headers: { origin: TEST_ORIGIN },
        remoteAddress: '10.9.8.7',
        payload: { email: 'x@example.com', password: 'errada123', rememberMe: false },
      });
    const statuses = [];
    for (let i = 0; i < 4; i++) statuses.push((await attempt()).statusCode);
    expect(statuses).toEqual([401, 401, 401, 429]);
    const limited = await attempt();
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED' });
    // Another address is not affected.
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: TEST_ORIGIN },
      remoteAddress: '10.9.8.6',
      payload: { email: 'x@example.com', password: 'errada123', rememberMe: false },
    });
    expect(other.statusCode).toBe(401);
  });

  it('rate-limits password-reset requests per IP', async () => {
    const request = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/auth/request-password-reset',
        headers: { origin: TEST_ORIGIN },
        remoteAddress: '10.1.1.1',
        payload: { email: 'x@example.com', redirectTo: '/reset-password' },
      });
    const statuses = [(await request()).statusCode, (await request()).statusCode, (await request()).statusCode];
    expect(statuses).toEqual([200, 200, 429]);
  });

  it('manages access codes through the admin API only with the right token', async () => {
    const denied = await t.app.inject({ method: 'GET', url: '/api/admin/codigos', headers: { 'x-admin-token': 'wrong' } });
    expect(denied.statusCode).toBe(403);
    const headers = { 'x-admin-token': 'admin-token-for-tests' };
    const created = await t.app.inject({ method: 'POST', url: '/api/admin/codigos', headers, payload: { quantidade: 2 } });
    expect(created.statusCode).toBe(200);
    const codes: string[] = created.json().codigos;
    expect(codes).toHaveLength(2);
    for (const code of codes) expect(code).toMatch(/^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{10}$/);
    const disabled = await t.app.inject({ method: 'POST', url: `/api/admin/codigos/${codes[0]}/desativar`, headers });
    expect(disabled.statusCode).toBe(200);
    const list = (await t.app.inject({ method: 'GET', url: '/api/admin/codigos', headers })).json().codigos;
    expect(list).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ codigo: codes[0], ativo: false, usado: false }),
        expect.objectContaining({ codigo: codes[1], ativo: true, usado: false }),
      ]),
    );
    const missing = await t.app.inject({ method: 'POST', url: '/api/admin/codigos/NAOEXISTE/desativar', headers });
    expect(missing.statusCode).toBe(404);
  });
});

describe('single-page app', () => {
  it("announces in each page's HTML what its first load fetches, its data only to a signed-in browser", async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'caderneta-web-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><html><head><title>Caderneta</title></head><body><div id="root"></div></body></html>');
    mkdirSync(path.join(dist, '.vite'));
    const hints = {
      '/dashboard': { files: ['/assets/protected-1.js', '/assets/dashboard-2.js'], requests: ['/api/dashboard'], session: '/api/me' },
      '/cliente/:login': { files: ['/assets/cliente-3.js'], requests: [], session: null },
      '/': { files: ['/assets/landing-4.js'], requests: [], session: null },
    };
    writeFileSync(path.join(dist, '.vite', 'route-hints.json'), JSON.stringify(hints));
    const database = await createTestDatabase();
    const app = await buildApp({ database, config: loadConfig({ AUTH_SECRET: 'test-secret-test-secret-test-secret!' }), webDist: dist, mailer: { send: async () => undefined } });
    const links = (body: string) => [...body.matchAll(/<link rel="([^"]+)"(?: as="([^"]+)")?(?: crossorigin)? href="([^"]+)">/g)].map((m) => `${m[1]}${m[2] ? `:${m[2]}` : ''} ${m[3]}`);
    const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });
    const session = { cookie: 'caderneta.session_token=abc.def' };
    try {
      const anonymous = await get('/dashboard');
      expect(anonymous.statusCode).toBe(200);
      expect(anonymous.body).toContain('<div id="root">');
      expect(links(anonymous.body)).toEqual(['modulepreload /assets/protected-1.js', 'modulepreload /assets/dashboard-2.js']);
      const signedIn = await get('/dashboard', session);
      expect(links(signedIn.body)).toEqual([
        'modulepreload /assets/protected-1.js',
        'modulepreload /assets/dashboard-2.js',
        'preload:fetch /api/me',
        'preload:fetch /api/dashboard',
      ]);
      // With a search the page asks for other data: only the session is announced.
      expect(links((await get('/dashboard?de=2026-01-01', session)).body)).toContain('preload:fetch /api/me');
      expect(links((await get('/dashboard?de=2026-01-01', session)).body)).not.toContain('preload:fetch /api/dashboard');
      expect(links((await get('/cliente/joana48213')).body)).toEqual(['modulepreload /assets/cliente-3.js']);
      expect(links((await get('/')).body)).toEqual(['modulepreload /assets/landing-4.js']);
      expect(links((await get('/cliente/joana48213/extra/mais')).body)).toEqual([]);
      // Re-checked on each visit, the answer differs with the cookie, and an unchanged page is a 304.
      expect(signedIn.headers['cache-control']).toBe('no-cache');
      expect(String(signedIn.headers.vary)).toMatch(/cookie/);
      expect(signedIn.headers.etag).not.toBe(anonymous.headers.etag);
      expect((await get('/dashboard', { ...session, 'if-none-match': String(signedIn.headers.etag) })).statusCode).toBe(304);
      const compressed = await get('/dashboard', { 'accept-encoding': 'br, gzip' });
      expect(compressed.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(anonymous.body);
      // The build's files under .vite/ are not served.
      expect((await get('/.vite/route-hints.json')).body).not.toContain('protected-1');
    } finally {
      await app.close();
      await database.close();
    }
  });


  it('serves index.html for deep links and keeps /api 404s as JSON', async () => {
    const dist = mkdtempSync(path.join(os.tmpdir(), 'caderneta-web-'));
    writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>');
    writeFileSync(path.join(dist, 'app.js'), 'console.log(1)');
    writeFileSync(path.join(dist, 'app.js.br'), brotliCompressSync('console.log(1)'));
    mkdirSync(path.join(dist, 'assets'));
    writeFileSync(path.join(dist, 'assets', 'page-a1b2c3.js'), 'console.log(2)');
    const database = await createTestDatabase();
    const app = await buildApp({
      database,
      config: loadConfig({ AUTH_SECRET: 'test-secret-test-secret-test-secret!' }),
      webDist: dist,
      mailer: { send: async () => undefined },
    });
    try {
      for (const url of ['/', '/clientes', '/vendas/nova', '/qualquer/coisa']) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.statusCode, url).toBe(200);
        expect(response.body).toContain('<div id="root">');
        // HEAD (link checkers, uptime monitors) answers as GET would, without the body.
        const head = await app.inject({ method: 'HEAD', url });
        expect(head.statusCode, `HEAD ${url}`).toBe(200);
        expect(head.headers['content-type'], `HEAD ${url}`).toMatch(/^text\/html/);
        expect(head.body, `HEAD ${url}`).toBe('');
      }
      expect((await app.inject({ method: 'GET', url: '/app.js' })).body).toBe('console.log(1)');
      const compressed = await app.inject({ method: 'GET', url: '/app.js', headers: { 'accept-encoding': 'br, gzip' } });
      expect(compressed.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe('console.log(1)');
      // A hashed bundle is cached for a year and never re-checked: no validators to send.
      const hashed = await app.inject({ method: 'GET', url: '/assets/page-a1b2c3.js' });
      expect(hashed.body).toBe('console.log(2)');
      expect(hashed.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(hashed.headers).not.toHaveProperty('etag');
      expect(hashed.headers).not.toHaveProperty('last-modified');
      expect(hashed.headers).not.toHaveProperty('accept-ranges');
      // index.html is re-checked on every visit, so it keeps them.
      const page = await app.inject({ method: 'GET', url: '/index.html' });
      expect(page.headers['cache-control']).toBe('no-cache');
      expect(page.headers).toHaveProperty('etag');
      // The build's stamp and anything outside the directory are not served: the page is.
      writeFileSync(path.join(dist, '.source-hash'), 'abc123');
      const segredo = path.join(path.dirname(dist), `segredo-${path.basename(dist)}.txt`);
      writeFileSync(segredo, 'segredo');
      const nome = path.basename(segredo);
      for (const url of ['/.source-hash', `/../${nome}`, `/%2e%2e/${nome}`, `/assets/../../${nome}`]) {
        const response = await app.inject({ method: 'GET', url });
        expect(response.body, url).not.toMatch(/abc123|segredo/);
      }
      rmSync(segredo);
      const api = await app.inject({ method: 'GET', url: '/api/nada' });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toMatchObject({ code: 'NOT_FOUND' });
    } finally {
      await app.close();
      await database.close();
    }
  });
});
