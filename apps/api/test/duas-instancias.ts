import { afterAll, beforeAll, expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import { buildTestApp, createSeller, TEST_ORIGIN, type SellerSession, type TestApp } from './app';
import { testDbKind } from './db';

export interface DuasInstancias {
  a: TestApp;
  b: TestApp;
  /** Signed up on `a`; its cookie opens both. */
  seller: SellerSession;
  /** The seller's POST sent `vezes` times at once, alternating between the two instances. */
  aoMesmoTempo(url: string, payload: object, vezes?: number): Promise<LightMyRequestResponse[]>;
}

/**
 * Two API instances on one PostgreSQL test database, each with its own connection pool as behind
 * a load balancer, opened before the file's tests and closed after them.
 */
export function duasInstancias(): DuasInstancias {
  const duas = {
    aoMesmoTempo: (url: string, payload: object, vezes = 6) =>
      Promise.all(
        Array.from({ length: vezes }, (_, i) =>
          (i % 2 ? duas.b : duas.a).app.inject({ method: 'POST', url, headers: { origin: TEST_ORIGIN, cookie: duas.seller.cookie }, payload }),
        ),
      ),
  } as DuasInstancias;
  beforeAll(async () => {
    expect(testDbKind).toBe('postgres');
    duas.a = await buildTestApp();
    duas.b = await buildTestApp({ sameDatabaseAs: duas.a });
    duas.seller = await createSeller(duas.a);
  });
  afterAll(async () => {
    await duas.b?.close();
    await duas.a?.close();
  });
  return duas;
}
