import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createSeller, TEST_ORIGIN, type SellerSession, type TestApp } from '../../test/app';

// Guessing one seller's password from many addresses (a botnet, a phone network's shared IPs) is
// limited per account too, not only per address; and the limit says nothing about who has an account.

let t: TestApp;
let seller: SellerSession;
beforeAll(async () => {
  t = await buildTestApp({ rateLimits: { signInPerAccount: 5 } });
  seller = await createSeller(t);
});
afterAll(() => t.close());

const signIn = (email: string, password: string, ip: number) =>
  t.app.inject({ method: 'POST', url: '/api/auth/sign-in/email', remoteAddress: `10.9.${Math.floor(ip / 250)}.${ip % 250}`, headers: { origin: TEST_ORIGIN }, payload: { email, password } });

describe('sign-in attempts on one account', () => {
  it('are refused with 429 once the account has had its share, from whatever address, even with the right password', async () => {
    // createSeller's sign-in was the first of the five.
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) statuses.push((await signIn(seller.email, `errada${i}xyz`, i)).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401]);
    const blocked = await signIn(seller.email.toUpperCase(), 'segredo123', 100);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect(blocked.headers['set-cookie']).toBeUndefined();
  });

  it('count each account alone, and answer an unknown e-mail exactly as a known one', async () => {
    const other = await createSeller(t);
    expect((await signIn(other.email, 'segredo123', 200)).statusCode).toBe(200);
    const unknown = 'ninguem-aqui@example.com';
    for (let i = 0; i < 5; i++) expect((await signIn(unknown, `errada${i}xyz`, 300 + i)).statusCode).toBe(401);
    const blocked = await signIn(unknown, 'errada9xyz', 400);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual((await signIn(seller.email, 'errada9xyz', 401)).json());
  });
});
