import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Meta's webhook signature: `X-Hub-Signature-256: sha256=<hex>`, an HMAC-SHA256 of the request's
 * raw body keyed with the app secret. Only the exact bytes received verify: the body is read raw
 * and parsed after the check.
 */
export function hubSignature(appSecret: string, rawBody: Buffer | string): string {
  return `sha256=${createHmac('sha256', appSecret).update(rawBody).digest('hex')}`;
}

export function hubSignatureValida(appSecret: string, rawBody: Buffer, header: string | string[] | undefined): boolean {
  const given = Array.isArray(header) ? header[0] : header;
  if (!given || !/^sha256=[0-9a-f]{64}$/i.test(given)) return false;
  const expected = Buffer.from(hubSignature(appSecret, rawBody));
  const received = Buffer.from(given.toLowerCase());
  return received.length === expected.length && timingSafeEqual(received, expected);
}
