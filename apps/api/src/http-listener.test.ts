import Fastify from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { fakeWebDist } from '../test/web-dist';
import { loadConfig } from './config';
import { createListener, listen, type Listener } from './http-listener';
import { buildWebFront } from './web-front';

let listener: Listener | null = null;
afterEach(async () => {
  const server = listener?.server;
  listener = null;
  if (server?.listening) await new Promise((resolve) => server.close(resolve));
});

/** Sends a request and reports when its answer comes, without waiting for it. */
function send(base: string, url: string, init?: RequestInit) {
  const state: { answered: boolean } = { answered: false };
  const response = fetch(`${base}${url}`, init).then(async (r) => {
    state.answered = true;
    return { status: r.status, body: await r.text(), headers: r.headers };
  });
  return Object.assign(response, { state });
}

async function until(condition: () => boolean) {
  for (let i = 0; i < 200 && !condition(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
  expect(condition()).toBe(true);
}

describe('the listener open before the API is ready', () => {
  it('answers pages and files from the web front at once, holds /api until the API is ready, then hands it everything in order', async () => {
    const l = (listener = createListener());
    await listen(l.server, 0, '127.0.0.1');
    const address = l.server.address();
    const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    const config = loadConfig({ AUTH_SECRET: 'test-secret-test-secret-test-secret!' });

    // Nothing is ready: even a page waits (nothing is refused or lost).
    const cedo = send(base, '/dashboard');
    await until(() => l.waiting === 1);

    const web = await buildWebFront({ config, webDist: fakeWebDist(), serverFactory: l.factory('web') });
    await web.ready();
    l.serveWeb();
    const pagina = await cedo;
    expect(pagina.status).toBe(200);
    expect(pagina.body).toContain('<div id="root">');
    expect(pagina.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(pagina.headers.get('x-frame-options')).toBe('SAMEORIGIN');
    const arquivo = await send(base, '/assets/entry-1.js');
    expect(arquivo).toMatchObject({ status: 200, body: 'console.log(1)' });

    // The API's requests wait, a body included.
    const saude = send(base, '/api/health');
    const escrita = send(base, '/api/eco', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ valor: 1234 }) });
    await until(() => l.waiting === 2);
    expect(saude.state.answered || escrita.state.answered).toBe(false);
    // A page asked meanwhile does not wait for them.
    expect((await send(base, '/clientes')).status).toBe(200);

    const ordem: string[] = [];
    const api = Fastify({ serverFactory: l.factory('api') });
    api.get('/api/health', async () => {
      ordem.push('health');
      return { ok: true };
    });
    api.post('/api/eco', async (request) => {
      ordem.push('eco');
      return request.body;
    });
    api.get('/clientes', async () => 'from the API app');
    await api.ready();
    l.serveApi();
    expect(await saude).toMatchObject({ status: 200, body: '{"ok":true}' });
    expect(await escrita).toMatchObject({ status: 200, body: '{"valor":1234}' });
    expect(ordem).toEqual(['health', 'eco']);
    expect(l.waiting).toBe(0);

    // From now on the API's app answers everything, pages too.
    await web.close();
    expect(await send(base, '/clientes')).toMatchObject({ status: 200, body: 'from the API app' });
    await api.close();
  });

  it('reports a port in use', async () => {
    const first = (listener = createListener());
    await listen(first.server, 0, '127.0.0.1');
    const address = first.server.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const second = createListener();
    await expect(listen(second.server, port, '127.0.0.1')).rejects.toMatchObject({ code: 'EADDRINUSE' });
  });
});
