import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { buildTestApp, TEST_ORIGIN, type TestApp } from '../../test/app';
import { openDatabase, type DbHandle } from '../db/client';
import { hitRateLimit } from './rate-limit-store';

/*
 * Two app instances on one database share every rate limit: the counters live in PostgreSQL
 * (PGlite in the single-process default), not in either process's memory. On PostgreSQL the
 * second instance has a connection pool of its own, as a second process would.
 */
let first: TestApp;
let second: TestApp;
let secondHandle: DbHandle;

beforeAll(async () => {
  const limits = { signIn: 4, portalLookup: 3 };
  first = await buildTestApp({ rateLimits: limits });
  const url = (first.database as DbHandle & { url?: string }).url;
  secondHandle = url ? await openDatabase({ kind: 'postgres', url, max: 5 }) : first.database;
  second = await buildTestApp({ rateLimits: limits, shareDatabase: secondHandle });
}, 120_000);

afterAll(async () => {
  await second.close();
  if (secondHandle !== first.database) await secondHandle.close();
  await first.close();
});

const signIn = (t: TestApp) =>
  t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: TEST_ORIGIN },
    remoteAddress: '203.0.113.7',
    payload: { email: 'ninguem@example.com', password: 'errada123' },
  });

describe('rate limits shared by several instances', () => {
  it('counts sign-in attempts across both instances: the fifth is refused wherever it lands', async () => {
    const statuses = [];
    for (const t of [first, second, first, second]) statuses.push((await signIn(t)).statusCode);
    expect(statuses.every((s) => s !== 429)).toBe(true);
    const fifth = await signIn(first);
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toMatchObject({ code: 'RATE_LIMITED' });
    expect((await signIn(second)).statusCode).toBe(429);
  });

  it('counts customer-page lookups across both instances', async () => {
    const lookup = (t: TestApp) => t.app.inject({ method: 'GET', url: '/api/portal/ninguem12345', remoteAddress: '203.0.113.8' });
    expect((await lookup(first)).statusCode).toBe(404);
    expect((await lookup(second)).statusCode).toBe(404);
    expect((await lookup(first)).statusCode).toBe(404);
    expect((await lookup(second)).statusCode).toBe(429);
  });

  it('counts HEAD in its GET route\'s budget (Fastify answers HEAD with the GET\'s handler)', async () => {
    const ask = (t: TestApp, method: 'GET' | 'HEAD') => t.app.inject({ method, url: '/api/portal/ninguem54321', remoteAddress: '203.0.113.9' });
    expect((await ask(first, 'HEAD')).statusCode).toBe(404);
    expect((await ask(second, 'GET')).statusCode).toBe(404);
    expect((await ask(first, 'HEAD')).statusCode).toBe(404);
    expect((await ask(second, 'GET')).statusCode).toBe(429);
    expect((await ask(first, 'HEAD')).statusCode).toBe(429);
  });

  it('starts a new window when the old one ends', async () => {
    const key = `test:${Date.now()}`;
    expect(await hitRateLimit(first.db, key, 60_000)).toMatchObject({ current: 1 });
    expect(await hitRateLimit(second.db, key, 60_000)).toMatchObject({ current: 2 });
    // The window ran out (moved into the past rather than waited for: no timing in the test).
    await first.db.execute(sql`update limites_taxa set expira_em = now() - interval '1 second' where chave = ${key}`);
    const fresh = await hitRateLimit(second.db, key, 60_000);
    expect(fresh.current).toBe(1);
    expect(fresh.ttl).toBeGreaterThan(50_000);
    expect(fresh.ttl).toBeLessThanOrEqual(60_000);
  });
});
