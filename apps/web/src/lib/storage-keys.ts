/**
 * Everything the web app keeps in localStorage. The theme is the only preference that belongs to
 * the device; the rest follows the seller on the server. public/theme-init.js reads the same keys
 * before React starts.
 */
export const STORAGE_KEYS = {
  theme: 'caderneta.tema',
  language: 'caderneta.idioma',
  /**
   * The last /api/me this browser got: the signed-in app opens from it when the server cannot be
   * reached (lib/get-me.ts). Signing out clears it with the rest (lib/sign-out.ts).
   */
  session: 'caderneta.sessao',
} as const;

export function removeStorage(key: string): void {
  try {
    window.localStorage.removeItem(key);
  } catch {
    // Blocked storage: nothing was kept.
  }
}

export function readStorage(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    // Blocked storage (private mode, strict settings) behaves like an empty one.
    return null;
  }
}

export function writeStorage(key: string, value: string): void {
  try {
    window.localStorage.setItem(key, value);
  } catch {
    // Blocked storage: the preference lasts for this page only, which is the best we can do.
  }
}
