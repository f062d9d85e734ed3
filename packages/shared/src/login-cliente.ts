import { normalizeForSearch } from './busca';

/** Spec §3/§9: the login suffix is a random 5-digit number. */
export const LOGIN_SUFFIX_MIN = 10000;
export const LOGIN_SUFFIX_MAX = 99999;
const LOGIN_BASE_MAX_LENGTH = 20;
const FALLBACK_BASE = 'cliente';

/** First word of the name, lower-cased, without accents or anything but a–z and 0–9. */
export function loginBase(nome: string): string {
  const firstWord = normalizeForSearch(nome).split(' ')[0] ?? '';
  const base = firstWord.replace(/[^a-z0-9]/g, '').slice(0, LOGIN_BASE_MAX_LENGTH);
  return base || FALLBACK_BASE;
}

/** A uniformly random suffix in [10000, 99999] from the platform's CSPRNG (browser and Node). */
export function randomLoginSuffix(): number {
  const span = LOGIN_SUFFIX_MAX - LOGIN_SUFFIX_MIN + 1;
  const limit = Math.floor(0x1_0000_0000 / span) * span;
  const buf = new Uint32Array(1);
  // Rejection sampling keeps every suffix equally likely.
  do globalThis.crypto.getRandomValues(buf);
  while (buf[0]! >= limit);
  return LOGIN_SUFFIX_MIN + (buf[0]! % span);
}

/** "José da Silva" → "jose48213". Uniqueness is the server's job (it retries on collision). */
export function generateClienteLogin(nome: string, suffix: number = randomLoginSuffix()): string {
  if (!Number.isInteger(suffix) || suffix < LOGIN_SUFFIX_MIN || suffix > LOGIN_SUFFIX_MAX) {
    throw new RangeError(`login suffix out of range: ${suffix}`);
  }
  return `${loginBase(nome)}${suffix}`;
}
