import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Mercado Pago's webhook signature. The header `x-signature: ts=…,v1=…` carries an HMAC-SHA256
 * (hex) of the manifest `id:{data.id};request-id:{x-request-id};ts:{ts};` keyed with the
 * application's secret, where `data.id` is the one in the notification URL's query string and
 * parts whose value is absent are left out (as the official SDK's validator builds it). The body
 * is not covered, so the handler trusts nothing in it and fetches the payment itself.
 */
export function signatureManifest(dataId: string | undefined, requestId: string | undefined, ts: string): string {
  const parts: string[] = [];
  if (dataId) parts.push(`id:${dataId}`);
  if (requestId) parts.push(`request-id:${requestId}`);
  parts.push(`ts:${ts}`);
  return `${parts.join(';')};`;
}

export function signManifest(secret: string, manifest: string): string {
  return createHmac('sha256', secret).update(manifest).digest('hex');
}

/** The header the fake server sends (and tests forge), with `ts` as given (seconds, as Mercado Pago documents it, or milliseconds). */
export function signatureHeader(secret: string, dataId: string | undefined, requestId: string | undefined, ts: number): string {
  return `ts=${ts},v1=${signManifest(secret, signatureManifest(dataId, requestId, String(ts)))}`;
}

export type SignatureFailure = 'missing' | 'malformed' | 'mismatch' | 'stale';

export interface SignatureCheck {
  xSignature: string | string[] | undefined;
  xRequestId: string | string[] | undefined;
  dataId: string | undefined;
  secret: string;
  /** Now, in milliseconds. */
  now: number;
  /** How far `ts` may be from now (default 5 minutes). */
  toleranceMs?: number;
}

const first = (value: string | string[] | undefined) => {
  const raw = Array.isArray(value) ? value[0] : value;
  const trimmed = raw?.trim();
  return trimmed ? trimmed : undefined;
};

/**
 * The instant `ts` names, in milliseconds. Mercado Pago documents it in seconds (`ts=1704908010`)
 * and has been seen sending milliseconds; its own SDKs compared the two and refused every real
 * notification (mercadopago/sdk-nodejs#458). Eleven digits or fewer are seconds: in milliseconds
 * they would be before 1973.
 */
function instanteMs(ts: string): number {
  const n = Number(ts);
  return ts.length <= 11 ? n * 1000 : n;
}

/** null when the signature is good; otherwise why it is refused. Compares in constant time. */
export function checkSignature(input: SignatureCheck): SignatureFailure | null {
  const header = first(input.xSignature);
  if (!header) return 'missing';
  let ts: string | undefined;
  let v1: string | undefined;
  for (const part of header.split(',')) {
    const eq = part.indexOf('=');
    if (eq === -1) continue;
    const key = part.slice(0, eq).trim().toLowerCase();
    const value = part.slice(eq + 1).trim();
    if (key === 'ts') ts = value;
    else if (key === 'v1') v1 = value;
  }
  if (!ts || !/^\d{1,16}$/.test(ts) || !v1 || !/^[0-9a-f]{64}$/i.test(v1)) return 'malformed';
  const expected = Buffer.from(signManifest(input.secret, signatureManifest(first(input.dataId), first(input.xRequestId), ts)), 'hex');
  if (!timingSafeEqual(expected, Buffer.from(v1, 'hex'))) return 'mismatch';
  if (Math.abs(input.now - instanteMs(ts)) > (input.toleranceMs ?? 5 * 60_000)) return 'stale';
  return null;
}
