import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkSignature, signatureHeader, signatureManifest } from './signature';

const secret = 'segredo-do-vendedor';
const now = 1_760_000_000_000;

/** Mercado Pago's documented recipe, computed independently of signature.ts. */
function mpSignature(dataId: string, requestId: string, ts: number, key = secret) {
  const v1 = createHmac('sha256', key).update(`id:${dataId};request-id:${requestId};ts:${ts};`).digest('hex');
  return `ts=${ts},v1=${v1}`;
}

describe("Mercado Pago's webhook signature", () => {
  it('accepts the documented manifest signed with the seller secret', () => {
    expect(checkSignature({ xSignature: mpSignature('123456', 'req-1', now), xRequestId: 'req-1', dataId: '123456', secret, now })).toBeNull();
    // Spaces and key case as some proxies rewrite them; the header may arrive as an array.
    const spaced = mpSignature('123456', 'req-1', now).replace(',', ' , ').replace('ts', 'TS');
    expect(checkSignature({ xSignature: [spaced], xRequestId: 'req-1', dataId: '123456', secret, now })).toBeNull();
  });

  it('refuses a tampered data.id, another request id, a wrong secret', () => {
    const header = mpSignature('123456', 'req-1', now);
    expect(checkSignature({ xSignature: header, xRequestId: 'req-1', dataId: '123457', secret, now })).toBe('mismatch');
    expect(checkSignature({ xSignature: header, xRequestId: 'req-2', dataId: '123456', secret, now })).toBe('mismatch');
    expect(checkSignature({ xSignature: header, xRequestId: 'req-1', dataId: '123456', secret: 'outro', now })).toBe('mismatch');
    expect(checkSignature({ xSignature: mpSignature('123456', 'req-1', now, 'outro'), xRequestId: 'req-1', dataId: '123456', secret, now })).toBe('mismatch');
  });

  it('refuses a timestamp more than 5 minutes away, either way', () => {
    for (const ts of [now - 5 * 60_000 - 1, now + 5 * 60_000 + 1]) {
      expect(checkSignature({ xSignature: mpSignature('1', 'r', ts), xRequestId: 'r', dataId: '1', secret, now })).toBe('stale');
    }
    expect(checkSignature({ xSignature: mpSignature('1', 'r', now - 4 * 60_000), xRequestId: 'r', dataId: '1', secret, now })).toBeNull();
  });

  it('reads the timestamp in seconds, as Mercado Pago documents it, or in milliseconds', () => {
    const segundos = Math.floor(now / 1000);
    expect(checkSignature({ xSignature: mpSignature('1', 'r', segundos), xRequestId: 'r', dataId: '1', secret, now })).toBeNull();
    expect(checkSignature({ xSignature: mpSignature('1', 'r', segundos - 4 * 60), xRequestId: 'r', dataId: '1', secret, now })).toBeNull();
    for (const ts of [segundos - 5 * 60 - 1, segundos + 5 * 60 + 1]) {
      expect(checkSignature({ xSignature: mpSignature('1', 'r', ts), xRequestId: 'r', dataId: '1', secret, now })).toBe('stale');
    }
  });

  it('refuses missing and malformed headers', () => {
    for (const header of [undefined, '', '   ']) expect(checkSignature({ xSignature: header, xRequestId: 'r', dataId: '1', secret, now })).toBe('missing');
    for (const header of ['v1=abc', 'ts=123', 'ts=abc,v1=' + 'a'.repeat(64), `ts=${now},v1=xyz`, `ts=${now},v2=${'a'.repeat(64)}`]) {
      expect(checkSignature({ xSignature: header, xRequestId: 'r', dataId: '1', secret, now })).toBe('malformed');
    }
  });

  it('leaves absent parts out of the manifest, as the official SDK does', () => {
    expect(signatureManifest('42', 'r', '7')).toBe('id:42;request-id:r;ts:7;');
    expect(signatureManifest(undefined, 'r', '7')).toBe('request-id:r;ts:7;');
    expect(signatureManifest('42', undefined, '7')).toBe('id:42;ts:7;');
    const noRequestId = signatureHeader(secret, '42', undefined, now);
    expect(checkSignature({ xSignature: noRequestId, xRequestId: undefined, dataId: '42', secret, now })).toBeNull();
    expect(checkSignature({ xSignature: noRequestId, xRequestId: 'added', dataId: '42', secret, now })).toBe('mismatch');
  });
});
