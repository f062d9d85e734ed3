/** What the header shows for a seller: name, initials and a stable colour, all from the e-mail. */
import { hashString } from '@caderneta/shared/hash';

export interface UserIdentity {
  nome?: string | null;
  email?: string | null;
}

/** The full name; else the part of the e-mail before "@"; else `fallback` ("Usuário"). */
export function displayName(user: UserIdentity, fallback: string): string {
  const nome = user.nome?.trim();
  if (nome) return nome;
  const local = user.email?.split('@')[0]?.trim();
  return local || fallback;
}

/** First letters of up to two words of the name; else the first two letters of the e-mail. */
export function initials(user: UserIdentity): string {
  const words = (user.nome ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length > 0) {
    return words
      .slice(0, 2)
      .map((w) => w.charAt(0))
      .join('')
      .toLocaleUpperCase('pt-BR');
  }
  const email = (user.email ?? '').trim();
  return email ? email.slice(0, 2).toLocaleUpperCase('pt-BR') : '?';
}

export { hashString };

export const AVATAR_GRADIENTS = [
  'from-rose-500 to-orange-400',
  'from-amber-500 to-yellow-400',
  'from-emerald-500 to-teal-400',
  'from-cyan-500 to-sky-400',
  'from-blue-600 to-indigo-400',
  'from-violet-600 to-fuchsia-400',
  'from-pink-600 to-rose-400',
  'from-teal-700 to-lime-500',
] as const;

export function avatarGradient(email: string): string {
  return AVATAR_GRADIENTS[hashString(email.trim().toLowerCase()) % AVATAR_GRADIENTS.length]!;
}
