/**
 * The form of a text that search compares: lower-case, accents removed, inner whitespace collapsed.
 * Stored in `nome_busca` on every write and applied to the typed search term, so "JOSÉ", "jose"
 * and "José" find each other.
 */
export function normalizeForSearch(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().replace(/\s+/g, ' ').trim();
}

/** Spec §2: the typed name confirms a delete when it equals the record's name, ignoring case and outer spaces. */
export function nameConfirmationMatches(typed: string, name: string): boolean {
  const a = typed.trim().toLocaleLowerCase('pt-BR');
  return a !== '' && a === name.trim().toLocaleLowerCase('pt-BR');
}
