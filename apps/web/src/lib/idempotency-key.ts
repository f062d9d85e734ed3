import { useEffect, useRef } from 'react';

/**
 * A v4 UUID for idempotency keys. crypto.randomUUID exists only in secure contexts, and shops
 * often open the app over plain HTTP on their LAN; getRandomValues works everywhere.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function' && globalThis.isSecureContext) return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/**
 * One idempotency key per opening of a dialog (`aberto`: what it is open for, falsy while closed):
 * a request retried after a lost answer or an error records nothing twice; the next opening is a
 * new entry.
 */
export function useChavePorAbertura(aberto: unknown) {
  const chave = useRef('');
  useEffect(() => {
    if (aberto) chave.current = newIdempotencyKey();
  }, [aberto]);
  return chave;
}
