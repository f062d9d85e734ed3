import { describe, expect, it } from 'vitest';
import { fakeWebDist } from '../test/web-dist';
import { loadConfig } from './config';
import { buildWebFront } from './web-front';

const DOCUMENT_POLICIES = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

async function front(publicUrl: string) {
  return buildWebFront({ config: loadConfig({ AUTH_SECRET: 'test-secret-test-secret-test-secret!', PUBLIC_URL: publicUrl }), webDist: fakeWebDist() });
}

describe('security headers', () => {
  it('give pages every policy and hashed files only the ones that apply to them, on every request alike', async () => {
    const app = await front('http://192.168.0.10:3000');
    try {
      for (let round = 0; round < 2; round++) {
        for (const url of ['/', '/vendas', '/cliente/abc']) {
          const page = await app.inject({ method: 'GET', url });
          expect(page.statusCode).toBe(200);
          for (const header of DOCUMENT_POLICIES) expect(page.headers[header], `${url} ${header}`).toBeTruthy();
          expect(page.headers['x-content-type-options']).toBe('nosniff');
          expect(page.headers['cross-origin-resource-policy']).toBe('same-origin');
          expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
          expect(page.headers['x-powered-by']).toBeUndefined();
          // Plain HTTP on a shop's LAN: nothing that would make a browser insist on HTTPS.
          expect(page.headers['strict-transport-security']).toBeUndefined();
          const csp = String(page.headers['content-security-policy']).split(';');
          expect(csp).toEqual(
            expect.arrayContaining([
              "default-src 'self'",
              "script-src 'self'",
              "style-src 'self' 'unsafe-inline'",
              "img-src 'self' data: blob:",
              "frame-ancestors 'none'",
              "form-action 'self'",
              "object-src 'none'",
            ]),
          );
          expect(csp).not.toContain('upgrade-insecure-requests');
        }
        for (const url of ['/assets/entry-1.js', '/assets/nao-existe.js']) {
          const file = await app.inject({ method: 'GET', url });
          for (const header of DOCUMENT_POLICIES) expect(file.headers[header], `${url} ${header}`).toBeUndefined();
          expect(file.headers['x-content-type-options']).toBe('nosniff');
          expect(file.headers['cross-origin-resource-policy']).toBe('same-origin');
        }
      }
    } finally {
      await app.close();
    }
  });

  it('pin HTTPS when the app is served over it', async () => {
    const app = await front('https://loja.example');
    try {
      const page = await app.inject({ method: 'GET', url: '/' });
      expect(page.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}; includeSubDomains$/);
      expect(String(page.headers['content-security-policy']).split(';')).toContain('upgrade-insecure-requests');
      const file = await app.inject({ method: 'GET', url: '/assets/entry-1.js' });
      expect(file.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}/);
      expect(file.headers['content-security-policy']).toBeUndefined();
    } finally {
      await app.close();
    }
  });
});
