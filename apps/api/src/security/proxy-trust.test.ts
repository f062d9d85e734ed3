import { afterEach, describe, expect, it } from 'vitest';
import { loadConfig, parseTrustProxy } from '../config';
import { buildTestApp, TEST_ORIGIN, type TestApp } from '../../test/app';

// A client must not pick its own rate-limit bucket by sending X-Forwarded-For.

describe('TRUST_PROXY', () => {
  it('takes false/true, a hop count, or proxy addresses and CIDRs', () => {
    expect(parseTrustProxy(undefined)).toBe(false);
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('1')).toBe(1);
    expect(parseTrustProxy('127.0.0.1, 10.0.0.0/8,::1')).toEqual(['127.0.0.1', '10.0.0.0/8', '::1']);
    expect(parseTrustProxy('loopback')).toEqual(['loopback']);
    expect(() => parseTrustProxy('yes')).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'nginx.local' })).toThrow(/TRUST_PROXY/);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
  });
});

describe('sign-in rate limit behind a reverse proxy', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.close();
    t = undefined;
  });

  /** Six sign-ins from one client that invents a new X-Forwarded-For each time; the proxy appends the real address. */
  async function spoofedSignIns(app: TestApp, realClient: string) {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await app.app.inject({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        remoteAddress: '127.0.0.1', // the proxy
        headers: { origin: TEST_ORIGIN, 'x-forwarded-for': `198.51.100.${i}, ${realClient}` },
        payload: { email: 'ninguem@example.com', password: 'errada123' },
      });
      statuses.push(response.statusCode);
    }
    return statuses;
  }

  it.each([
    ['one hop', '1'],
    ['the proxy address', '127.0.0.1'],
    ['a CIDR', '127.0.0.0/8'],
  ])('with TRUST_PROXY as %s, forged addresses share the real client bucket; another client has its own', async (_label, trustProxy) => {
    t = await buildTestApp({ trustProxy, rateLimits: { signIn: 3 } });
    expect(await spoofedSignIns(t, '203.0.113.7')).toEqual([401, 401, 401, 429, 429, 429]);
    // Another shop's PC behind the same proxy is not locked out by the first one.
    expect((await spoofedSignIns(t, '203.0.113.99'))[0]).toBe(401);
  });

  it('without TRUST_PROXY the header is ignored: every request is the socket address', async () => {
    t = await buildTestApp({ rateLimits: { signIn: 3 } });
    expect(await spoofedSignIns(t, '203.0.113.8')).toEqual([401, 401, 401, 429, 429, 429]);
  });
});
