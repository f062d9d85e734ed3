import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createSeller, TEST_ORIGIN, type SellerSession, type TestApp } from '../../test/app';
import { insertProduto, readVenda } from '../../test/fixtures';
import { registerErrorHandler } from '../lib/error-handler';
import { registerRequestOriginCheck } from './request-origin';

// Cross-site requests (OWASP ASVS 3.5): a page on another origin holding the seller's cookie
// must not change anything.

let t: TestApp;
let seller: SellerSession;
beforeAll(async () => {
  t = await buildTestApp({ trustedOrigins: ['http://192.168.0.10:3000'] });
  seller = await createSeller(t);
});
afterAll(() => t.close());

async function novaVenda() {
  const produto = await insertProduto(t, seller.id, { estoqueAtual: 10 });
  const response = await seller.request({
    method: 'POST',
    url: '/api/vendas',
    payload: { formaPagamento: 'vista', itens: [{ produtoId: produto.id, quantidade: 1 }] },
  });
  expect(response.statusCode).toBe(201);
  return response.json() as { id: string };
}

const me = () => seller.request({ method: 'GET', url: '/api/me' });

describe('state-changing requests from another origin', () => {
  it.each([
    ['a foreign Origin', { origin: 'http://evil.example' }],
    ['Origin: null (sandboxed frame, data: URL)', { origin: 'null' }],
    ['no Origin but Sec-Fetch-Site: cross-site', { origin: undefined, 'sec-fetch-site': 'cross-site' }],
    ['no Origin but Sec-Fetch-Site: same-site (another port of the host)', { origin: undefined, 'sec-fetch-site': 'same-site' }],
    ['the cookie and no Origin at all', { origin: undefined }],
  ])('refuses to cancel a sale with %s: 403 CROSS_SITE_REQUEST, the sale stays', async (_label, headers) => {
    const venda = await novaVenda();
    // The request a page elsewhere can make without a CORS preflight, the seller's cookie attached.
    const all: Record<string, string | undefined> = { cookie: seller.cookie, 'content-type': 'text/plain', ...headers };
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/vendas/${venda.id}/cancelar`,
      headers: Object.fromEntries(Object.entries(all).filter(([, v]) => v !== undefined)) as Record<string, string>,
      payload: '',
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'CROSS_SITE_REQUEST', message: expect.any(String) });
    expect((await readVenda(t, venda.id)).statusPagamento).not.toBe('cancelado');
  });

  it('refuses JSON creates, PATCH and DELETE from a foreign origin and changes nothing', async () => {
    const evil = { origin: 'http://evil.example' };
    const created = await seller.request({ method: 'POST', url: '/api/clientes', headers: evil, payload: { nome: 'Intrusa', telefone: '11987654321' } });
    expect(created.statusCode).toBe(403);
    const clientes = await seller.request({ method: 'GET', url: '/api/clientes?busca=Intrusa' });
    expect(clientes.json()).toMatchObject({ total: 0 });

    const patch = await seller.request({ method: 'PATCH', url: '/api/me/preferencias', headers: evil, payload: { idioma: 'en-US' } });
    expect(patch.statusCode).toBe(403);
    expect((await me()).json()).toMatchObject({ perfil: { idioma: 'pt-BR' } });

    const produto = await insertProduto(t, seller.id, { nome: 'Café' });
    const del = await seller.request({ method: 'DELETE', url: `/api/produtos/${produto.id}`, headers: evil });
    expect(del.statusCode).toBe(403);
    const still = await seller.request({ method: 'GET', url: `/api/produtos/${produto.id}` });
    expect(still.statusCode).toBe(200);
  });

  it('refuses "Sair" from a foreign origin: the seller stays signed in', async () => {
    const out = await seller.request({ method: 'POST', url: '/api/me/sair', headers: { origin: 'http://evil.example' } });
    expect(out.statusCode).toBe(403);
    expect((await me()).statusCode).toBe(200);
  });

  it('refuses better-auth routes too (sign-in from a foreign page)', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      headers: { origin: 'http://evil.example' },
      payload: { email: seller.email, password: 'segredo123' },
    });
    expect(response.statusCode).toBe(403);
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('accepts PUBLIC_URL, its localhost/127.0.0.1 twin and TRUSTED_ORIGINS', async () => {
    for (const origin of [TEST_ORIGIN, 'http://127.0.0.1:3000', 'http://192.168.0.10:3000']) {
      const response = await seller.request({ method: 'PATCH', url: '/api/me/preferencias', headers: { origin }, payload: { idioma: 'pt-BR' } });
      expect(response.statusCode, origin).toBe(200);
    }
  });

  it('lets a client without cookies or Origin through (the operator CLI, scripts)', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/cadastro', payload: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION' });
  });

  it('leaves reads alone: a GET from another origin is not refused by this check', async () => {
    const response = await seller.request({ method: 'GET', url: '/api/me', headers: { origin: 'http://evil.example' } });
    expect(response.statusCode).toBe(200);
  });
});

describe('bodies must be JSON', () => {
  it.each([
    ['text/plain', '{"nome":"Texto","telefone":"11987654321"}'],
    ['application/x-www-form-urlencoded', 'nome=Form&telefone=11987654321'],
    ['multipart/form-data; boundary=x', '--x\r\nContent-Disposition: form-data; name="nome"\r\n\r\nMulti\r\n--x--\r\n'],
  ])('answers 415 UNSUPPORTED_MEDIA_TYPE to %s even from the own origin', async (contentType, payload) => {
    const response = await seller.request({ method: 'POST', url: '/api/clientes', headers: { 'content-type': contentType }, payload });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' });
  });

  it('answers 415 to a body with no content type', async () => {
    const venda = await novaVenda();
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/vendas/${venda.id}/cancelar`,
      headers: { origin: TEST_ORIGIN, cookie: seller.cookie, 'content-length': '2' },
      payload: '{}',
    });
    expect(response.statusCode).toBe(415);
    expect((await readVenda(t, venda.id)).statusPagamento).not.toBe('cancelado');
  });

  it('accepts a body-less POST from the own origin (the app cancels this way)', async () => {
    const venda = await novaVenda();
    const response = await seller.request({ method: 'POST', url: `/api/vendas/${venda.id}/cancelar`, payload: { motivo: 'Cliente desistiu' } });
    expect(response.statusCode).toBe(200);
    expect((await readVenda(t, venda.id)).statusPagamento).toBe('cancelado');
  });
});

describe('the exemption flag', () => {
  it("lets a route with config.crossSite 'allow' take posts from anywhere, and only that route", async () => {
    const app = Fastify();
    registerErrorHandler(app);
    registerRequestOriginCheck(app, [TEST_ORIGIN]);
    app.post('/api/webhook', { config: { crossSite: 'allow' } }, async () => ({ ok: true }));
    app.post('/api/other', async () => ({ ok: true }));
    const headers = { origin: 'https://pagamentos.example', cookie: 'a=b' };
    expect((await app.inject({ method: 'POST', url: '/api/webhook', headers, payload: {} })).statusCode).toBe(200);
    expect((await app.inject({ method: 'POST', url: '/api/other', headers, payload: {} })).statusCode).toBe(403);
    await app.close();
  });
});
