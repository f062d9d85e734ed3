import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createSeller, type SellerSession, type TestApp } from '../../../test/app';

// Each backup request reads or writes a whole shop: they are rate-limited per address (RATE_LIMIT_BACKUP).
let t: TestApp;
let seller: SellerSession;

beforeAll(async () => {
  t = await buildTestApp({ rateLimits: { backup: 2 } });
  seller = await createSeller(t);
});
afterAll(() => t.close());

describe('backup rate limit', () => {
  it('answers 429 past the limit per minute, per route and address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 3; i++) statuses.push((await seller.request({ method: 'GET', url: '/api/backup/exportar', remoteAddress: '10.9.0.1' })).statusCode);
    expect(statuses).toEqual([200, 200, 429]);
    const checks: number[] = [];
    for (let i = 0; i < 3; i++) checks.push((await seller.request({ method: 'POST', url: '/api/backup/validar', remoteAddress: '10.9.0.2', payload: { formato: 'x' } })).statusCode);
    expect(checks).toEqual([422, 422, 429]);
    const refused = await seller.request({ method: 'POST', url: '/api/backup/restaurar', remoteAddress: '10.9.0.2', payload: { formato: 'x' } });
    expect(refused.statusCode).toBe(422);
    expect((await seller.request({ method: 'GET', url: '/api/backup/exportar', remoteAddress: '10.9.0.3' })).statusCode).toBe(200);
  });
});
