/**
 * Everything the web app keeps in localStorage. The theme is the only preference that belongs to
 * the device; the rest follows the seller on the server. public/theme-init.js reads the same keys
 * before React starts.
 */
export const STORAGE_KEYS = {
  theme: 'caderneta.tema',
  language: 'caderneta.idioma',
} as const;

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
