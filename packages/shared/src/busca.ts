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

/** Words a name may carry or drop without being another person's: "Maria José da Silva" is "Maria José Silva". */
const PARTICULAS_DE_NOME = new Set(['da', 'das', 'de', 'do', 'dos', 'e', 'd']);

/**
 * The words that make a name, in order: normalized for search (case, accents, spaces), punctuation
 * dropped, and without the particles da/de/do/das/dos/e. "Maria-José  da SILVA." → "maria jose silva".
 */
export function palavrasDoNome(nome: string): string[] {
  return normalizeForSearch(nome)
    .split(/[^\p{L}\p{N}]+/u)
    .filter((palavra) => palavra !== '' && !PARTICULAS_DE_NOME.has(palavra));
}

/** Two names a person would take for the same customer's: the same words in the same order (palavrasDoNome). */
export function nomesQuaseIguais(a: string, b: string): boolean {
  const pa = palavrasDoNome(a).join(' ');
  return pa !== '' && pa === palavrasDoNome(b).join(' ');
}
